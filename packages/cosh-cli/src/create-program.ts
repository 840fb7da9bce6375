import { Command } from 'commander';
import { attachContext, type CliIo, contextOf, createCliContext } from './cli-context.ts';
import { addAgentBridgeCommands } from './commands/agent-bridge-commands.ts';
import { addHooksRunCommand } from './commands/hooks-run-command.ts';
import { configOption, noProjectOption, projectOf, projectOption } from './config-option.ts';
import { addExamples } from './help-examples.ts';
import { configPathOf, noProjectOf } from './option-values.ts';

/** Options of {@link createProgram}. */
export interface CreateProgramOptions {
  /** Printed by `cosh --version`. */
  readonly version: string;
  /**
   * Streams, environment and directory for the commands; the process's by default.
   * @internal For in-process tests of the commands; the binary leaves it out.
   */
  readonly io?: Partial<CliIo>;
}

/**
 * The `cosh` program with `hooks list|validate|enable|disable|run` and `settings` registered.
 * Each action imports its module only when it runs, so `cosh --version` loads none of them
 * (nor ink and react, which only the settings screen loads). Add more commands with
 * `program.command(…)` before calling `runMain`; inside an action, `contextOf(command)` gives
 * the streams to print to.
 */
export function createProgram(options: CreateProgramOptions): Command {
  const program = new Command('cosh')
    .description('Cosh: an AI coding-agent shell whose tool calls pass through your lifecycle hooks.')
    .version(options.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .showHelpAfterError(false)
    // Cosh's own did-you-mean replaces commander's (see usage-mistake.ts): one helper for every suggestion.
    .showSuggestionAfterError(false);
  attachContext(program, createCliContext(options.io));
  addExamples(program, [
    ['cosh hooks validate', 'check ~/.config/cosh/setup.json (file:line:col for every problem)'],
    [
      `cosh hooks run PreToolUse --tool bash_run --input '{"command": "rm -rf /"}'`,
      'what your hooks say about one call, no tool run',
    ],
    ['cosh settings', 'switch events and hooks on and off on a terminal'],
  ]);

  const hooks = program
    .command('hooks')
    .description('inspect and toggle the hooks of setup.json (PreToolUse, PostToolUse)');
  addExamples(hooks, [
    ['cosh hooks list', 'every hook, its matcher, command and warnings'],
    ['cosh hooks disable PostToolUse', 'switch off every PostToolUse hook'],
  ]);

  const list = hooks
    .command('list')
    .description("show each file's layer and trust, each event's on/off state and every hook, with its warnings")
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--json', 'print one JSON object (see the README for its shape)')
    .action(async (flags: { config?: string; project?: boolean; json?: boolean }, command: Command) => {
      const { runHooksList } = await import('./commands/hooks-list.ts');
      await runHooksList(contextOf(command), {
        configPath: configPathOf(flags, command),
        noProject: noProjectOf(flags),
        json: flags.json === true,
      });
    });
  addExamples(list, [
    ['cosh hooks list', 'the hooks of ~/.config/cosh/setup.json'],
    ["cosh hooks list --config ./setup.json --json | jq '.events[].hooks[].name'", 'the names, for a script'],
  ]);

  const validate = hooks
    .command('validate')
    .description("check each layer's setup.json; exit 0 when valid (warnings allowed), 78 on errors")
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--json', 'print one JSON object (see the README for its shape)')
    .action(async (flags: { config?: string; project?: boolean; json?: boolean }, command: Command) => {
      const { runHooksValidate } = await import('./commands/hooks-validate.ts');
      await runHooksValidate(contextOf(command), {
        configPath: configPathOf(flags, command),
        noProject: noProjectOf(flags),
        json: flags.json === true,
      });
    });

  const trust = hooks
    .command('trust')
    .description(
      'review what changed in your setup.json files and their scripts since you trusted them, and trust them (y/N on the terminal)',
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .option('--yes', 'trust without asking (still only at a terminal)')
    .option('--json', 'print one JSON object (see the README for its shape); questions go to the terminal')
    .addHelpText('after', '\nOnly a person at a terminal can give trust: without one, nothing is trusted (exit 77).')
    .action(async (flags: { config?: string; project?: boolean; yes?: boolean; json?: boolean }, command: Command) => {
      const { runHooksTrust } = await import('./commands/hooks-trust.ts');
      await runHooksTrust(contextOf(command), {
        configPath: configPathOf(flags, command),
        noProject: noProjectOf(flags),
        yes: flags.yes === true,
        json: flags.json === true,
      });
    });
  addExamples(trust, [
    ['cosh hooks trust', 'review what changed in your setup.json files and trust them'],
    ['cosh hooks trust --no-project', 'only the user file, not the project layer'],
  ]);
  addExamples(validate, [
    ['cosh hooks validate', 'check ~/.config/cosh/setup.json'],
    ['cosh hooks validate --config ./setup.json --json', 'every problem as JSON (exit 78 when it does not load)'],
  ]);

  for (const enabled of [true, false]) {
    const verb = enabled ? 'enable' : 'disable';
    const toggle = hooks
      .command(verb)
      .description(
        enabled
          ? 'turn all hooks of an event back on (hooksEnabled in setup.json)'
          : 'turn all hooks of an event off (hooksEnabled in setup.json; creates the default file if there is none)',
      )
      .argument('<event>', 'PreToolUse or PostToolUse')
      .addOption(configOption())
      .addOption(projectOption())
      .action(async (event: string, flags: { config?: string; project?: boolean }, self: Command) => {
        const { runHooksToggle } = await import('./commands/hooks-toggle.ts');
        await runHooksToggle(contextOf(self), {
          event,
          enabled,
          configPath: configPathOf(flags, self),
          project: projectOf(flags, self),
          command: self,
        });
      });
    addExamples(toggle, [
      [
        `cosh hooks ${verb} PreToolUse`,
        `turn ${enabled ? 'on' : 'off'} every PreToolUse hook of ~/.config/cosh/setup.json`,
      ],
    ]);
  }

  addHooksRunCommand(hooks);

  const importCommand = hooks
    .command('import')
    .description('import Claude Code\'s PreToolUse and PostToolUse hooks into setup.json, as protocol "claude" entries')
    .argument('[file]', "a Claude settings file (or a plugin's hooks/hooks.json)")
    .option('--from <agent>', 'where the settings come from: claude')
    .option(
      '--project',
      'read .claude/settings.json of the current folder (the default source) and write the project file (.cosh/setup.json of this folder or a parent) instead of the user file',
    )
    .option(
      '--local',
      'read .claude/settings.local.json of the current folder (written to the project file, as --project)',
    )
    .option('--user', 'read ~/.claude/settings.json (written to the user file)')
    .option('--dry-run', 'show what would be imported (every command), write nothing')
    .option('--json', 'print one JSON object; questions go to the terminal')
    .addOption(configOption())
    .addHelpText(
      'after',
      '\nImporting is trusting. At a terminal, every command is shown and you are asked y/N: yes writes\nthe hooks and trusts them (only that change: other edits of the file stay untrusted); anything\nelse writes nothing (exit 1). Without a terminal (a script, a hook, an agent) the hooks are\nwritten but not trusted: they run only once you accept them with cosh hooks trust in a terminal.',
    )
    .action(
      async (
        file: string | undefined,
        flags: {
          from?: string;
          project?: boolean;
          local?: boolean;
          user?: boolean;
          dryRun?: boolean;
          json?: boolean;
          config?: string;
        },
        self: Command,
      ) => {
        const configPath = configPathOf(flags, self);
        const { runHooksImport } = await import('./commands/hooks-import.ts');
        await runHooksImport(contextOf(self), {
          from: flags.from,
          file,
          // --project writes the project file, so it names another file than --config: bad usage together.
          project: projectOf(flags, self),
          local: flags.local === true,
          user: flags.user === true,
          dryRun: flags.dryRun === true,
          json: flags.json === true,
          configPath,
          command: self,
        });
      },
    );
  addExamples(importCommand, [
    ['cosh hooks import --from claude --project --dry-run', "what this project's Claude Code hooks would become"],
    ['cosh hooks import --from claude --project', "import them into the project's .cosh/setup.json"],
    ['cosh hooks import --from claude --user', "import ~/.claude/settings.json's hooks into your setup.json"],
  ]);

  hooks
    .command('schema')
    .description('print the JSON Schema of setup.json (for editors: save it and point "$schema" at it)')
    .action(async (_flags: unknown, command: Command) => {
      const { renderSetupJsonSchema } = await import('@cosh/config');
      contextOf(command).out.write(renderSetupJsonSchema());
    });
  addExamples(hooks.commands.at(-1) as Command, [
    [
      'cosh hooks schema > ~/.config/cosh/setup.schema.json',
      'then "$schema": "./setup.schema.json" in setup.json gives editors completion',
    ],
  ]);

  const claudeHook = program
    .command('claude-hook')
    .description(
      "a Claude Code hook command: runs the Cosh hooks for Claude's PreToolUse/PostToolUse call and answers in Claude's protocol",
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .option(
      '--client <agent>',
      'the agent that runs it: claude (default) or codex (answers within what Codex CLI accepts)',
    )
    .addHelpText(
      'after',
      '\nWire it with cosh connect claude (or codex): it writes the fail-closed command\n  <absolute path of cosh> claude-hook || { echo \'cosh claude-hook failed\' >&2; exit 2; }\nunder "PreToolUse" and "PostToolUse" with matcher "*".',
    )
    .action(async (flags: { config?: string; project?: boolean; client?: string }, command: Command) => {
      const configPath = configPathOf(flags, command);
      const { runClaudeHook } = await import('./commands/claude-hook.ts');
      const context = contextOf(command);
      await runClaudeHook(context, { configPath, noProject: noProjectOf(flags), client: flags.client }, context.stdin);
    });
  addExamples(claudeHook, [
    [
      'cosh claude-hook < pre-tool-use.json',
      'answer one Claude Code call (its hook stdin, saved) as Claude Code would read it',
    ],
    ['cosh claude-hook --client codex < pre-tool-use.json', 'the same for a Codex CLI call'],
  ]);

  addAgentBridgeCommands(program);

  const settings = program
    .command('settings')
    .description('open the settings screen: switch each event and each hook on or off (saved at once)')
    .addOption(configOption())
    .addOption(projectOption())
    .addOption(noProjectOption())
    .action(async (flags: { config?: string; project?: boolean }, command: Command) => {
      // ink and react load only from inside this module, and only on a terminal.
      const { runSettings } = await import('./settings/run-settings.ts');
      await runSettings(contextOf(command), {
        configPath: configPathOf(flags, command),
        // --project: toggles go to the project file; --no-project: that layer is left out.
        project: projectOf(flags, command),
        noProject: noProjectOf(flags),
      });
    });
  addExamples(settings, [
    ['cosh settings', 'the screen over ~/.config/cosh/setup.json (↑↓ move, space toggles, ? all keys)'],
    ['cosh settings --config ./setup.json', 'the same for another file'],
  ]);

  return program;
}

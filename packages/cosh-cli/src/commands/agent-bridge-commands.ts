import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { addExamples } from '../help-examples.ts';

/**
 * Registers the commands that wire the agent bridges into an agent: `connect` and `disconnect`
 * (X). Options only; each implementation is imported when its command runs.
 */
export function addAgentBridgeCommands(program: Command): void {
  const connect = program
    .command('connect')
    .description("wire Cosh into an agent: add the bridge hook to the agent's own settings (claude, codex, gemini)")
    .argument('<agent>', 'claude, codex or gemini')
    .option('--user', "the agent's user settings (the default): ~/.claude, ~/.codex or ~/.gemini")
    .option('--project', "the agent's settings of this folder: .claude/, .codex/ or .gemini/")
    .option('--dry-run', 'print the change, write nothing')
    .option('--check', 'say whether the agent is wired and its shell fenced; exit 1 when either is not')
    .option(
      '--fence',
      "fence the agent's own shell: Claude: replace sandbox settings that weaken it; Codex: write a permission profile",
    )
    .option(
      '--managed',
      "claude, as root: write Claude Code's managed settings (/etc/claude-code/managed-settings.json)",
    )
    .addHelpText(
      'after',
      [
        '',
        'It wires every event the agent has: its two tool events and its session events (a prompt, the',
        "session's start, a stop, the session's end). The hook runs cosh by its absolute path. On a tool",
        'event it fails closed: when cosh cannot start, the agent blocks the call. On a session event it',
        'warns and lets the prompt or the stop go on, so a broken setup never blocks every prompt.',
        'Running it again changes nothing. It prints what you must still do in the agent.',
        '',
        "The fence keeps the agent's own shell from changing Cosh's files (setup.json folders, trust",
        "store, cache, installation, the agent's settings): for claude, connect also writes Claude Code's",
        '"sandbox" block (enabled, failIfUnavailable, allowUnsandboxedCommands: false, filesystem.denyWrite)',
        'and "permissions"."deny" Edit(...) rules; it merges and never weakens, and reports an existing',
        '"enabled": false unless --fence. Claude Code\'s sandbox needs bwrap and socat on PATH.',
        'For codex, --fence writes the permission profile "cosh" into config.toml (and removes a sandbox_mode,',
        'which would override it). Gemini CLI can only be fenced by its own tools.sandbox: connect reports it.',
        'cosh disconnect <agent> removes what connect added and restores what --fence replaced.',
      ].join('\n'),
    )
    .action(
      async (
        agent: string,
        flags: {
          user?: boolean;
          project?: boolean;
          dryRun?: boolean;
          check?: boolean;
          fence?: boolean;
          managed?: boolean;
        },
        command: Command,
      ) => {
        const { runConnect } = await import('./connect.ts');
        await runConnect(contextOf(command), {
          agent,
          user: flags.user === true,
          project: flags.project === true,
          dryRun: flags.dryRun === true,
          check: flags.check === true,
          fence: flags.fence === true,
          managed: flags.managed === true,
          command,
        });
      },
    );
  addExamples(connect, [
    ['cosh connect claude', 'guard Claude Code with your hooks and sandbox its Bash (~/.claude/settings.json)'],
    ['cosh connect claude --fence', "also turn on a sandbox you switched off: Claude's Bash cannot change your guards"],
    ['cosh connect codex --fence', 'wire Codex and write its permission profile into ~/.codex/config.toml'],
    ['cosh connect codex --dry-run', 'show what would be written to ~/.codex/hooks.json'],
    ['cosh connect gemini --check', 'exit 1 unless Gemini CLI runs cosh gemini-hook and its shell is sandboxed'],
  ]);

  const disconnect = program
    .command('disconnect')
    .description("undo cosh connect: remove the bridge hook and the fence it added from the agent's settings")
    .argument('<agent>', 'claude, codex or gemini')
    .option('--user', "the agent's user settings (the default): ~/.claude, ~/.codex or ~/.gemini")
    .option('--project', "the agent's settings of this folder: .claude/, .codex/ or .gemini/")
    .addHelpText(
      'after',
      [
        '',
        'Removes exactly what cosh connect added: its hook entries and the sandbox keys it added; a value',
        '--fence replaced is put back (recorded in $XDG_STATE_HOME/cosh/connect.json), and a settings file',
        'connect created goes when nothing else is left in it. Everything else in the file stays.',
      ].join('\n'),
    )
    .action(async (agent: string, flags: { user?: boolean; project?: boolean }, command: Command) => {
      const { runDisconnect } = await import('./disconnect.ts');
      await runDisconnect(contextOf(command), {
        agent,
        user: flags.user === true,
        project: flags.project === true,
        command,
      });
    });
  addExamples(disconnect, [
    ['cosh disconnect claude', 'stop guarding Claude Code with Cosh (~/.claude/settings.json)'],
    ['cosh disconnect codex --project', "remove the bridge from this folder's .codex/hooks.json"],
  ]);
}

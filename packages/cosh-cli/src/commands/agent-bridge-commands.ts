import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/**
 * Registers the agent bridges' commands besides `claude-hook`: `gemini-hook` (K10) and `connect`
 * (X). Options only; each implementation is imported when its command runs.
 */
export function addAgentBridgeCommands(program: Command): void {
  const geminiHook = program
    .command('gemini-hook')
    .description(
      "a Gemini CLI hook command: runs the Cosh hooks for Gemini's BeforeTool/AfterTool call and answers in Gemini's protocol",
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .addHelpText(
      'after',
      '\nWire it with cosh connect gemini: it writes the fail-closed command\n  <absolute path of cosh> gemini-hook || { echo \'cosh gemini-hook failed\' >&2; exit 2; }\nunder "BeforeTool" and "AfterTool" of ~/.gemini/settings.json.',
    )
    .action(async (flags: { config?: string; project?: boolean }, command: Command) => {
      const configPath = configPathOf(flags, command);
      const { runGeminiHook } = await import('./gemini-hook.ts');
      const context = contextOf(command);
      await runGeminiHook(context, { configPath, noProject: noProjectOf(flags) }, context.stdin);
    });
  addExamples(geminiHook, [
    [
      'cosh gemini-hook < before-tool.json',
      'answer one Gemini CLI call (its hook stdin, saved) as Gemini would read it',
    ],
  ]);

  const connect = program
    .command('connect')
    .description("wire Cosh into an agent: add the bridge hook to the agent's own settings (claude, codex, gemini)")
    .argument('<agent>', 'claude, codex or gemini')
    .option('--user', "the agent's user settings (the default): ~/.claude, ~/.codex or ~/.gemini")
    .option('--project', "the agent's settings of this folder: .claude/, .codex/ or .gemini/")
    .option('--dry-run', 'print the change, write nothing')
    .option('--check', 'say whether the agent is wired; exit 1 when it is not')
    .addHelpText(
      'after',
      '\nThe hook runs cosh by its absolute path and fails closed: when cosh cannot start, the agent blocks\nthe call. Running it again changes nothing. It prints what you must still do in the agent.',
    )
    .action(
      async (
        agent: string,
        flags: { user?: boolean; project?: boolean; dryRun?: boolean; check?: boolean },
        command: Command,
      ) => {
        const { runConnect } = await import('./connect.ts');
        await runConnect(contextOf(command), {
          agent,
          user: flags.user === true,
          project: flags.project === true,
          dryRun: flags.dryRun === true,
          check: flags.check === true,
          command,
        });
      },
    );
  addExamples(connect, [
    ['cosh connect claude', 'guard Claude Code with your hooks (~/.claude/settings.json)'],
    ['cosh connect codex --dry-run', 'show what would be written to ~/.codex/hooks.json'],
    ['cosh connect gemini --check', 'exit 1 unless Gemini CLI runs cosh gemini-hook'],
  ]);
}

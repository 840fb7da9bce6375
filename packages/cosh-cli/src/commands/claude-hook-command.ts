import type { Command } from 'commander';
import { contextOf } from '../cli-context.ts';
import { configOption, noProjectOption } from '../config-option.ts';
import { addExamples } from '../help-examples.ts';
import { configPathOf, noProjectOf } from '../option-values.ts';

/** Registers `claude-hook` (SPEC K8), the Claude Code hook command; its module loads only when it runs. */
export function addClaudeHookCommand(program: Command): Command {
  const claudeHook = program
    .command('claude-hook')
    .description(
      "a Claude Code hook command: runs the Cosh hooks for Claude's tool calls (PreToolUse/PostToolUse) and session events (UserPromptSubmit, SessionStart, Stop, SessionEnd) and answers in Claude's protocol",
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .option(
      '--client <agent>',
      'the agent that runs it: claude (default) or codex (answers within what Codex CLI accepts)',
    )
    .addHelpText(
      'after',
      '\nWire it with cosh connect claude (or codex): it writes the fail-closed command\n  <absolute path of cosh> claude-hook || { echo \'cosh claude-hook failed\' >&2; exit 2; }\nunder "PreToolUse" and "PostToolUse" with matcher "*", and the same command ending in exit 1\n(a warning: the prompt goes on) under "UserPromptSubmit", "SessionStart", "Stop" and\n"SessionEnd". On a prompt or a stop, its own failure (a setup.json that does not load or is not\ntrusted) is a warning too; only a hook that denies blocks the prompt.',
    )
    .action(async (flags: { config?: string; project?: boolean; client?: string }, command: Command) => {
      const configPath = configPathOf(flags, command);
      const { runClaudeHook } = await import('./claude-hook.ts');
      const context = contextOf(command);
      await runClaudeHook(context, { configPath, noProject: noProjectOf(flags), client: flags.client }, context.stdin);
    });
  return addExamples(claudeHook, [
    [
      'cosh claude-hook < pre-tool-use.json',
      'answer one Claude Code call (its hook stdin, saved) as Claude Code would read it',
    ],
    ['cosh claude-hook --client codex < pre-tool-use.json', 'the same for a Codex CLI call'],
    [
      `echo '{"hook_event_name":"UserPromptSubmit","prompt":"deploy","session_id":"s1","cwd":"/repo"}' | cosh claude-hook`,
      'run the UserPromptSubmit hooks of setup.json on a prompt: a deny is Claude\'s decision "block"',
    ],
  ]);
}

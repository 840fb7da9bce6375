// `cosh hooks replay <file>` (SPEC X): recorded calls run through the current hooks, no tool run;
// each call whose outcome changed (ran ↔ blocked) is listed; exit 1 when any changed — a
// regression test of a team's guards, usable in CI.
import { createHookEngine } from '@cosh/hooks';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { loadCommandConfig } from '../load-command-config.ts';
import { readRecordedFile } from '../read-journal-file.ts';
import { escapeForTerminal, shortenText } from '../terminal-text.ts';
import { printJson } from './problem-json.ts';
import { outcomeOf, type RecordedOutcome, type ReplayCall, readReplayCalls } from './replay-calls.ts';

/** What `cosh hooks replay` was asked. */
export interface HooksReplayOptions {
  readonly file: string;
  readonly configPath: string | undefined;
  readonly noProject?: boolean | undefined;
  readonly json: boolean;
  readonly command?: CommandName | undefined;
}

/** One replayed call, as `--json` gives it. */
export interface ReplayedCallJson {
  readonly line: number;
  readonly tool_name: string;
  readonly agent_tool_name: string | null;
  readonly input: string;
  readonly recorded: RecordedOutcome;
  readonly recorded_decision: string;
  readonly now: RecordedOutcome;
  readonly decision: string;
  readonly reasons: readonly string[];
  readonly post_tool_use_decision: string | null;
  readonly changed: boolean;
}

/** The call's input in a few words: the command, the path, the pattern, else its JSON. */
export function inputSummary(call: Pick<ReplayCall, 'toolName' | 'toolInput'>): string {
  const input = call.toolInput;
  if (input === null) return '(input not recorded)';
  for (const field of ['command', 'path', 'file_path', 'pattern', 'url']) {
    const value = input[field];
    if (typeof value === 'string') return shortenText(value.replace(/\s+/g, ' '), 80);
  }
  return shortenText(JSON.stringify(input), 80);
}

/**
 * Reads the recorded calls of `options.file`, runs the current PreToolUse hooks for each (and
 * PostToolUse with the recorded output of a call that ran and still runs), prints one line per
 * call whose outcome changed, then a summary. Exit 1 when any changed; 64 when the file cannot
 * be read as recorded calls (the line named); 78 for a configuration error.
 */
export async function runHooksReplay(context: CliContext, options: HooksReplayOptions): Promise<void> {
  if (options.file.trim() === '') throw new UsageError('the file to replay is empty', options.command);
  const read = readRecordedFile(options.file, 'a file of recorded calls');
  const fail = (problem: string): never => {
    context.err.line(`cosh hooks replay: ${escapeForTerminal(problem)}`);
    throw new ExitError(EXIT_CODES.usage);
  };
  if (!read.ok) return fail(read.problem);
  const parsed = readReplayCalls(read.bytes.toString('utf8'));
  if (!parsed.ok) return fail(`${options.file}${parsed.line > 0 ? `:${parsed.line}` : ''}: ${parsed.problem}`);

  const { config, projectFolder } = await loadCommandConfig(context, {
    configPath: options.configPath,
    noProject: options.noProject,
    warnings: 'stderr',
  });
  // Many calls: the engine keeps its hooks' processes for the whole replay (R12). No journal: nothing ran.
  const engine = createHookEngine(config, { cwd: context.cwd, env: context.env, projectFolder });
  const replayed: ReplayedCallJson[] = [];
  try {
    for (const call of parsed.calls) {
      const toolCall = {
        toolName: call.toolName,
        toolInput: call.toolInput ?? {},
        ...(call.mcpServer === undefined ? {} : { mcpServer: call.mcpServer }),
      };
      const pre = await engine.preToolUse(toolCall);
      const now = outcomeOf(pre.decision, pre.halt);
      let postDecision: string | null = null;
      if (now === 'ran' && call.toolOutput !== null) {
        const post = await engine.postToolUse({
          ...toolCall,
          toolInput: pre.toolInput,
          toolOutput: call.toolOutput,
          preToolUseContext: pre.context,
        });
        postDecision = post.halt ? 'halt' : post.decision;
      }
      replayed.push({
        line: call.line,
        tool_name: call.toolName,
        agent_tool_name: call.agentToolName ?? null,
        input: inputSummary(call),
        recorded: call.recorded,
        recorded_decision: call.recordedDecision,
        now,
        decision: pre.halt ? 'halt' : pre.decision,
        reasons: pre.reasons,
        post_tool_use_decision: postDecision,
        changed: now !== call.recorded,
      });
    }
  } finally {
    await engine.close();
  }
  const changed = replayed.filter((call) => call.changed);
  if (options.json) {
    printJson((text) => context.out.write(text), {
      file: options.file,
      source: parsed.source,
      replayed: replayed.length,
      changed: changed.length,
      calls: replayed,
    });
  } else {
    for (const call of changed) {
      context.out.line(
        `- ${call.recorded_decision} → ${call.decision}  ${escapeForTerminal(call.tool_name)}  ${escapeForTerminal(call.input)}`,
      );
    }
    const blocked = changed.filter((call) => call.now === 'blocked').length;
    context.out.line(
      `${replayed.length} call${replayed.length === 1 ? '' : 's'} replayed from ${describeSource(parsed.source)}: ${changed.length} changed (${blocked} now blocked, ${changed.length - blocked} now run)`,
    );
  }
  if (changed.length > 0) throw new ExitError(1);
}

function describeSource(source: string): string {
  switch (source) {
    case 'history':
      return 'a --history file';
    case 'journal':
      return 'a journal (no inputs recorded: each call replayed with {})';
    case 'session':
      return 'a cosh session input';
    default:
      return 'a Claude Code transcript';
  }
}

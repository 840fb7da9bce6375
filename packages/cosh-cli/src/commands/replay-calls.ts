// SPEC X `cosh hooks replay`: the recorded calls of a file, whatever recorded them — a
// `--history` file, a journal (J1), a `cosh session` input, or a Claude Code transcript (its
// `tool_use` blocks, names mapped back by K3). Pure: the file's text in, the calls or the first
// line that cannot be read out.
import { fromClaudeToolName, toCoshToolInput } from '@cosh/hooks';

/** What a recorded call came to: it ran (`none`, `allow`, `ask`) or was blocked (`deny`, `halt`). */
export type RecordedOutcome = 'ran' | 'blocked';

/** The kinds of file `hooks replay` reads. */
export type ReplaySource = 'history' | 'journal' | 'session' | 'transcript';

/** One recorded call. */
export interface ReplayCall {
  /** 1-based line of the file it was read from. */
  readonly line: number;
  /** Cosh's name of the tool. */
  readonly toolName: string;
  /** The agent's own name (a transcript's `Bash`), when it differs. */
  readonly agentToolName?: string | undefined;
  readonly mcpServer?: string | undefined;
  /** The input (a journal holds none: `null`). */
  readonly toolInput: Readonly<Record<string, unknown>> | null;
  /** The recorded output, for PostToolUse, when the call ran and one was recorded. */
  readonly toolOutput: string | null;
  readonly recorded: RecordedOutcome;
  /** The recorded decision as a word (`deny`, `halt`, …), or the outcome when only that is known. */
  readonly recordedDecision: string;
}

/** What reading a file gave. */
export type ReplayRead =
  | {
      readonly ok: true;
      readonly source: ReplaySource;
      readonly calls: readonly ReplayCall[];
      readonly skipped: number;
    }
  | { readonly ok: false; readonly line: number; readonly problem: string };

/** `none`/`allow`/`ask` ran; `deny`/`halt` was blocked (SPEC X, settled). */
export function outcomeOf(decision: string, halt: boolean): RecordedOutcome {
  return halt || decision === 'deny' || decision === 'halt' ? 'blocked' : 'ran';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Which kind of file a line belongs to, or `null` for a line any of them may hold. */
function sourceOfLine(value: Record<string, unknown>): ReplaySource | null {
  if (typeof value['seq'] === 'number' && typeof value['prev'] === 'string' && 'input_sha256' in value)
    return 'journal';
  if ((value['type'] === 'assistant' || value['type'] === 'user') && isRecord(value['message'])) return 'transcript';
  if (typeof value['tool_name'] === 'string' && typeof value['status'] === 'string') return 'history';
  if (typeof value['tool_name'] === 'string' && 'tool_input' in value) return 'session';
  return null;
}

/** The text of a transcript's `tool_result` content (a string, or text blocks). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        isRecord(block) && block['type'] === 'text' && typeof block['text'] === 'string',
    )
    .map((block) => block.text)
    .join('\n');
}

interface LineReader {
  /** A call, nothing (a line this kind of file holds besides calls), or why the line cannot be read. */
  read(value: Record<string, unknown>, line: number): ReplayCall | null | string;
  /** Calls made of what the whole file said (a transcript's tool_use blocks and their results). */
  finish?(): ReplayCall[];
}

function historyReader(): LineReader {
  return {
    read(value, line) {
      if (value['type'] === 'async_result' || value['type'] === 'session') return null;
      const status = value['status'];
      if (status === 'skipped') return null;
      for (const field of ['tool_input_as_given', 'pre_tool_use', 'output'])
        if (!(field in value))
          return `a --history line of an older version of cosh (it has no "${field}"): record the calls again with this version`;
      if (typeof value['tool_name'] !== 'string') return 'it has no "tool_name"';
      const pre = value['pre_tool_use'];
      // A call rejected before any hook ran (unknown tool, invalid input): nothing to replay.
      if (!isRecord(pre)) return null;
      const input = isRecord(value['tool_input_as_given']) ? value['tool_input_as_given'] : {};
      const decision = typeof pre['decision'] === 'string' ? pre['decision'] : 'none';
      const halt = pre['halt'] === true;
      // Blocked by the permission system, not the hooks: the hooks' own verdict is what is compared.
      const recorded = outcomeOf(decision, halt);
      return {
        line,
        toolName: value['tool_name'],
        toolInput: input,
        toolOutput: status === 'ok' && typeof value['output'] === 'string' ? value['output'] : null,
        recorded,
        recordedDecision: halt ? 'halt' : decision,
      };
    },
  };
}

function journalReader(): LineReader {
  return {
    read(value, line) {
      if (value['event'] !== 'PreToolUse') return null;
      if (typeof value['tool_name'] !== 'string') return 'it has no "tool_name"';
      const decision = typeof value['decision'] === 'string' ? value['decision'] : 'none';
      const halt = value['halt'] === true;
      return {
        line,
        toolName: value['tool_name'],
        agentToolName: typeof value['agent_tool_name'] === 'string' ? value['agent_tool_name'] : undefined,
        toolInput: null,
        toolOutput: null,
        recorded: outcomeOf(decision, halt),
        recordedDecision: halt ? 'halt' : decision,
      };
    },
  };
}

function sessionReader(): LineReader {
  return {
    read(value, line) {
      if (typeof value['type'] === 'string' && value['type'] !== 'tool_call') return null;
      if (typeof value['tool_name'] !== 'string') return 'it has no "tool_name"';
      if (!isRecord(value['tool_input'])) return '"tool_input" is not a JSON object';
      // A session input records no verdict: the calls were sent to run.
      return {
        line,
        toolName: value['tool_name'],
        toolInput: value['tool_input'],
        toolOutput: null,
        recorded: 'ran',
        recordedDecision: 'ran',
      };
    },
  };
}

/** Claude Code's error text when one of its hooks blocked a call names the hook. */
const HOOK_BLOCK = /hook/i;

function transcriptReader(): LineReader {
  const uses: { line: number; id: string; name: string; input: Record<string, unknown> }[] = [];
  const results = new Map<string, { error: boolean; text: string }>();
  const seen = new Set<string>();
  return {
    read(value, line) {
      const message = value['message'];
      // Only the conversation's own messages: Claude Code also records the requests it sent
      // (`api-request-blob`), which repeat the same blocks.
      if (value['type'] !== 'assistant' && value['type'] !== 'user') return null;
      if (!isRecord(message) || !Array.isArray(message['content'])) return null;
      for (const block of message['content']) {
        if (!isRecord(block)) continue;
        if (value['type'] === 'assistant' && block['type'] === 'tool_use' && typeof block['name'] === 'string') {
          // A message written again (a resumed session) holds the same tool_use: one call.
          if (typeof block['id'] === 'string' && seen.has(block['id'])) continue;
          if (typeof block['id'] === 'string') seen.add(block['id']);
          uses.push({
            line,
            id: typeof block['id'] === 'string' ? block['id'] : '',
            name: block['name'],
            input: isRecord(block['input']) ? block['input'] : {},
          });
        } else if (
          value['type'] === 'user' &&
          block['type'] === 'tool_result' &&
          typeof block['tool_use_id'] === 'string'
        ) {
          results.set(block['tool_use_id'], { error: block['is_error'] === true, text: resultText(block['content']) });
        }
      }
      return null;
    },
    finish() {
      return uses.map((use) => {
        const { toolName, mcpServer } = fromClaudeToolName(use.name);
        const result = results.get(use.id);
        const blocked = result?.error && HOOK_BLOCK.test(result.text);
        return {
          line: use.line,
          toolName,
          agentToolName: use.name,
          ...(mcpServer === null ? {} : { mcpServer }),
          toolInput: toCoshToolInput(toolName, use.input, mcpServer),
          toolOutput: result !== undefined && !result.error ? result.text : null,
          recorded: blocked ? 'blocked' : 'ran',
          recordedDecision: blocked ? 'blocked' : 'ran',
        };
      });
    },
  };
}

const READERS: Record<ReplaySource, () => LineReader> = {
  history: historyReader,
  journal: journalReader,
  session: sessionReader,
  transcript: transcriptReader,
};

/**
 * The recorded calls of `text`. The kind of file is that of its first line that says (a journal
 * line, a transcript message, a history record, a session call); every line must then be JSON
 * (blank lines aside) and read as that kind, else the first that is not is named.
 */
export function readReplayCalls(text: string): ReplayRead {
  const lines = text.split('\n');
  let reader: LineReader | undefined;
  let source: ReplaySource | undefined;
  const calls: ReplayCall[] = [];
  let skipped = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const raw = (lines[index] ?? '').replace(/^\uFEFF/, '');
    if (raw.trim() === '') continue;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, line, problem: `line ${line} is not JSON` };
    }
    if (!isRecord(value)) return { ok: false, line, problem: `line ${line} is not a JSON object` };
    if (reader === undefined) {
      const found = sourceOfLine(value);
      if (found === null) {
        skipped += 1;
        continue;
      }
      source = found;
      reader = READERS[found]();
    }
    const call = reader.read(value, line);
    if (typeof call === 'string') return { ok: false, line, problem: `line ${line}: ${call}` };
    if (call === null) {
      if (source !== 'transcript') skipped += 1;
      continue;
    }
    calls.push(call);
  }
  if (reader === undefined || source === undefined)
    return {
      ok: false,
      line: 0,
      problem:
        'no recorded call in it: expected a --history file, a journal, a cosh session input or a Claude Code transcript (.jsonl)',
    };
  if (reader.finish !== undefined) calls.push(...reader.finish());
  return { ok: true, source, calls, skipped };
}

// SPEC J1, J2, J4: the one journal writer of every host and bridge. Each event run the engine
// reports becomes one line, appended under the journal's lock file (taken with O_EXCL, as C8's
// lock of setup.json) with O_APPEND, after reading the last line to chain it, so concurrent
// bridge processes never interleave, split or lose lines. A journal that cannot be written is
// a warning, never a failed call: the guard's verdict stands.
import { accessSync, closeSync, constants, fstatSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { LockTimeoutError, withBriefFileLock } from '@cosh/config';
import { canonicalJson } from './canonical-json.ts';
import { describeError } from './describe-error.ts';
import type { EventJournal, EventRun } from './hook-engine-types.ts';
import { FIRST_PREV, loadOpenSslSha256, sha256Hex } from './journal-chain.ts';
import { type JournalAgent, type JournalEntry, journalHooks } from './journal-record.ts';

/** Options of {@link createJournal}. */
export interface JournalOptions {
  /** The journal file, absolute. */
  readonly file: string;
  /** Who the calls come from (J1). */
  readonly agent: JournalAgent;
  /** `cosh_version` of every line. */
  readonly coshVersion: string;
  /** The session's id, when the host has one (a bridge's agent session); else the engine's. */
  readonly sessionId?: string | undefined;
  /** Told about each line that could not be written (J4); default: nothing. */
  readonly onWarning?: ((message: string) => void) | undefined;
  /**
   * How long a line may wait for the journal's lock: `one-holder` holds it up to
   * {@link JOURNAL_LOCK}'s 15 s, `bounded` (the bridges, whose answer waits for the line: J4)
   * drops the line with a warning when one holder keeps the lock 2 s without progress or the
   * queue does not reach it in 120 s or by {@link lockWaitEndsAt} (see {@link BOUNDED_JOURNAL_LOCK}).
   * Default `one-holder`.
   */
  readonly lockWait?: 'one-holder' | 'bounded' | undefined;
  /** With `bounded`: the time (ms since the epoch) past which no line waits for the lock: a bridge's own deadline (K8). */
  readonly lockWaitEndsAt?: number | undefined;
  /** Test hooks for the lock (`@cosh/config`'s file lock). @internal */
  readonly lock?: { readonly waitMs?: number; readonly queueMs?: number } | undefined;
}

/** The longest last line the writer reads back to chain to; past it the line is judged broken. */
const MAX_TAIL_BYTES = 16 * 1024 * 1024;

/**
 * J4: why the journal cannot be written, or `null` when it can (as far as a look tells): the
 * folder is missing or read-only, or the file is no regular file or read-only. A host calls it
 * on every load and shows what it returns as a warning.
 */
export function journalProblem(file: string): string | null {
  const folder = dirname(file);
  try {
    if (!statSync(folder).isDirectory()) return `journal ${file}: ${folder} is not a folder; calls are not journaled`;
    accessSync(folder, constants.W_OK);
  } catch (error) {
    return `journal ${file}: cannot be written (${reasonOf(error, folder)}); calls are not journaled`;
  }
  try {
    const stats = statSync(file);
    if (!stats.isFile()) return `journal ${file}: not a regular file; calls are not journaled`;
    accessSync(file, constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return `journal ${file}: cannot be written (${reasonOf(error, file)}); calls are not journaled`;
  }
  return null;
}

function reasonOf(error: unknown, path: string): string {
  if (error instanceof LockTimeoutError)
    return `its lock ${error.lockFile} was held ${error.reason === 'held' ? 'by one process' : 'by others'} for ${(error.waitedMs / 1000).toFixed(1)} s; the line is dropped`;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return `${path} does not exist`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `${path} is read-only`;
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return describeError(error);
  }
}

/** The J1 entry of one event run the engine reported. */
export function journalEntry(
  run: EventRun,
  options: Pick<JournalOptions, 'agent' | 'coshVersion' | 'sessionId'>,
): JournalEntry {
  const { result, call } = run;
  const rewritten =
    result.event === 'PreToolUse'
      ? canonicalJson(result.toolInput) !== canonicalJson(call.toolInput)
      : 'toolOutput' in call && 'toolOutput' in result && result.toolOutput !== call.toolOutput;
  return {
    time: new Date().toISOString(),
    session_id: options.sessionId ?? run.sessionId,
    agent: options.agent,
    event: result.event,
    tool_name: call.toolName,
    ...(call.agentToolName === undefined ? {} : { agent_tool_name: call.agentToolName }),
    input_sha256: sha256Hex(canonicalJson(call.toolInput)),
    paths: [...run.paths],
    hooks: journalHooks(result.hooks),
    decision: result.decision,
    halt: result.halt,
    rewritten,
    cosh_version: options.coshVersion,
  };
}

/** The last line of the file open as `descriptor` (without its newline) and whether the file ends with one; `null` when empty. */
function lastLine(descriptor: number, size: number): { line: Buffer; complete: boolean } | null {
  if (size === 0) return null;
  const chunks: Buffer[] = [];
  let position = size;
  let total = 0;
  let first = true;
  while (position > 0 && total < MAX_TAIL_BYTES) {
    // A line is most often well under 4 KiB: the first read is that, the later ones larger.
    const length = Math.min(first ? 4 * 1024 : 64 * 1024, position);
    position -= length;
    const chunk = Buffer.allocUnsafe(length);
    const read = chunk.subarray(0, readSync(descriptor, chunk, 0, length, position));
    // The file's own last newline ends the last line; look for the one before it.
    const searchEnd = first && read.at(-1) === 0x0a ? read.length - 1 : read.length;
    first = false;
    const newline = searchEnd === 0 ? -1 : read.lastIndexOf(0x0a, searchEnd - 1);
    if (newline !== -1) {
      chunks.unshift(read.subarray(newline + 1));
      break;
    }
    chunks.unshift(read);
    total += read.length;
  }
  const tail = Buffer.concat(chunks);
  const complete = tail.at(-1) === 0x0a;
  return { line: complete ? tail.subarray(0, -1) : tail, complete };
}

/**
 * Appends the line `body` (a JSON object without `seq` and `prev`) as the next line of the
 * chain; must run under the journal's lock. Synchronous and short: the lock is held for the few
 * system calls of one read of the tail, one hash and one write, never across a turn of the event
 * loop; the line is serialised before (see {@link createJournal}), so that a holder the scheduler
 * preempts is rarely one inside the lock.
 */
function appendLine(file: string, body: string): void {
  // O_APPEND: every write goes to the end whatever another writer did; O_NOFOLLOW keeps a link
  // planted at the journal's place from sending the lines elsewhere; O_NONBLOCK: a FIFO there
  // does not wait for a reader.
  const descriptor = openSync(
    file,
    constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    0o600,
  );
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw new Error('not a regular file');
    const last = lastLine(descriptor, stats.size);
    let seq = 1;
    let prev = FIRST_PREV;
    if (last !== null) {
      prev = sha256Hex(last.line);
      seq = seqOf(last.line) + 1;
    }
    const line = `${body.slice(0, -1)},"seq":${seq},"prev":"${prev}"}`;
    // A last line cut short (a writer killed mid-write) stays apart from the new one.
    writeSync(descriptor, `${last !== null && !last.complete ? '\n' : ''}${line}\n`, null, 'utf8');
  } finally {
    closeSync(descriptor);
  }
}

/** The `seq` of the last line, or 0 when it has none (a broken line: the chain goes on from its bytes; `journal verify` names it). */
function seqOf(line: Buffer): number {
  try {
    const parsed = JSON.parse(line.toString('utf8')) as { seq?: unknown };
    if (typeof parsed.seq === 'number' && Number.isSafeInteger(parsed.seq)) return parsed.seq;
  } catch {
    // Not JSON: as no seq.
  }
  return 0;
}

/**
 * The journal's lock: held for a millisecond, wanted by many processes at once (J2). Waiters
 * poll at most every 100 ms: with hundreds of them someone tries within a millisecond of a
 * release anyway, and polling every 20 ms took the CPU from the holder (500 bridges at once on
 * two cores dropped four lines in five at the bounds below; at 100 ms and with the lock held
 * within one turn of the event loop, none).
 */
const JOURNAL_LOCK = { pollMs: 100, waitMs: 15_000, queueMs: 600_000 } as const;

/**
 * J4 for a bridge, whose answer waits for its line: a lock one process keeps 2 s without
 * progress is stuck (neither running nor waiting for a CPU, or its hands unchanged where the
 * system does not tell: see `@cosh/config`'s withBriefFileLock), and the line is dropped with a
 * warning. A holder the scheduler keeps waiting (1,000 bridges started at once on two cores wait
 * seconds for a CPU) is not stuck, and a queue that keeps moving is waited for: a wait past 2 s
 * is one where the lock kept changing hands or its holder kept running. Whatever the queue
 * does, a line waits 120 s at most, and never past the bridge's own deadline (`lockWaitEndsAt`).
 * Of 1,000 bridges started at once on two cores shared with other test runs, half waited 12 s
 * or less, and a bound of 30 s dropped 36 lines.
 */
export const BOUNDED_JOURNAL_LOCK = { waitMs: 2_000, queueMs: 120_000 } as const;

/**
 * A writer that finds the lock held loads OpenSSL's hash while it waits: the line before is
 * hashed holding the lock, and in a fresh process the JavaScript hash takes about a millisecond,
 * long enough for the scheduler to stop a holder inside the lock when a thousand processes want
 * the CPU (1,000 bridges started at once then dropped 200–470 lines at the 120 s bound).
 */
function prepareFastHash(): void {
  try {
    loadOpenSslSha256();
  } catch {
    // The JavaScript hash stays.
  }
}

/** The lock's bounds for one line of `options`' journal, as of now. */
function lockLimits(options: JournalOptions): { pollMs: number; waitMs: number; queueMs: number; onBusy: () => void } {
  const bounded = options.lockWait === 'bounded';
  const limits = {
    ...JOURNAL_LOCK,
    ...(bounded ? BOUNDED_JOURNAL_LOCK : {}),
    ...options.lock,
    onBusy: prepareFastHash,
  };
  if (bounded && options.lockWaitEndsAt !== undefined)
    limits.queueMs = Math.max(0, Math.min(limits.queueMs, options.lockWaitEndsAt - Date.now()));
  return limits;
}

/**
 * The journal of one host (SPEC J1, J2): give it to `createHookEngine` as `journal`. Each
 * reported event run is appended in the background, in the order reported; `close()` (the
 * engine's) waits for the lines still being written. A line that cannot be written goes to
 * `onWarning`; nothing here ever throws into a call.
 */
export function createJournal(options: JournalOptions): EventJournal {
  let pending: Promise<void> = Promise.resolve();
  const warn = (message: string): void => {
    try {
      options.onWarning?.(message);
    } catch {
      // A host's logging failure is not the call's.
    }
  };
  return {
    record(run) {
      let entry: JournalEntry;
      try {
        entry = journalEntry(run, options);
      } catch (error) {
        warn(`journal ${options.file}: the call could not be recorded: ${describeError(error)}`);
        return;
      }
      // Serialised now, outside the lock; `seq` and `prev` are added under it.
      const body = JSON.stringify(entry);
      pending = pending.then(async () => {
        try {
          await withBriefFileLock(options.file, () => appendLine(options.file, body), lockLimits(options));
        } catch (error) {
          warn(`journal ${options.file}: a line could not be written (${reasonOf(error, options.file)})`);
        }
      });
    },
    close() {
      return pending;
    },
  };
}

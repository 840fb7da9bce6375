// `cosh journal verify` and `cosh journal stats` (SPEC J2): the chain checked, and what the
// hooks did, from a journal file.
import { checkJournalChain, otlpDropsOf } from '@cosh/hooks';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { loadCommandConfig } from '../load-command-config.ts';
import { readRecordedFile } from '../read-journal-file.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { hostJournalFile } from '../host-journal.ts';
import { printJson } from './problem-json.ts';

/** What `cosh journal verify|stats` was asked. */
export interface JournalCommandOptions {
  /** The journal file; default setup.json's `journal.file`. */
  readonly file: string | undefined;
  readonly configPath?: string | undefined;
  readonly json: boolean;
  readonly command?: CommandName | undefined;
}

/** The journal file named, else setup.json's; a usage error when there is neither. */
async function journalFileOf(context: CliContext, options: JournalCommandOptions): Promise<string> {
  if (options.file !== undefined) {
    if (options.file.trim() === '') throw new UsageError('the journal file name is empty', options.command);
    return hostJournalFile(context, { settings: { file: null, otlp: null }, file: options.file }) ?? options.file;
  }
  const loaded = await loadCommandConfig(context, { configPath: options.configPath, warnings: 'keep' });
  if (loaded.journal.file === null)
    throw new UsageError(
      'no journal file: name one (cosh journal verify <file>) or set "journal": {"file": …} in setup.json',
      options.command,
    );
  return loaded.journal.file;
}

/** The journal's bytes, or exit 1 with the reason (a FIFO, a device, a missing file). */
function readJournal(context: CliContext, file: string, json: boolean): Buffer {
  const read = readRecordedFile(file);
  if (read.ok) return read.bytes;
  if (json) printJson((text) => context.out.write(text), { ok: false, file, line: null, problem: read.problem });
  else context.err.line(`cosh journal: ${escapeForTerminal(read.problem)}`);
  throw new ExitError(1);
}

/**
 * `cosh journal verify [<file>]` (J2): exit 0 when every line follows the one before (its
 * `prev` is that line's SHA-256, its `seq` one more), else exit 1 naming the first that does not.
 */
export async function runJournalVerify(context: CliContext, options: JournalCommandOptions): Promise<void> {
  const file = await journalFileOf(context, options);
  const check = checkJournalChain(readJournal(context, file, options.json));
  if (options.json) {
    printJson(
      (text) => context.out.write(text),
      check.ok
        ? { ok: true, file, lines: check.lines }
        : { ok: false, file, lines: check.lines, line: check.line, problem: check.problem },
    );
  } else if (check.ok) {
    context.out.line(`${escapeForTerminal(file)}: ${check.lines} line${check.lines === 1 ? '' : 's'}, the chain holds`);
  } else {
    context.out.line(
      `${escapeForTerminal(file)}:${check.line}: line ${check.line} does not follow: ${check.problem} (${check.lines} line${check.lines === 1 ? '' : 's'} before it hold)`,
    );
  }
  if (!check.ok) throw new ExitError(1);
}

/** One hook's figures in `journal stats`. */
export interface HookStats {
  readonly name: string;
  readonly layer: string;
  readonly count: number;
  readonly outcomes: Record<string, number>;
  readonly p50_ms: number | null;
  readonly p90_ms: number | null;
}

/** The value at `fraction` of sorted `values` (nearest rank); `null` for none. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** Per hook (by name and layer, first seen first): count, outcomes, p50/p90 of its durations. */
export function journalStats(bytes: Buffer, file: string): { lines: number; hooks: HookStats[]; otlpDropped: number } {
  const byHook = new Map<
    string,
    { name: string; layer: string; count: number; outcomes: Record<string, number>; durations: number[] }
  >();
  let lines = 0;
  let otlpDropped = 0;
  const text = bytes.toString('utf8');
  let start = 0;
  let number = 0;
  while (start < text.length) {
    number += 1;
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new JournalLineError(`${file}:${number}: line ${number} is not JSON`);
    }
    if (value === null || typeof value !== 'object' || !Array.isArray((value as { hooks?: unknown }).hooks))
      throw new JournalLineError(`${file}:${number}: line ${number} is not a journal line (no "hooks" list)`);
    lines += 1;
    const dropped = (value as { otlp_dropped?: unknown }).otlp_dropped;
    if (typeof dropped === 'number' && Number.isFinite(dropped)) otlpDropped += dropped;
    for (const hook of (value as { hooks: unknown[] }).hooks) {
      if (hook === null || typeof hook !== 'object') continue;
      const { name, layer, outcome, duration_ms: duration } = hook as Record<string, unknown>;
      const key = `${String(layer)}\u0000${String(name)}`;
      let entry = byHook.get(key);
      if (entry === undefined) {
        entry = { name: String(name), layer: String(layer), count: 0, outcomes: {}, durations: [] };
        byHook.set(key, entry);
      }
      entry.count += 1;
      const kind = outcome === null || outcome === undefined ? 'deduplicated' : String(outcome);
      entry.outcomes[kind] = (entry.outcomes[kind] ?? 0) + 1;
      if (typeof duration === 'number' && Number.isFinite(duration)) entry.durations.push(duration);
    }
  }
  const hooks = [...byHook.values()].map((entry) => {
    const sorted = entry.durations.sort((a, b) => a - b);
    return {
      name: entry.name,
      layer: entry.layer,
      count: entry.count,
      outcomes: entry.outcomes,
      p50_ms: percentile(sorted, 0.5),
      p90_ms: percentile(sorted, 0.9),
    };
  });
  return { lines, hooks, otlpDropped };
}

/** A line of a journal `stats` cannot read. */
export class JournalLineError extends Error {
  override readonly name = 'JournalLineError';
}

/** `cosh journal stats [<file>]` (J2): per hook its count, outcomes and p50/p90 duration. */
export async function runJournalStats(context: CliContext, options: JournalCommandOptions): Promise<void> {
  const file = await journalFileOf(context, options);
  const bytes = readJournal(context, file, options.json);
  let stats: ReturnType<typeof journalStats>;
  try {
    stats = journalStats(bytes, file);
  } catch (error) {
    if (!(error instanceof JournalLineError)) throw error;
    if (options.json) printJson((text) => context.out.write(text), { ok: false, file, problem: error.message });
    else context.err.line(`cosh journal: ${escapeForTerminal(error.message)}`);
    throw new ExitError(1);
  }
  // J3: the records the hosts could not send to OpenTelemetry, counted beside the journal.
  stats = { ...stats, otlpDropped: stats.otlpDropped + otlpDropsOf(file) };
  if (options.json) {
    printJson((text) => context.out.write(text), {
      file,
      lines: stats.lines,
      otlp_dropped: stats.otlpDropped,
      hooks: stats.hooks,
    });
    return;
  }
  context.out.line(`${escapeForTerminal(file)}: ${stats.lines} event run${stats.lines === 1 ? '' : 's'}`);
  const ms = (value: number | null): string => (value === null ? '-' : `${value} ms`);
  for (const hook of stats.hooks) {
    const outcomes = Object.entries(hook.outcomes)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
    context.out.line(
      `  ${escapeForTerminal(hook.name)} (${hook.layer}): ${hook.count} run${hook.count === 1 ? '' : 's'}; ${outcomes}; p50 ${ms(hook.p50_ms)}, p90 ${ms(hook.p90_ms)}`,
    );
  }
  if (stats.otlpDropped > 0) context.out.line(`OpenTelemetry records dropped: ${stats.otlpDropped}`);
}

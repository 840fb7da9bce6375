// SPEC J1: what one event run leaves in the journal. Pure: the engine's result and the host's
// facts in, one plain object out; the writer (journal-writer.ts) adds `seq` and `prev` under its
// lock, since only it knows the line before.
import type { Decision, OutcomeKind } from '@cosh/aggregate';
import type { ConfigLayer } from '@cosh/config';
import { type AgentName, HOOK_KIND_NAMES } from '@cosh/spec';
import { HOOK_KINDS, type HookKind } from './hook-kinds.ts';
import type { HookReport } from './hook-report.ts';

/** The agents a journal line names (J1): the bridged agents', and Cosh's own hosts, `cosh` and `mcp`. */
export type JournalAgent = 'cosh' | AgentName | 'mcp';

/** The longest `reason` a line keeps, in UTF-8 bytes (J1). */
export const JOURNAL_REASON_BYTES = 1024;

/** One hook of a journal line (J1). */
export interface JournalHook {
  readonly name: string;
  readonly layer: ConfigLayer;
  readonly kind: string;
  /** `null` for a deduplicated hook, which did not run (M4). */
  readonly outcome: OutcomeKind | null;
  readonly exit_code: number | null;
  readonly duration_ms: number | null;
  readonly reason: string | null;
}

/** A journal line before the writer chains it (J1 without `seq` and `prev`). */
export interface JournalEntry {
  readonly time: string;
  readonly session_id: string;
  readonly agent: JournalAgent;
  readonly event: string;
  /** Cosh's name of the tool. */
  readonly tool_name: string;
  /** The agent's own name of the tool; absent for Cosh's own hosts (J1). */
  readonly agent_tool_name?: string;
  /** SHA-256 (hex) of the tool input's RFC 8785 canonical JSON. */
  readonly input_sha256: string;
  /** The call's touched paths (F3), absolute; empty where they are not known. */
  readonly paths: readonly string[];
  readonly hooks: readonly JournalHook[];
  readonly decision: Decision;
  readonly halt: boolean;
  /** A hook rewrote the input (PreToolUse) or the output entering history differs from the tool's (PostToolUse). */
  readonly rewritten: boolean;
  readonly cosh_version: string;
}

/** A journal line as written (J1, J2). */
export interface JournalLine extends JournalEntry {
  readonly seq: number;
  /** SHA-256 (hex) of the previous line's bytes without its newline; of the empty string for the first. */
  readonly prev: string;
}

/** `text` cut to at most `bytes` UTF-8 bytes, never inside a character. */
export function cutToBytes(text: string, bytes: number): string {
  if (text.length * 3 <= bytes) return text;
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.length <= bytes) return text;
  let end = bytes;
  // Back off continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return encoded.subarray(0, end).toString('utf8');
}

/**
 * The kind a report is of (C5): the kind whose mark it carries (the fields its `reportFields`
 * adds, as `httpStatus`); a report with no kind's mark is a command's.
 */
function reportKind(report: HookReport): HookKind {
  reportMarks ??= HOOK_KIND_NAMES.map((kind) => [kind, Object.keys(HOOK_KINDS[kind].reportFields(null))] as const);
  for (const [kind, mark] of reportMarks) {
    if (mark.length > 0 && mark.every((field) => field in report)) return kind;
  }
  return 'command';
}

/** Each kind with the fields that mark its reports, made at the first journal line. */
let reportMarks: readonly (readonly [HookKind, readonly string[]])[] | undefined;

/** The hooks of a journal line, config order (J1). */
export function journalHooks(reports: readonly HookReport[]): JournalHook[] {
  return reports.map((report) => ({
    name: report.name,
    layer: report.layer,
    kind: reportKind(report),
    outcome: report.outcome,
    exit_code: report.exitCode,
    duration_ms: report.durationMs === null ? null : Math.round(report.durationMs),
    reason: report.reason === null ? null : cutToBytes(report.reason, JOURNAL_REASON_BYTES),
  }));
}

import type { HookReport, PostToolUseResult, PreToolUseResult, SessionEventResult } from '@cosh/hooks';
import type { Style, Writer } from '../cli-context.ts';
import { escapeForTerminal } from '../terminal-text.ts';

/** Lines of a block of text (line breaks and tabs kept, other control characters escaped). */
function printableLines(text: string): string[] {
  return escapeForTerminal(text.replace(/\r\n/g, '\n'), { keepLineBreaks: true }).split('\n');
}

function paintOutcome(style: Style, outcome: string): string {
  switch (outcome) {
    case 'deny':
    case 'halt':
      return style.red(outcome);
    case 'allow':
      return style.green(outcome);
    case 'error':
    case 'invalid':
      return style.yellow(outcome);
    default:
      return style.dim(outcome);
  }
}

/**
 * How a hook ended, in a few words: `exit 2`, `SIGKILL`, `timed out`, `not started`; an HTTP
 * hook's status, `HTTP 200`, or `no response` (H3).
 */
function endOf(hook: HookReport): string {
  if (hook.timedOut) return 'timed out';
  // D1: a rule ran in Cosh's process: no exit code, nothing to start.
  if (hook.kind === 'rule') return hook.deduplicated ? 'not started' : 'rule';
  if (hook.httpStatus !== undefined) return hook.httpStatus === null ? 'no response' : `HTTP ${hook.httpStatus}`;
  if (hook.signal !== null) return hook.signal;
  if (hook.exitCode !== null) return `exit ${hook.exitCode}`;
  return 'not started';
}

function countText(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

/** Most lines of one stream `--verbose` shows; `--json` has all of it. */
const VERBOSE_MAX_LINES = 40;
/** Longest line `--verbose` shows. */
const VERBOSE_MAX_LINE_CHARACTERS = 500;

/**
 * What `--verbose` shows of a hook's stdin, stdout or stderr: blank lines at both ends trimmed,
 * at most {@link VERBOSE_MAX_LINES} lines of at most {@link VERBOSE_MAX_LINE_CHARACTERS}
 * characters, escaped for the terminal; `(empty)` for nothing.
 */
function verboseLines(text: string): string[] {
  const trimmed = text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  if (trimmed === '') return ['(empty)'];
  const lines = printableLines(trimmed).map((line) =>
    line.length > VERBOSE_MAX_LINE_CHARACTERS ? `${line.slice(0, VERBOSE_MAX_LINE_CHARACTERS)}…` : line,
  );
  if (lines.length <= VERBOSE_MAX_LINES) return lines;
  const hidden = lines.length - VERBOSE_MAX_LINES;
  return [
    ...lines.slice(0, VERBOSE_MAX_LINES),
    `… (${hidden} more ${hidden === 1 ? 'line' : 'lines'}; --json shows all)`,
  ];
}

/** A hook's stdin, stdout and stderr under its row, for `--verbose`. */
function printHookStreams(out: Writer, hook: HookReport): void {
  for (const [label, text] of [
    ['stdin: ', hook.stdin],
    ['stdout:', hook.stdout],
    ['stderr:', hook.stderr],
  ] as const) {
    const [first = '', ...rest] = verboseLines(text);
    const empty = first === '(empty)' && rest.length === 0;
    out.line(`      ${out.style.dim(label)} ${empty ? out.style.dim(first) : first}`);
    for (const line of rest) out.line(`              ${line}`);
  }
}

/** Lines of a multi-line value under its label, indented by two spaces. */
function block(out: Writer, label: string, text: string): void {
  out.line(out.style.bold(label));
  for (const line of printableLines(text)) out.line(`  ${line}`);
}

/**
 * `cosh hooks run` without `--json`: each hook's outcome, how it ended and how long it took,
 * then the verdict (decision, halt, reasons), the context, the rewritten input when hooks
 * changed it, the composed output for PostToolUse, and the diagnostics.
 */
export function printHooksRun(
  out: Writer,
  result: PreToolUseResult | PostToolUseResult | SessionEventResult,
  details: {
    readonly inputChanged: boolean;
    readonly eventEnabled: boolean;
    readonly refused?: boolean;
    /** Show each hook's stdin payload, stdout and stderr under its row. */
    readonly verbose?: boolean;
  },
): void {
  const { style } = out;
  const ran = result.hooks.filter((hook) => !hook.deduplicated).length;
  const deduplicated = result.hooks.length - ran;
  // A session event (E) has no tool: its heading names the event alone.
  const heading =
    'toolName' in result
      ? `${style.bold(result.event)} hooks for ${style.bold(escapeForTerminal(result.toolName))}`
      : `${style.bold(result.event)} hooks`;
  if (details.refused) {
    out.line(`${heading}: none run (the configuration is refused, see the reasons)`);
  } else if (!details.eventEnabled && result.hooks.length === 0) {
    out.line(`${heading}: none run (hooksEnabled.${result.event} is false)`);
  } else if (result.hooks.length === 0) {
    out.line(`${heading}: no hook matched`);
  } else {
    out.line(`${heading}: ${countText(ran, 'hook')} ran${deduplicated > 0 ? `, ${deduplicated} deduplicated` : ''}`);
  }

  const rows = result.hooks.map((hook) =>
    hook.deduplicated
      ? {
          outcome: 'deduplicated',
          end: '',
          duration: '',
          name: `${escapeForTerminal(hook.name)} (same command as ${escapeForTerminal(hook.duplicateOf ?? '')})`,
        }
      : {
          outcome: hook.outcome ?? '',
          end: endOf(hook) + (hook.truncated ? ', truncated' : ''),
          duration: hook.durationMs === null ? '' : `${Math.round(hook.durationMs)} ms`,
          name: escapeForTerminal(hook.name),
        },
  );
  const outcomeWidth = Math.max(0, ...rows.map((row) => row.outcome.length));
  const endWidth = Math.max(0, ...rows.map((row) => row.end.length));
  const durationWidth = Math.max(0, ...rows.map((row) => row.duration.length));
  rows.forEach((row, position) => {
    const outcome = row.outcome === 'deduplicated' ? style.dim(row.outcome) : paintOutcome(style, row.outcome);
    const padding = ' '.repeat(outcomeWidth - row.outcome.length);
    out.line(
      `  ${outcome}${padding}  ${row.end.padEnd(endWidth)}  ${row.duration.padStart(durationWidth)}  ${row.name}`,
    );
    const hook = result.hooks[position];
    if (details.verbose === true && hook !== undefined && !hook.deduplicated) printHookStreams(out, hook);
  });

  out.line();
  const decision = result.decision === 'none' ? result.decision : paintOutcome(style, result.decision);
  out.line(`${style.bold('Decision:')} ${decision}`);
  out.line(`${style.bold('Halt:')}     ${result.halt ? style.red('yes, the turn stops') : 'no'}`);
  if (result.reasons.length > 0) {
    out.line(style.bold('Reasons:'));
    for (const reason of result.reasons) {
      const [first = '', ...rest] = printableLines(reason);
      out.line(`  - ${first}`);
      for (const line of rest) out.line(`    ${line}`);
    }
  }
  if (result.context !== '') block(out, 'Context:', result.context);
  if (result.event === 'PreToolUse' && details.inputChanged) {
    block(out, 'Input rewritten by hooks:', JSON.stringify(result.toolInput, null, 2));
  }
  if (result.event === 'PostToolUse') {
    if (result.toolOutput === '') out.line(`${style.bold('Output:')} ${style.dim('(empty)')}`);
    else block(out, 'Output (as it enters history):', result.toolOutput);
  }
  if (result.diagnostics.length > 0) {
    out.line(style.bold('Diagnostics:'));
    for (const diagnostic of result.diagnostics) {
      const level = diagnostic.level === 'error' ? style.red('error') : style.yellow('warning');
      const [first = '', ...rest] = printableLines(diagnostic.message);
      out.line(`  ${level}: ${first}`);
      for (const line of rest) out.line(`    ${line}`);
    }
  }
}

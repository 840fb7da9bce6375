import type { HookReport } from './hook-report.ts';

/**
 * R13: one line for an async hook's finished report, as the CLI's hosts print it on stderr with
 * `--verbose`: `[async] hook 'notify' none (exit 0, 1003 ms)`, with a reason when it had one.
 */
export function asyncReportLine(report: HookReport): string {
  const ended = report.timedOut
    ? 'timed out'
    : report.exitCode !== null
      ? `exit ${report.exitCode}`
      : report.signal !== null
        ? `signal ${report.signal}`
        : 'no exit code';
  const duration = report.durationMs === null ? '' : `, ${Math.round(report.durationMs)} ms`;
  const reason = report.reason === null ? '' : `: ${report.reason}`;
  return `[async] hook '${report.name}' ${report.outcome ?? 'none'} (${ended}${duration})${reason}\n`;
}

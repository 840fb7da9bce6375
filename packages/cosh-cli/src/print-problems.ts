import { type ConfigProblem, formatProblem } from '@cosh/config';
import type { Writer } from './cli-context.ts';

/**
 * Problems as `file:line:col: severity: message`, one per line, the form compilers print and
 * editors and terminals link to the spot.
 */
export function printProblems(writer: Writer, file: string, problems: readonly ConfigProblem[]): void {
  for (const problem of problems) writer.line(problemLine(writer, file, problem));
}

/** One problem as printed by {@link printProblems}, coloured when the writer allows. */
export function problemLine(writer: Writer, file: string, problem: ConfigProblem): string {
  const { style } = writer;
  if (!style.enabled) return formatProblem(file, problem);
  const severity = problem.severity === 'error' ? style.red('error') : style.yellow('warning');
  return `${style.bold(`${file}:${problem.line}:${problem.column}:`)} ${severity}: ${problem.message}`;
}

import { type ConfigProblem, formatProblem } from '@cosh/config';
import type { Writer } from './cli-context.ts';
import { escapeForTerminal } from './terminal-text.ts';

/**
 * Problems as `file:line:col: severity: message`, one per line, the form compilers print and
 * editors and terminals link to the spot.
 */
export function printProblems(writer: Writer, file: string, problems: readonly ConfigProblem[]): void {
  for (const problem of problems) writer.line(problemLine(writer, file, problem));
}

/**
 * One problem as printed by {@link printProblems}, coloured when the writer allows. Messages
 * quote the file's own text (a matcher, a value), which may hold control characters: they are
 * shown as escapes, so a setup.json cannot drive the terminal of whoever checks it.
 */
export function problemLine(writer: Writer, file: string, problem: ConfigProblem): string {
  const { style } = writer;
  const shown = { ...problem, message: escapeForTerminal(problem.message) };
  const shownFile = escapeForTerminal(file);
  if (!style.enabled) return formatProblem(shownFile, shown);
  const severity = problem.severity === 'error' ? style.red('error') : style.yellow('warning');
  return `${style.bold(`${shownFile}:${problem.line}:${problem.column}:`)} ${severity}: ${shown.message}`;
}

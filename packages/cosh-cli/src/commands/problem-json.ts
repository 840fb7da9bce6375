import type { ConfigProblem } from '@cosh/config';
import { escapeForTerminal } from '../terminal-text.ts';

/** A problem in `--json` output: snake_case, stable (documented in the README). */
export interface ProblemJson {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly path: readonly (string | number)[];
  readonly code: string;
  readonly message: string;
  readonly fix?: string;
}

export function problemJson(file: string, problem: ConfigProblem): ProblemJson {
  return {
    file,
    line: problem.line,
    column: problem.column,
    path: problem.path,
    code: problem.code,
    message: problem.message,
    ...(problem.fix === undefined ? {} : { fix: problem.fix }),
  };
}

/**
 * Prints `value` as the one JSON document of a `--json` command. Characters JSON leaves raw in
 * strings (DEL, C1 controls, bidi and zero-width marks) are written as `\u` escapes: the same
 * document, which a terminal cannot be driven by.
 */
export function printJson(write: (text: string) => void, value: unknown): void {
  const lines = JSON.stringify(value, null, 2).split('\n');
  write(`${lines.map((line) => escapeForTerminal(line)).join('\n')}\n`);
}

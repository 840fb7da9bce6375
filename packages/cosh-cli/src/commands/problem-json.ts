import type { ConfigProblem } from '@cosh/config';

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

/** Prints `value` as the one JSON document of a `--json` command. */
export function printJson(write: (text: string) => void, value: unknown): void {
  write(`${JSON.stringify(value, null, 2)}\n`);
}

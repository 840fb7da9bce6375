import type { ConfigProblem, JsonPath } from './config-types.ts';

/**
 * One problem as `file:line:col: severity: message`, the shape compilers print and editors and
 * terminals turn into a link to the spot.
 */
export function formatProblem(file: string, problem: ConfigProblem): string {
  return `${file}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message}`;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** A JSON path as people read it: `hooks.PreToolUse[0].timeout`; the root is `(root)`. */
export function formatJsonPath(path: JsonPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (identifier.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text === '' ? '(root)' : text;
}

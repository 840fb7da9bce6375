// SPEC F1, F5, C6: a hook's `paths` globs and Claude `if` rule are checked when the file loads: a
// glob picomatch would read literally (an unclosed `[` or `{`) guards a file nobody has, so the
// guard would silently never run. Each problem names the string's line:column and the offset in
// the glob.
import type { ConfigProblem, JsonPath } from './config-types.ts';
import { formatJsonPath } from './format-problem.ts';
import { isHookEvent } from './hook-events.ts';
import type { SourceMap } from './source-map.ts';

/** One hook entry as filed in the file (validate-config.ts's `hookEntriesOf` gives them). */
interface FiledEntry {
  readonly event: string;
  readonly index: number;
  readonly entry: Record<string, unknown>;
}

/** What is wrong with a glob, and where in it (0-based), or `null` when picomatch reads it as meant. */
export function globProblem(glob: string): { readonly offset: number; readonly reason: string } | null {
  if (glob.trim() === '') return { offset: 0, reason: 'an empty glob matches no file' };
  if (glob.startsWith('~') && !glob.startsWith('~/') && glob !== '~') {
    return { offset: 0, reason: 'only "~/" (your home folder) is understood, not "~user"' };
  }
  const braces: number[] = [];
  for (let offset = 0; offset < glob.length; offset += 1) {
    const character = glob[offset];
    if (character === '\\') {
      if (offset === glob.length - 1) return { offset, reason: 'a "\\" at the end escapes nothing' };
      offset += 1;
      continue;
    }
    if (character === '[') {
      // `[!…]`, `[^…]`: a `]` right after the opening (or its negation) is a member, not the end.
      let end = offset + 1;
      if (glob[end] === '!' || glob[end] === '^') end += 1;
      if (glob[end] === ']') end += 1;
      while (end < glob.length && glob[end] !== ']') end += glob[end] === '\\' ? 2 : 1;
      if (end >= glob.length)
        return { offset, reason: 'this "[" is never closed by "]" (write "\\[" for the character itself)' };
      offset = end;
      continue;
    }
    if (character === '{') braces.push(offset);
    else if (character === '}') {
      if (braces.length === 0)
        return { offset, reason: 'this "}" closes no "{" (write "\\}" for the character itself)' };
      braces.pop();
    }
  }
  const open = braces.at(-1);
  if (open !== undefined)
    return { offset: open, reason: 'this "{" is never closed by "}" (write "\\{" for the character itself)' };
  return null;
}

/** A Claude Code permission rule: `Tool` or `Tool(pattern)` (F5). */
const CLAUDE_RULE = /^[A-Za-z][A-Za-z0-9_.-]*(\((.*)\))?$/s;

function problemAt(path: JsonPath, sourceMap: SourceMap, message: string): ConfigProblem {
  const [, event, index] = path;
  return {
    severity: 'error',
    code: 'invalid_value',
    message,
    path,
    ...sourceMap.positionOfPath(path),
    ...(isHookEvent(event) && typeof index === 'number' ? { hook: { event, index } } : {}),
  };
}

/**
 * C6 problems of every hook's `paths` and `if` (F1, F5): an invalid glob (with its offset), and
 * `if` on a hook that does not speak Claude's protocol or that is no rule. Type problems zod
 * reported (`paths` not an array of strings) are not reported twice.
 */
export function findPathProblems(
  entries: readonly FiledEntry[],
  sourceMap: SourceMap,
  reported: ReadonlySet<string>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { event, index, entry } of entries) {
    const at = ['hooks', event, index];
    const paths = entry['paths'];
    if (Array.isArray(paths)) {
      paths.forEach((glob, position) => {
        if (typeof glob !== 'string') return;
        const problem = globProblem(glob);
        if (problem === null) return;
        const path = [...at, 'paths', position];
        if (reported.has(JSON.stringify(path))) return;
        problems.push(
          problemAt(
            path,
            sourceMap,
            `${formatJsonPath(path)}: ${JSON.stringify(glob)} is not a valid glob at offset ${problem.offset}: ${problem.reason}`,
          ),
        );
      });
    }
    if (Object.hasOwn(entry, 'if') && typeof entry['if'] === 'string') {
      const path = [...at, 'if'];
      const rule = entry['if'].trim();
      if (entry['protocol'] !== 'claude') {
        problems.push(
          problemAt(
            path,
            sourceMap,
            `${formatJsonPath(path)} is Claude Code's field and needs "protocol": "claude"; for a Cosh hook use "matcher" and "paths"`,
          ),
        );
      } else if (!CLAUDE_RULE.test(rule) || CLAUDE_RULE.exec(rule)?.[2]?.trim() === '') {
        problems.push(
          problemAt(
            path,
            sourceMap,
            `${formatJsonPath(path)}: ${JSON.stringify(entry['if'])} is not a Claude Code rule: write one rule such as "Bash(git push:*)", "Edit(*.ts)" or "Write"`,
          ),
        );
      }
    }
  }
  return problems;
}

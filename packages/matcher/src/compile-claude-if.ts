// SPEC F5: Claude Code's `"if": "Tool(pattern)"` on a `protocol: "claude"` hook, in Claude's
// permission-rule syntax, honoured as Claude Code honours it, except that a shell command Cosh
// cannot split selects the hook (F2: a guard decides rather than being skipped).
import picomatch from 'picomatch';
import { absoluteGlobs, type PathGlobPlace } from './compile-path-globs.ts';
import type { TouchedPaths } from './touched-paths.ts';

/** Whether a call of the Claude tool `claudeToolName`, touching `touched`, passes the hook's `if`. */
export type ClaudeIfTest = (claudeToolName: string, touched: TouchedPaths) => boolean;

/** A rule that does not parse: `Tool`, `Tool(pattern)`. */
const RULE = /^([A-Za-z][A-Za-z0-9_.-]*)(?:\((.*)\))?$/s;

/** Claude's rule groups: an `Edit` rule covers every tool that edits files, a `Read` rule those that read them. */
const TOOLS_OF_RULE: Readonly<Record<string, readonly string[]>> = {
  Edit: ['Edit', 'MultiEdit', 'Write', 'NotebookEdit'],
  Read: ['Read', 'Grep', 'Glob', 'NotebookRead'],
};

/** The tools whose rule pattern is a path (gitignore-like, F5), and those whose is a command. */
const PATH_RULE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Read', 'Grep', 'Glob']);
const COMMAND_RULE_TOOLS = new Set(['Bash']);

/**
 * A Bash rule's test of one simple command's text: `prefix:*` a prefix (Claude's older form), `*`
 * any text (a space before a trailing `*` also allows the bare command: `ls *` matches `ls`),
 * anything else the whole command.
 */
function commandRule(pattern: string): (command: string) => boolean {
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return (command) => command.startsWith(prefix);
  }
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const source = escaped.endsWith(' .*') ? `${escaped.slice(0, -3)}(?: .*)?` : escaped;
  const regex = new RegExp(`^${source}$`, 's');
  return (command) => regex.test(command);
}

/**
 * A path rule's globs (F5, as Claude reads them): `//abs` an absolute path, `~/` the home folder,
 * `/x` and relative patterns from the project root, a pattern without `/` a name anywhere.
 */
function pathRuleGlobs(pattern: string, place: PathGlobPlace): string[] {
  if (pattern.startsWith('//')) return absoluteGlobs(pattern.slice(1), place);
  if (pattern.startsWith('/')) return absoluteGlobs(`.${pattern}`, place);
  return absoluteGlobs(pattern, place);
}

/**
 * Compiles a hook's `if` (F5) once per loaded config (M5). `place.folder` is the project root
 * (the folder holding `.claude/` or `.cosh/`). A rule that does not parse never matches (the
 * config loader refuses it first, C6).
 *
 * @example
 * const test = compileClaudeIf('Bash(git push:*)', { folder: '/repo', home: '/home/me' });
 * test('Bash', { paths: [], folders: [], unknown: false, commands: [['git', 'push', 'origin']] }); // true
 */
export function compileClaudeIf(rule: string, place: PathGlobPlace): ClaudeIfTest {
  const parsed = RULE.exec(rule.trim());
  if (parsed === null) return () => false;
  const ruleTool = parsed[1] as string;
  const pattern = parsed[2]?.trim();
  const tools = new Set(TOOLS_OF_RULE[ruleTool] ?? [ruleTool]);
  const ofTool = (claudeToolName: string): boolean => tools.has(claudeToolName);
  if (pattern === undefined || pattern === '*') return ofTool;

  if (COMMAND_RULE_TOOLS.has(ruleTool)) {
    const test = commandRule(pattern);
    return (claudeToolName, touched) => {
      if (!ofTool(claudeToolName)) return false;
      // F2, F5: a command Cosh cannot split selects the hook (Claude Code's `if` skips it).
      if (touched.unknown || touched.commands === null) return true;
      return touched.commands.some((words) => test(words.join(' ')));
    };
  }
  if (PATH_RULE_TOOLS.has(ruleTool)) {
    const globs = pathRuleGlobs(pattern, place);
    const matches = picomatch(globs, { dot: true, nonegate: true });
    return (claudeToolName, touched) => {
      if (!ofTool(claudeToolName)) return false;
      if (touched.unknown) return true;
      return touched.paths.some((path) => matches(path));
    };
  }
  // Another tool's pattern (`WebFetch(domain:…)`, an MCP tool's): Cosh cannot read it, so the hook
  // is consulted for every call of that tool rather than skipped.
  return ofTool;
}

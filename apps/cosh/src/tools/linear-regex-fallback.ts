import { setFlagsFromString } from 'node:v8';

let enabled = false;

/**
 * Lets V8 finish any regular expression that backtracks too much (by default after 50,000
 * backtracks) with its linear-time engine instead: same matches, bounded time. `find_grep`
 * runs a pattern the model chose over text nobody chose; without this, `(a|aa)*b` against a
 * line of sixty `a`s runs for years on the event loop and freezes the whole host (an MCP
 * server, a session) with it. A catch V8 cannot cover: patterns with backreferences or
 * lookaround have no linear-time form and still backtrack (SECURITY.md).
 *
 * The flag is process-wide, which is why the app sets it and the libraries do not; it changes
 * no result, only how a runaway match is computed. It exists in every V8 of Node 20 to 24.
 */
export function enableLinearRegexFallback(): void {
  if (enabled) return;
  enabled = true;
  setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
}

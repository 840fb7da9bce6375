// SPEC M1–M5: which hooks a tool call selects depends on nothing but the tool's names (the
// compiled hooks of an engine do not change), so an engine keeps the last selection of each tool.
import type { HookSelection } from '@cosh/matcher';

/** How many tool names are kept; past that the kept ones are dropped and kept afresh. */
const keptNames = 256;

/**
 * `select` with its answers kept per tool name: a call of a tool gets the same (read-only) list as
 * the last call of that tool with the same Claude name (K3: `fs_edit` is `Edit` or `MultiEdit` by
 * its input), without testing matchers or allocating again. A guard's call costs microseconds
 * (R12), and selecting cost each call about 0.4 KB of allocations. At most 256 names are kept.
 *
 * @example
 * const selectPre = selectionsByTool((name, claudeName) => selectHooks(compiled, name, claudeName));
 * selectPre('bash_run', 'Bash') === selectPre('bash_run', 'Bash'); // true
 */
export function selectionsByTool<H>(
  select: (toolName: string, claudeToolName: string) => readonly HookSelection<H>[],
): (toolName: string, claudeToolName: string) => readonly HookSelection<H>[] {
  const kept = new Map<string, { readonly claudeToolName: string; readonly selections: readonly HookSelection<H>[] }>();
  return (toolName, claudeToolName) => {
    const last = kept.get(toolName);
    if (last !== undefined && last.claudeToolName === claudeToolName) return last.selections;
    // Read-only by its type, not frozen: iterating a frozen array allocates at every step.
    const selections = select(toolName, claudeToolName);
    if (kept.size >= keptNames) kept.clear();
    kept.set(toolName, { claudeToolName, selections });
    return selections;
  };
}

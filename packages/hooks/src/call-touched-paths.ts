// SPEC F2 at most once per call: the selection of hooks with `paths` (F4) and the journal's
// `paths` (J1) read the same answer.
import type { TouchedPaths } from '@cosh/matcher';
import { callFolder } from './call-folder.ts';
import type { PostToolUseCall, ToolCall } from './hook-engine-types.ts';
import { touchedPaths } from './touched-paths.ts';

/** The touched paths of a call of one engine, found once per call object. */
export type CallTouchedPaths = (call: ToolCall | PostToolUseCall, cwd: string) => Promise<TouchedPaths>;

/** A {@link CallTouchedPaths} for an engine whose `~` is `home`. */
export function callTouchedPaths(home: string): CallTouchedPaths {
  const found = new WeakMap<object, Promise<TouchedPaths>>();
  return (call, cwd) => {
    let touched = found.get(call);
    if (touched === undefined) {
      touched = touchedPaths(call, { cwd, home });
      found.set(call, touched);
    }
    return touched;
  };
}

/**
 * J1's `paths` of a tool call (F3): its touched paths, absolute; none when they cannot be told
 * (no folder, or F2 failed): the line is written all the same.
 */
export async function journalPaths(
  touchedOf: CallTouchedPaths,
  call: ToolCall | PostToolUseCall,
  engineCwd: string | undefined,
): Promise<readonly string[]> {
  try {
    // Not a tool call at all (the engine refuses it): no paths, and the line says why it was refused.
    if (typeof call !== 'object' || call === null || typeof call.toolInput !== 'object' || call.toolInput === null)
      return [];
    const { cwd, setupProblem } = callFolder(call.cwd, engineCwd);
    if (setupProblem !== null) return [];
    return (await touchedOf(call, cwd)).paths;
  } catch {
    return [];
  }
}

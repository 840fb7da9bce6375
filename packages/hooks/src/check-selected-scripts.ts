import type { HookEntry } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import { describeError } from './describe-error.ts';

/**
 * SPEC S5 per call: each selected hook that would run, asked about again; one whose script
 * changed since it was trusted carries the reason as its trust problem, so it does not run and
 * counts as a deny (`runEventHooks`), as at load. A check that throws is such a problem too.
 */
export function checkSelectedScripts(
  selections: readonly HookSelection<HookEntry>[],
  scriptCheck: ((hook: HookEntry) => string | null) | undefined,
): readonly HookSelection<HookEntry>[] {
  if (scriptCheck === undefined) return selections;
  return selections.map((selection) => {
    const { hook } = selection;
    if (selection.duplicateOf !== null || hook.trustProblem !== null) return selection;
    let problem: string | null;
    try {
      problem = scriptCheck(hook);
    } catch (error) {
      problem = `hook '${hook.name}': its scripts could not be checked against the trusted ones: ${describeError(error)}`;
    }
    return problem === null ? selection : { ...selection, hook: { ...hook, trustProblem: problem } };
  });
}

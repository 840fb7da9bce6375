import type { CompiledHooks, MatchableHook } from './compile-hooks.ts';
import { selectHooks } from './select-hooks.ts';
import type { TouchedPaths } from './touched-paths.ts';

/** Why a hook of a compiled list is not run for a tool call (M1, M2, M4); `null`: it runs. */
export type SelectionSkip<H> =
  /** M1, K2: its matcher does not match the tool's name (Claude's name for a Claude hook). */
  | { readonly step: 'matcher'; readonly matcher: string; readonly testedName: string }
  /** M2: its matcher does not compile, so it never runs. */
  | { readonly step: 'invalid-matcher'; readonly matcher: string; readonly error: string }
  /** M4: an earlier selected hook is the same one, and runs instead. */
  | { readonly step: 'deduplicated'; readonly duplicateOf: H }
  /** F1: its matcher matches, but none of its globs matches a path the call touches. */
  | { readonly step: 'paths'; readonly globs: readonly string[]; readonly touched: readonly string[] }
  /** F5: its matcher matches, but its Claude `if` rule does not hold for the call. */
  | { readonly step: 'if'; readonly rule: string };

/** One hook of a compiled list, and whether (and if not, why not) a tool call selects it to run. */
export interface SelectionExplanation<H> {
  readonly hook: H;
  /** Selected and not deduplicated: it runs. */
  readonly runs: boolean;
  readonly skip: SelectionSkip<H> | null;
}

/**
 * Every hook of `compiled`, in config order, with why it does not run for this tool call: the
 * answers of {@link selectHooks} itself (what a call really runs, so the two cannot drift apart),
 * with the reason for each hook it left out or deduplicated. For `cosh hooks explain`; compiles
 * nothing (M5).
 *
 * @example
 * explainSelection(compileHooks(hooks), 'bash_run', 'Bash')
 *   .filter((entry) => !entry.runs)
 *   .map((entry) => entry.skip); // [{ step: 'matcher', matcher: '^fs_', testedName: 'bash_run' }, …]
 */
export function explainSelection<H extends MatchableHook>(
  compiled: CompiledHooks<H>,
  toolName: string,
  claudeToolName: string = toolName,
  touched?: TouchedPaths,
): SelectionExplanation<H>[] {
  const selected = new Map<H, H | null>();
  for (const { hook, duplicateOf } of selectHooks(compiled, toolName, claudeToolName, touched)) {
    selected.set(hook, duplicateOf);
  }
  // F1, F5: the hooks the name alone selects; of those, one the touched paths leave out is
  // skipped by its `paths` or its `if`.
  const byName =
    touched === undefined ? null : new Set(selectHooks(compiled, toolName, claudeToolName).map((entry) => entry.hook));
  const invalid = new Map(compiled.invalidMatchers.map((entry) => [entry.index, entry]));
  return compiled.hooks.map((hook, index): SelectionExplanation<H> => {
    if (selected.has(hook)) {
      const duplicateOf = selected.get(hook) ?? null;
      return duplicateOf === null
        ? { hook, runs: true, skip: null }
        : { hook, runs: false, skip: { step: 'deduplicated', duplicateOf } };
    }
    if (byName?.has(hook) === true && touched !== undefined) {
      if (hook.paths != null) {
        return { hook, runs: false, skip: { step: 'paths', globs: hook.paths, touched: touched.paths } };
      }
      return { hook, runs: false, skip: { step: 'if', rule: hook.if ?? '' } };
    }
    const broken = invalid.get(index);
    if (broken !== undefined) {
      return { hook, runs: false, skip: { step: 'invalid-matcher', matcher: broken.matcher, error: broken.error } };
    }
    const readsClaudeName = compiled.matchers[compiled.matcherOfHook[index] as number]?.readsClaudeName === true;
    return {
      hook,
      runs: false,
      skip: { step: 'matcher', matcher: hook.matcher ?? '', testedName: readsClaudeName ? claudeToolName : toolName },
    };
  });
}

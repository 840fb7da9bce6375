export { type ClaudeIfTest, compileClaudeIf } from './compile-claude-if.ts';
export {
  compileHooks,
  type CompileHooksOptions,
  type CompiledHooks,
  type InvalidMatcher,
  type MatchableHook,
} from './compile-hooks.ts';
export { absoluteGlobs, compilePathGlobs, type PathGlobPlace, type PathGlobTest } from './compile-path-globs.ts';
export { compileRule, type RuleTest, type RuleTestFields } from './compile-rule.ts';
export type { HookProtocol } from './dedupe-key.ts';
export { explainSelection, type SelectionExplanation, type SelectionSkip } from './explain-selection.ts';
export { selectHooks, selectionReadsPaths, type HookSelection } from './select-hooks.ts';
export { NOTHING_TOUCHED, type TouchedPaths } from './touched-paths.ts';

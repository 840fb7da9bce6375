export {
  compileHooks,
  type CompiledHooks,
  type InvalidMatcher,
  type MatchableHook,
} from './compile-hooks.ts';
export { compileRule, type RuleTest, type RuleTestFields } from './compile-rule.ts';
export type { HookProtocol } from './dedupe-key.ts';
export { explainSelection, type SelectionExplanation, type SelectionSkip } from './explain-selection.ts';
export { selectHooks, type HookSelection } from './select-hooks.ts';

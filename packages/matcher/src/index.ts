export {
  compileHooks,
  type CompiledHooks,
  type InvalidMatcher,
  type MatchableHook,
} from './compile-hooks.ts';
export { suggestMatcherFix } from './compile-matcher.ts';
export { selectHooks, type HookSelection } from './select-hooks.ts';

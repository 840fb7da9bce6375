import type { HooksConfig } from '@cosh/config';
import type { CallTouchedPaths } from './call-touched-paths.ts';
import type { EngineResources } from './engine-resources.ts';
import type { EngineSelections } from './engine-selections.ts';
import type { HookEngineOptions } from './hook-engine-types.ts';

/** What every call of one engine reads, made once by `createHookEngine`. */
export interface EngineContext {
  readonly config: HooksConfig;
  readonly options: HookEngineOptions;
  readonly selections: EngineSelections;
  readonly resources: EngineResources;
  /**
   * K4: one session id for every call of this engine (one per session, MCP server or process),
   * made when a hook first needs it.
   */
  sessionId(): string;
  /** F2 at most once per call (the selection and the journal share it). */
  readonly touchedPathsOf: CallTouchedPaths;
  /** Set by `close()`: every later call is refused, since its hooks can no longer all run. */
  closed: boolean;
}

import type { HookEntry } from '@cosh/config';
import type { HookSelection } from '@cosh/matcher';
import type { EngineContext } from './engine-context.ts';
import type { EventHooksInput } from './event-hooks-setup.ts';
import { type EventHooksRun, runEventHooks } from './run-event-hooks.ts';

/** What one call of any event gives its hooks; the engine adds its runner, client, residents and the host's variables. */
export type CallHooksInput = Omit<EventHooksInput, 'hostEnvironment' | 'hookRunner' | 'httpClient' | 'residents'>;

/** Runs a call's selected hooks with the engine's means of running them (R4, R11, H2, R12, R13). */
export function runCallHooks(
  engine: EngineContext,
  selections: readonly HookSelection<HookEntry>[],
  call: CallHooksInput,
): Promise<EventHooksRun> {
  const { resources } = engine;
  return runEventHooks(
    selections,
    {
      ...call,
      hostEnvironment: engine.options.env ?? process.env,
      hookRunner: resources.hookRunner,
      httpClient: resources.httpClient,
      residents: resources.residentsFor(call.cwd),
    },
    resources.asyncHooks,
  );
}

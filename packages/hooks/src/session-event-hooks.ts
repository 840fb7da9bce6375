import type { SessionEvent } from '@cosh/spec';
import { callFolder } from './call-folder.ts';
import { checkSelectedScripts } from './check-selected-scripts.ts';
import { claudeSessionSetup } from './claude-hooks-setup.ts';
import { encodePayload } from './encode-payload.ts';
import type { EngineContext } from './engine-context.ts';
import type { SessionEventCall } from './hook-engine-types.ts';
import { runCallHooks } from './run-call-hooks.ts';
import { type EventHooksRun, noHooksRun } from './run-event-hooks.ts';
import { sessionFields, sessionHookPayload, sessionMatcherSubject } from './session-event-payload.ts';

/** The hooks of one session event (E1–E4): selected by the event's matcher subject, fed E5's payloads. */
export function runSessionEventHooks<Event extends SessionEvent>(
  engine: EngineContext,
  event: Event,
  call: SessionEventCall<Event>,
): Promise<EventHooksRun> {
  const subject = sessionMatcherSubject(event, call);
  const selections = engine.selections.select[event](subject, subject);
  if (selections.length === 0) return Promise.resolve(noHooksRun());
  const checked = checkSelectedScripts(selections, engine.options.scriptCheck);
  const { cwd, setupProblem } = callFolder(call.cwd, engine.options.cwd);
  const context = { sessionId: engine.sessionId(), cwd, transcriptPath: engine.options.transcriptPath };
  const claude = checked.some(({ hook }) => hook.protocol === 'claude')
    ? claudeSessionSetup(engine, event, call, context)
    : null;
  return runCallHooks(engine, checked, {
    event,
    toolName: '',
    ruleSubject: sessionFields(event, call),
    cosh: encodePayload(() => sessionHookPayload(event, call, context)),
    claude,
    cwd,
    setupProblem,
    signal: call.signal,
  });
}

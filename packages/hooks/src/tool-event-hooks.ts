// The hooks of one tool call (PreToolUse, PostToolUse): selected by tool name (M1–M4) and, when
// a selected hook has `paths` or `if`, by the files the call touches (F1–F4); each protocol's
// payload encoded at most once (R3, K4); run by runEventHooks.
import type { HookEntry } from '@cosh/config';
import { type HookSelection, selectHooks, selectionReadsPaths, type TouchedPaths } from '@cosh/matcher';
import { type HookEvent, toClaudeToolName } from '@cosh/spec';
import { callFolder } from './call-folder.ts';
import { checkSelectedScripts } from './check-selected-scripts.ts';
import { claudeToolCallSetup } from './claude-hooks-setup.ts';
import { encodePayload } from './encode-payload.ts';
import type { EngineContext } from './engine-context.ts';
import type { HookPaths } from './event-hooks-setup.ts';
import type { PostToolUseCall, ToolCall } from './hook-engine-types.ts';
import { hookPayload } from './hook-payload.ts';
import { runCallHooks } from './run-call-hooks.ts';
import { type EventHooksRun, noHooksRun } from './run-event-hooks.ts';

/**
 * Not an async function: it hands on runEventHooks' promise, so a call does not pay for one more
 * promise and async frame; what it throws, its caller's `await` throws (the engine catches it).
 */
export function runToolEventHooks(
  engine: EngineContext,
  event: HookEvent,
  call: ToolCall | PostToolUseCall,
): Promise<EventHooksRun> {
  const claudeToolName = toClaudeToolName(call.toolName, call.mcpServer, call.toolInput);
  const selections = engine.selections.select[event](call.toolName, claudeToolName);
  if (selections.length === 0) return Promise.resolve(noHooksRun());
  const { cwd, setupProblem } = callFolder(call.cwd, engine.options.cwd);
  // F1, F2, F4: only a call that selected a hook with `paths` (or `if`) computes what it
  // touches, once, before any hook starts; the selection is then made again with it.
  const compiled = engine.selections.compiled[event];
  if (setupProblem !== null || !selectionReadsPaths(compiled, selections))
    return runSelectedHooks(engine, event, call, selections, cwd, setupProblem);
  return engine.touchedPathsOf(call, cwd).then((touched: TouchedPaths) => {
    const narrowed = selectHooks(compiled, call.toolName, claudeToolName, touched);
    if (narrowed.length === 0) return noHooksRun();
    return runSelectedHooks(engine, event, call, narrowed, cwd, null);
  });
}

function runSelectedHooks(
  engine: EngineContext,
  event: HookEvent,
  call: ToolCall | PostToolUseCall,
  selections: readonly HookSelection<HookEntry>[],
  cwd: string,
  setupProblem: string | null,
): Promise<EventHooksRun> {
  // SPEC S5 per call: a hook whose script no longer matches its trusted hash becomes a deny.
  const checked = checkSelectedScripts(selections, engine.options.scriptCheck);
  // F3: each hook with `paths` is told the touched paths its globs matched.
  let hookPaths: Map<HookEntry, HookPaths> | undefined;
  for (const selection of checked) {
    if (selection.paths === undefined) continue;
    hookPaths ??= new Map();
    hookPaths.set(selection.hook, { paths: selection.paths, unknown: selection.pathsUnknown === true });
  }
  // Encoded at most once per protocol: every hook of that protocol is given the one buffer (R11).
  let coshHooks = false;
  let claudeHooks = false;
  for (const { hook, duplicateOf } of checked) {
    if (duplicateOf !== null || hook.trustProblem !== null) continue;
    // D1: a rule reads the input itself; it needs no payload.
    if (hook.rule !== null) continue;
    if (hook.protocol === 'claude') claudeHooks = true;
    else coshHooks = true;
  }
  const cosh = coshHooks
    ? encodePayload(() =>
        hookPayload({
          event,
          toolName: call.toolName,
          toolInput: call.toolInput,
          toolOutput: 'toolOutput' in call ? call.toolOutput : undefined,
        }),
      )
    : null;
  const claude = setupProblem === null && claudeHooks ? claudeToolCallSetup(engine, event, call, cwd) : null;
  return runCallHooks(engine, checked, {
    event,
    toolName: call.toolName,
    ruleSubject: call.toolInput,
    cosh,
    claude,
    cwd,
    setupProblem,
    signal: call.signal,
    hookPaths,
  });
}

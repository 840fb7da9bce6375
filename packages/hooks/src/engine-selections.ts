// M1–M5 for one engine: every event's hooks compiled once, with the same first step as `hooks
// explain` (explain-tool-call.ts), so the two cannot drift apart; then the selection per tool
// (per source or reason for SessionStart and SessionEnd) kept, since compiled hooks do not change.
import { claudeProjectDirOnDisk, type HookEntry, type HooksConfig, homeFolder } from '@cosh/config';
import { type CompiledHooks, type HookSelection, selectHooks } from '@cosh/matcher';
import { HOOK_EVENTS, type HookEvent } from '@cosh/spec';
import { compileEventHooks } from './explain-tool-call.ts';
import type { HookEngineOptions } from './hook-engine-types.ts';
import { selectionsByTool } from './selections-by-tool.ts';

/** The selection of one event's hooks for a tool's name and its Claude name (K3), kept per tool. */
export type SelectEventHooks = (toolName: string, claudeToolName: string) => readonly HookSelection<HookEntry>[];

/** Every event's hooks of one config, compiled, and their selection per tool. */
export interface EngineSelections {
  readonly compiled: Readonly<Record<HookEvent, CompiledHooks<HookEntry>>>;
  readonly select: Readonly<Record<HookEvent, SelectEventHooks>>;
  /** The home folder `~/` in globs stands for (F1), as the touched paths are resolved against it. */
  readonly home: string;
}

/**
 * Compiles every event's hooks once (M5). Each entry says whether it runs (`off`): its own switch
 * (C5), its event's (C7), its layer's or its file's trust (C10, S5); with layers an event's
 * switch can stop user and project hooks and not managed ones, so no event is skipped as a whole.
 */
export function compileEngineHooks(config: HooksConfig, options: HookEngineOptions): EngineSelections {
  // F1, F5: `~/` in globs, and the root relative `if` patterns and code-built hooks' `paths` are
  // taken from (the folder holding `.claude/` or `.cosh/`), fixed with the compiled globs (M5).
  const home = homeFolder(options.env ?? process.env);
  const needsRoot = Object.values(config.hooks).some((hooks) =>
    hooks.some((hook) => hook.paths !== null || hook.if !== null),
  );
  const compileOptions = { home, projectRoot: needsRoot ? pathsRoot(options) : '/' };
  const compiled = {} as Record<HookEvent, CompiledHooks<HookEntry>>;
  const select = {} as Record<HookEvent, SelectEventHooks>;
  for (const event of HOOK_EVENTS) {
    const eventHooks = compileEventHooks(config, event, compileOptions);
    compiled[event] = eventHooks;
    select[event] = selectionsByTool((toolName, claudeToolName) => selectHooks(eventHooks, toolName, claudeToolName));
  }
  return { compiled, select, home };
}

/** The project's root for relative globs (F5); the engine's folder when it cannot be found. */
function pathsRoot(options: HookEngineOptions): string {
  try {
    return claudeProjectDirOnDisk({
      projectFolder: options.projectFolder ?? null,
      cwd: options.cwd ?? process.cwd(),
      env: options.env ?? process.env,
    });
  } catch {
    return options.cwd ?? '/';
  }
}

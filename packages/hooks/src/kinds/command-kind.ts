// SPEC R1–R11: a command hook: `sh -c <command>` per call, through the engine's runner.
import { HOOK_KINDS as KIND_TABLE } from '@cosh/spec';
import { runGuarded } from '../guarded-runs.ts';
import { environmentOf } from '../hook-environment.ts';
import type { HookKindSpec, HookTarget } from './kind-spec.ts';

/** The command kind's entry of the engine's table. */
export const COMMAND_KIND = {
  ...KIND_TABLE.command,
  written: (target) => target.command,
  shown: (target) => target.command,
  // Each call is a process of its own: the runner is all it needs.
  openClient: () => null,
  run({ hook, setup, stdin, stopBoundMs }, target) {
    const timeoutMs = hook.timeout * 1000;
    // R4 (plus K4's CLAUDE_PROJECT_DIR).
    const env = environmentOf(hook, setup);
    return runGuarded(
      setup.hookRunner,
      { command: target.command, stdin, env, cwd: setup.cwd, timeoutMs, signal: setup.signal },
      timeoutMs + stopBoundMs,
    );
  },
  reportFields: () => ({}),
  runDiagnostic: () => null,
} as const satisfies HookKindSpec<Extract<HookTarget, { kind: 'command' }>, null>;

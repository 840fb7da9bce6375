// SPEC R12: a resident hook: one process per entry serves many calls, one JSON line each way per
// call (the runner's resident/ pool), or, in a one-shot host, one call as a one-call process.
import { HOOK_KINDS as KIND_TABLE } from '@cosh/spec';
import { environmentOf } from '../../hook-environment.ts';
import type { HookKindSpec, HookTarget } from '../kind-spec.ts';
import { openResidentClient, type ResidentClient, residentKey } from './resident-client.ts';
import { callResident, runResidentOnce } from './resident-hook-run.ts';
import { residentStderrDiagnostic } from './resident-stderr.ts';

/** The resident kind's entry of the engine's table. */
export const RESIDENT_KIND = {
  ...KIND_TABLE.resident,
  written: (target) => target.command,
  shown: (target) => target.command,
  openClient: openResidentClient,
  run({ hook, setup, stdin, stopBoundMs }, target) {
    // R12: R4 without COSH_TOOL_NAME, since one process serves every tool; built only at a start.
    const env = (): Record<string, string> => {
      const { COSH_TOOL_NAME: _tool, ...rest } = environmentOf(hook, setup);
      return rest;
    };
    const client = setup.kindClients?.resident;
    const timeoutMs = hook.timeout * 1000;
    // The engine's folder: the process outlives the call whose cwd it was started for.
    const cwd = client?.folder(setup.cwd) ?? setup.cwd;
    const call = {
      key: residentKey(hook),
      command: target.command,
      env,
      cwd,
      payload: stdin,
      timeoutMs,
      signal: setup.signal,
    };
    // Long-lived hosts share one process per entry; one-shot commands run a one-call process.
    if (client?.pool != null) return callResident(client.pool, call);
    return runResidentOnce(setup.hookRunner, call, timeoutMs + stopBoundMs);
  },
  reportFields: () => ({ resident: true }),
  // R12: a resident process's stderr goes into the diagnostics; a failure's already carries it.
  runDiagnostic: (hookName, run) => residentStderrDiagnostic(hookName, run.stderr),
} as const satisfies HookKindSpec<Extract<HookTarget, { kind: 'resident' }>, ResidentClient>;

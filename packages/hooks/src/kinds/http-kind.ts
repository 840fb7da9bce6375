// SPEC H1–H3: an HTTP hook: its payload POSTed through the engine's one HTTP client (H2).
import { headersNameVariables } from '@cosh/runner';
import { HOOK_KINDS as KIND_TABLE } from '@cosh/spec';
import { httpStopSlackMs, runHttpGuarded } from '../guarded-runs.ts';
import { environmentOf } from '../hook-environment.ts';
import type { HookKindSpec, HookTarget } from './kind-spec.ts';

/** The HTTP kind's entry of the engine's table. */
export const HTTP_KIND = {
  ...KIND_TABLE.http,
  written: (target) => target.url,
  shown: (target) => `POST ${target.url}`,
  // Its connections are the engine's HTTP client's (`EventHooksInput.httpClient`).
  openClient: () => null,
  run({ hook, setup, stdin }, target) {
    const timeoutMs = hook.timeout * 1000;
    // Its `${NAME}` headers are read from R4's environment (H1); without one, the environment is
    // not built: copying process.env costs a call 2–25 µs, and 55–120 µs right after a spawn.
    const env = headersNameVariables(hook.headers) ? environmentOf(hook, setup) : {};
    // The body is the hook's protocol's payload: a Claude HTTP hook gets Claude's (K4).
    return runHttpGuarded(
      setup.httpClient(),
      { url: target.url, headers: hook.headers, env, body: stdin, timeoutMs, signal: setup.signal },
      timeoutMs + httpStopSlackMs,
    );
  },
  // H3: an HTTP hook's report carries its status (`null` when none came, or it did not run).
  reportFields: (run) => ({ httpStatus: run?.httpStatus ?? null }),
  runDiagnostic: () => null,
} as const satisfies HookKindSpec<Extract<HookTarget, { kind: 'http' }>, null>;

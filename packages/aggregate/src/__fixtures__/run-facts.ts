import type { OutcomeHook, RunFacts } from '../hook-outcome.ts';

/** A clean exit-0 run with empty output; override what a test is about. */
export function runFacts(overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    exitCode: 0,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    truncated: false,
    startError: null,
    ...overrides,
  };
}

/** A hook named `name` with the default onError policy. */
export function outcomeHook(name: string, overrides: Partial<OutcomeHook> = {}): OutcomeHook {
  return { name, onError: 'ignore', ...overrides };
}

/** A complete HTTP answer with status 200 and an empty body, as `@cosh/runner` reports it (H3). */
export function httpRunFacts(overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    httpStatus: 200,
    failure: null,
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    truncated: false,
    stdoutTruncated: false,
    startError: null,
    ...overrides,
  };
}

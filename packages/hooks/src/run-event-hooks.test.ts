import { describe, expect, it } from 'vitest';
import { compileHooks, selectHooks } from '@cosh/matcher';
import {
  createHookRunner,
  createHttpHookClient,
  type HookProcessRequest,
  type HookRunner,
  type HttpHookClient,
  type RunnerOptions,
  stopBoundMs,
} from '@cosh/runner';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { runEventHooks, type EventHooksInput } from './run-event-hooks.ts';

// No grace and no drain: the runner's stop bound, which the guard waits past a timeout, is 0.8 s.
const quickStop: RunnerOptions = { killGraceMs: 0, drainMs: 0 };

/**
 * A broken runner, to prove the engine's own guard (every other test uses the real one): it
 * spawns and never answers, throws, or rejects for those commands, and runs the rest.
 */
function brokenRunner(): HookRunner {
  const real = createHookRunner(quickStop);
  return {
    ...real,
    runHook(request) {
      if (request.command === 'never answers') {
        request.onSpawn?.();
        return new Promise(() => {});
      }
      if (request.command === 'throws') throw new Error('runner bug');
      if (request.command === 'rejects') return Promise.reject(new Error('async runner bug'));
      return real.runHook(request);
    },
  };
}

/**
 * A broken HTTP client, to prove the engine's guard of HTTP hooks: for these urls it never
 * answers, throws, or rejects.
 */
function brokenHttpClient(): HttpHookClient {
  return {
    run(request) {
      if (request.url.endsWith('/never-answers')) return new Promise(() => {});
      if (request.url.endsWith('/throws')) throw new Error('client bug');
      return Promise.reject(new Error('async client bug'));
    },
    close: () => undefined,
  };
}

function urlSelectionFor(hooks: readonly { name: string; url: string; timeout?: number; onError?: 'deny' }[]) {
  return selectHooks(compileHooks(hooksConfig({ PreToolUse: hooks }).hooks.PreToolUse), 'tool');
}

function selectionFor(commands: readonly { name: string; command: string; timeout?: number }[]) {
  const compiled = compileHooks(hooksConfig({ PreToolUse: commands }).hooks.PreToolUse);
  return selectHooks(compiled, 'tool');
}

const setup: EventHooksInput = {
  event: 'PreToolUse',
  toolName: 'tool',
  ruleSubject: {},
  cosh: { text: '{}\n', stdin: Buffer.from('{}\n'), problem: null },
  claude: null,
  hostEnvironment: { PATH: process.env['PATH'] },
  cwd: process.cwd(),
  hookRunner: brokenRunner(),
  httpClient: () => createHttpHookClient(),
  setupProblem: null,
};

describe('runEventHooks guards the runner (L5, L6)', () => {
  it("L6: a runner that never answers is reported as a timeout once the timeout and the runner's stop bound have passed", async () => {
    const startedAt = performance.now();
    const run = await runEventHooks(
      selectionFor([
        { name: 'hung', command: 'never answers', timeout: 0.2 },
        { name: 'fine', command: 'exit 0' },
      ]),
      setup,
    );
    const elapsed = performance.now() - startedAt;
    const budget = 200 + stopBoundMs(quickStop);
    expect(elapsed).toBeGreaterThanOrEqual(budget - 10);
    // Without the guard the call would never end: 4 s past the budget are for a loaded machine.
    expect(elapsed).toBeLessThan(budget + 4_000);
    expect(run.reports.map((report) => [report.name, report.outcome, report.timedOut])).toEqual([
      ['hung', 'error', true],
      ['fine', 'none', false],
    ]);
    expect(run.outcomes[0]?.diagnostic?.message).toBe(
      `hook 'hung' timed out after 0.2s: the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)`,
    );
  });

  it('L6: a runner that throws or rejects is a failed start of that hook; the others still run', async () => {
    const run = await runEventHooks(
      selectionFor([
        { name: 'a', command: 'throws' },
        { name: 'b', command: 'rejects' },
        { name: 'c', command: 'exit 2' },
      ]),
      setup,
    );
    expect(run.reports.map((report) => report.outcome)).toEqual(['error', 'error', 'deny']);
    expect(run.outcomes.map((outcome) => outcome.diagnostic?.message ?? null)).toEqual([
      "hook 'a' could not start: the runner refused the hook: runner bug; the call is refused",
      "hook 'b' could not start: the runner failed: async runner bug; the call is refused",
      null,
    ]);
  });

  it('R11 L6: the guard counts from the spawn: a hook that waited for a slot is not reported timed out', async () => {
    const run = await runEventHooks(
      selectionFor([
        { name: 'slow', command: 'sleep 1.2', timeout: 5 },
        // 0.1 s + the 0.8 s stop bound: counted from the event's start, this would be "timed out".
        { name: 'quick', command: 'echo \'{"decision":"allow"}\'', timeout: 0.1 },
      ]),
      { ...setup, hookRunner: createHookRunner({ ...quickStop, maxConcurrentProcesses: 1 }) },
    );
    expect(run.reports.map((report) => [report.name, report.outcome, report.timedOut])).toEqual([
      ['slow', 'none', false],
      ['quick', 'allow', false],
    ]);
  });

  it('R9: a setup problem (no payload, no directory) fails every hook that would run, with no duration', async () => {
    const run = await runEventHooks(selectionFor([{ name: 'a', command: 'exit 0' }]), {
      ...setup,
      setupProblem: 'no working directory: ENOENT',
    });
    expect(run.reports[0]).toMatchObject({ outcome: 'error', durationMs: null });
    expect(run.outcomes[0]?.diagnostic?.message).toBe(
      "hook 'a' could not start: no working directory: ENOENT; the call is refused",
    );
  });

  it("H3 L6: an HTTP client that never answers is reported as a timeout shortly after the hook's timeout", async () => {
    const startedAt = performance.now();
    const run = await runEventHooks(
      urlSelectionFor([{ name: 'hung', url: 'http://127.0.0.1:9/never-answers', timeout: 0.2 }]),
      { ...setup, httpClient: brokenHttpClient },
    );
    const elapsed = performance.now() - startedAt;
    // The watchdog is armed at the call (no process slot to wait for): 0.2 s + 0.5 s of slack;
    // without it the call would never end (the bound leaves room for a loaded machine).
    expect(elapsed).toBeGreaterThanOrEqual(690);
    expect(elapsed).toBeLessThan(5_000);
    expect(run.reports[0]).toMatchObject({ outcome: 'error', timedOut: true, exitCode: null, httpStatus: null });
    expect(run.outcomes[0]?.diagnostic?.message).toBe(
      `hook 'hung' timed out after 0.2s: the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)`,
    );
  });

  it('H3: an HTTP client that throws or rejects is a failed call that onError decides, never a refused start (R9)', async () => {
    const run = await runEventHooks(
      urlSelectionFor([
        { name: 'a', url: 'http://127.0.0.1:9/throws' },
        { name: 'b', url: 'http://127.0.0.1:9/rejects', onError: 'deny' },
      ]),
      { ...setup, httpClient: brokenHttpClient },
    );
    expect(run.reports.map((report) => [report.outcome, report.httpStatus, report.exitCode])).toEqual([
      ['error', null, null],
      ['error', null, null],
    ]);
    expect(run.outcomes.map((outcome) => [outcome.countsAsDeny, outcome.reason])).toEqual([
      [false, null],
      [true, "hook 'b' failed: the HTTP client failed: async client bug"],
    ]);
    expect(run.outcomes[0]?.diagnostic?.message).toBe(
      `hook 'a' failed (the HTTP client refused the hook: client bug): the call was not blocked (a 2xx answer that denies blocks; "onError": "deny" fails closed)`,
    );
  });
});

describe('runEventHooks reads the host environment at the call (R4)', () => {
  /** A host environment that counts how often its variables are listed. */
  function countingEnvironment(variables: Record<string, string>): {
    environment: Record<string, string>;
    listings: () => number;
  } {
    let listings = 0;
    const environment = new Proxy(variables, {
      ownKeys(target) {
        listings += 1;
        return Reflect.ownKeys(target);
      },
    });
    return { environment, listings: () => listings };
  }

  it('R4: several hooks of one call each get the host variables, listed once for the call', async () => {
    const { environment, listings } = countingEnvironment({ PATH: process.env['PATH'] ?? '/bin', GREETING: 'hi' });
    const run = await runEventHooks(
      selectionFor([
        { name: 'a', command: 'printf "$GREETING a $COSH_HOOK_NAME" >&2' },
        { name: 'b', command: 'printf "$GREETING b $COSH_HOOK_NAME" >&2' },
        { name: 'c', command: 'printf "$GREETING c $COSH_HOOK_NAME" >&2' },
      ]),
      { ...setup, hostEnvironment: environment, hookRunner: createHookRunner(quickStop) },
    );
    expect(run.reports.map((report) => report.stderr)).toEqual(['hi a a', 'hi b b', 'hi c c']);
    expect(listings()).toBe(1);
  });

  it('R4: a single hook gets the host variables as they are at its call', async () => {
    const variables: Record<string, string> = { PATH: process.env['PATH'] ?? '/bin', GREETING: 'first' };
    const hostSetup = { ...setup, hostEnvironment: variables, hookRunner: createHookRunner(quickStop) };
    const selection = selectionFor([{ name: 'a', command: 'printf "$GREETING" >&2' }]);
    expect((await runEventHooks(selection, hostSetup)).reports[0]?.stderr).toBe('first');
    variables['GREETING'] = 'second';
    expect((await runEventHooks(selection, hostSetup)).reports[0]?.stderr).toBe('second');
  });
});

describe('runEventHooks writes the payload (R3, R11)', () => {
  /** The real runner, keeping each request it is given. */
  function recordingRunner(requests: HookProcessRequest[]): HookRunner {
    const real = createHookRunner(quickStop);
    return {
      ...real,
      runHook(request) {
        requests.push(request);
        return real.runHook(request);
      },
    };
  }
  const payloadOf = (text: string) => ({ text, stdin: Buffer.from(text), problem: null });

  it("R11: every hook of a protocol is given that protocol's one buffer, and each reads it whole (R3)", async () => {
    const cosh = payloadOf('{"event":"PreToolUse"}\n');
    const claudePayload = payloadOf('{"hook_event_name":"PreToolUse"}\n');
    const claude = { payload: claudePayload, projectDir: '/', coshInput: {}, claudeInput: {}, mcpServer: undefined };
    const requests: HookProcessRequest[] = [];
    const selection = selectHooks(
      compileHooks(
        hooksConfig({
          PreToolUse: [
            { name: 'a', command: 'cat >&2' },
            { name: 'b', command: 'cat >&2', protocol: 'claude' },
            // Not the same commands as a and b, or they would be deduplicated (M4).
            { name: 'c', command: 'cat >&2; true' },
            { name: 'd', command: 'cat >&2; true', protocol: 'claude' },
          ],
        }).hooks.PreToolUse,
      ),
      'tool',
    );
    const run = await runEventHooks(selection, { ...setup, cosh, claude, hookRunner: recordingRunner(requests) });
    expect(run.reports.map((report) => report.stderr)).toEqual([
      cosh.text,
      claudePayload.text,
      cosh.text,
      claudePayload.text,
    ]);
    const [a, b, c, d] = requests.map((request) => request.stdin);
    expect(a).toBe(cosh.stdin);
    expect(c).toBe(cosh.stdin);
    expect(b).toBe(claudePayload.stdin);
    expect(d).toBe(claudePayload.stdin);
  });
});

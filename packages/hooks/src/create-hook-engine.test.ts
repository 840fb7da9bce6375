import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { validateHooksConfig } from '@cosh/config';
import { beforeEach, describe, expect, it } from 'vitest';
import { isProcessAlive, temporaryFolders, waitUntil } from '@cosh/test-utils';
import { hooksConfig, printing, shellQuote } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import { HooksError } from './hooks-error.ts';

const makeFolder = temporaryFolders('cosh-hooks-');
let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

const file = (name: string): string => join(directory, name);

describe('payload, environment and directory (R3, R4, R5)', () => {
  it('R3: PreToolUse stdin is one line of compact JSON and a newline, byte for byte', async () => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: `cat > ${shellQuote(file('stdin'))}` }] }));
    await engine.preToolUse({
      toolName: 'bash_run',
      toolInput: { command: 'ls -la', nested: { n: 1, text: 'é "q"' } },
    });
    expect(readFileSync(file('stdin'), 'utf8')).toBe(
      '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls -la","nested":{"n":1,"text":"é \\"q\\""}}}\n',
    );
  });

  it('R3: PostToolUse stdin adds the raw tool_output after tool_input (the input as it ran)', async () => {
    const engine = createHookEngine(hooksConfig({ PostToolUse: [{ command: `cat > ${shellQuote(file('stdin'))}` }] }));
    await engine.postToolUse({
      toolName: 'fs_read',
      toolInput: { path: 'a.txt' },
      toolOutput: 'line 1\nline 2\n',
      preToolUseContext: 'not in the payload',
    });
    expect(readFileSync(file('stdin'), 'utf8')).toBe(
      '{"event":"PostToolUse","tool_name":"fs_read","tool_input":{"path":"a.txt"},"tool_output":"line 1\\nline 2\\n"}\n',
    );
  });

  it('R3: each report carries the payload its hook was given on stdin, and what it printed', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'echo', command: `cat > ${shellQuote(file('stdin'))}; echo out; echo err >&2` },
          { name: 'again', command: `cat > ${shellQuote(file('stdin2'))}; echo out; echo err >&2` },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    const given = readFileSync(file('stdin'), 'utf8');
    expect(readFileSync(file('stdin2'), 'utf8')).toBe(given);
    expect(given).toBe('{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}\n');
    expect(pre.hooks.map(({ stdin, stdout, stderr }) => ({ stdin, stdout, stderr }))).toEqual([
      { stdin: given, stdout: 'out\n', stderr: 'err\n' },
      { stdin: given, stdout: 'out\n', stderr: 'err\n' },
    ]);
    // M4: a deduplicated hook was given nothing.
    const deduplicated = createHookEngine(
      hooksConfig({ PreToolUse: [{ command: 'true' }, { name: 'copy', command: 'true' }] }),
    );
    expect((await deduplicated.preToolUse({ toolName: 't', toolInput: {} })).hooks.map((hook) => hook.stdin)).toEqual([
      '{"event":"PreToolUse","tool_name":"t","tool_input":{}}\n',
      '',
    ]);
  });

  it('R4: hooks get the host environment plus COSH_EVENT, COSH_TOOL_NAME, COSH_HOOK_NAME, never the input', async () => {
    const engine = createHookEngine(
      hooksConfig({ PreToolUse: [{ name: 'Env dump', command: `env > ${shellQuote(file('env'))}` }] }),
      { env: { PATH: process.env['PATH'], HOST_VARIABLE: 'from the host' } },
    );
    await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'SECRET-INPUT-7d1c' } });
    const lines = readFileSync(file('env'), 'utf8').split('\n');
    expect(lines).toContain('HOST_VARIABLE=from the host');
    expect(lines).toContain('COSH_EVENT=PreToolUse');
    expect(lines).toContain('COSH_TOOL_NAME=bash_run');
    expect(lines).toContain('COSH_HOOK_NAME=Env dump');
    expect(lines.join('\n')).not.toContain('SECRET-INPUT-7d1c');
  });

  it('R4: without an env option, hooks inherit process.env as it is at call time', async () => {
    const engine = createHookEngine(
      hooksConfig({ PostToolUse: [{ command: 'printf \'{"context":"%s/%s"}\' "$COSH_TEST_VALUE" "$COSH_EVENT"' }] }),
    );
    process.env['COSH_TEST_VALUE'] = 'late';
    try {
      const post = await engine.postToolUse({ toolName: 'x', toolInput: {}, toolOutput: '' });
      expect(post.context).toBe('late/PostToolUse');
    } finally {
      delete process.env['COSH_TEST_VALUE'];
    }
  });

  it('R5: hooks run in the call cwd, else the engine cwd', async () => {
    const inner = join(directory, 'inner');
    writeFileSync(join(directory, 'marker'), '');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(inner);
    const engine = createHookEngine(
      hooksConfig({ PreToolUse: [{ command: 'printf \'{"context":"%s"}\' "$(pwd -P)"' }] }),
      { cwd: directory },
    );
    const engineDirectory = await engine.preToolUse({ toolName: 't', toolInput: {} });
    expect(engineDirectory.context).toBe(realpathSync(directory));
    const callDirectory = await engine.preToolUse({ toolName: 't', toolInput: {}, cwd: inner });
    expect(callDirectory.context).toBe(realpathSync(inner));
  });

  it('R9: a missing working directory is a failed start of each hook, not a throw, and refuses the call', async () => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ name: 'pwd', command: 'pwd' }] }));
    const pre = await engine.preToolUse({ toolName: 't', toolInput: {}, cwd: join(directory, 'missing') });
    expect(pre.hooks[0]).toMatchObject({ name: 'pwd', outcome: 'error', exitCode: null });
    expect(pre.diagnostics[0]?.message).toMatch(/^hook 'pwd' could not start: working directory does not exist/);
    // onError is 'ignore', yet a guard that never ran must not wave the call through.
    expect(pre.decision).toBe('deny');
    expect(pre.reasons[0]).toMatch(
      /^hook 'pwd' could not start: working directory does not exist.*; the call is refused$/,
    );
  });
});

describe('selection (M1–M5, C5, C7)', () => {
  it('M3: results are reported in config order whatever order the hooks finish in', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'slow', command: `sleep 0.6; ${printing({ context: 'first' })}` },
          { name: 'medium', command: `sleep 0.3; ${printing({ context: 'second' })}` },
          { name: 'fast', command: printing({ context: 'third' }) },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(pre.hooks.map((hook) => hook.name)).toEqual(['slow', 'medium', 'fast']);
    expect(pre.context).toBe('first\nsecond\nthird');
    const durations = pre.hooks.map((hook) => hook.durationMs ?? 0);
    expect(durations[0]).toBeGreaterThan(durations[2] ?? 0);
  });

  it('R2: all selected hooks start together: four 2 s hooks take about 2 s, not 8 s', async () => {
    const engine = createHookEngine(
      hooksConfig({ PreToolUse: [1, 2, 3, 4].map((n) => ({ command: `sleep 2 # ${n}` })) }),
    );
    const startedAt = performance.now();
    const pre = await engine.preToolUse({ toolName: 't', toolInput: {} });
    const elapsed = performance.now() - startedAt;
    expect(pre.hooks.every((hook) => hook.outcome === 'none')).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(1_990);
    // One after the other they would take 8 s: anything well under that shows they ran together,
    // and the 3 s margin is for starting four shells on a machine whose cores are busy.
    expect(elapsed).toBeLessThan(5_000);
  });

  it('M4: identical commands run once; the first in config order wins (name, timeout, onError)', async () => {
    const command = `echo ran >> ${shellQuote(file('count'))}; sleep 2`;
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'not this tool', matcher: '^other$', command },
          { name: 'first', command, timeout: 0.3, onError: 'deny' },
          { name: 'second', command, timeout: 60 },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(readFileSync(file('count'), 'utf8')).toBe('ran\n');
    expect(pre.hooks).toHaveLength(2);
    expect(pre.hooks[0]).toMatchObject({ name: 'first', outcome: 'error', timedOut: true, deduplicated: false });
    expect(pre.hooks[1]).toMatchObject({
      name: 'second',
      index: 2,
      outcome: null,
      exitCode: null,
      signal: null,
      durationMs: null,
      deduplicated: true,
      duplicateOf: 'first',
    });
    expect(pre.decision).toBe('deny');
    expect(pre.reasons).toEqual(["hook 'first' failed: timed out after 0.3s"]);
  });

  it('M1/M2: matchers are searched in the tool name; one that does not compile never runs, silently', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'search', matcher: 'bash_run', command: printing({ context: 'search' }) },
          { name: 'anchored', matcher: '^fs_read$', command: printing({ context: 'anchored' }) },
          { name: 'glob', matcher: '*_run', command: printing({ decision: 'deny' }) },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'my_bash_runner', toolInput: {} });
    expect(pre.hooks.map((hook) => hook.name)).toEqual(['search']);
    expect(pre.decision).toBe('none');
    expect(pre.diagnostics).toEqual([]);
    const read = await engine.preToolUse({ toolName: 'fs_read', toolInput: {} });
    expect(read.hooks.map((hook) => hook.name)).toEqual(['anchored']);
  });

  it('M5: matchers are compiled when the engine is made, not per call', async () => {
    const validated = hooksConfig({
      PreToolUse: [{ name: 'only bash', matcher: '^bash_run$', command: printing({ decision: 'allow' }) }],
    });
    // A validated config is frozen; an unfrozen copy shows that a later change cannot reach the engine.
    const entry = { ...validated.hooks.PreToolUse[0]! };
    const engine = createHookEngine({ ...validated, hooks: { ...validated.hooks, PreToolUse: [entry] } });
    entry.matcher = '^fs_read$';
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).decision).toBe('allow');
    expect((await engine.preToolUse({ toolName: 'fs_read', toolInput: {} })).hooks).toEqual([]);
  });

  it('C5: a hook with enabled: false is as if it were not there (not run, not reported, does not win M4)', async () => {
    const command = `echo ran >> ${shellQuote(file('count'))}`;
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'off', command, enabled: false },
          { name: 'blocker off', command: 'exit 2', enabled: false },
          { name: 'on', command },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 't', toolInput: {} });
    expect(pre.hooks.map((hook) => [hook.name, hook.deduplicated, hook.index])).toEqual([['on', false, 2]]);
    expect(pre.decision).toBe('none');
    expect(readFileSync(file('count'), 'utf8')).toBe('ran\n');
  });

  it('C7: a disabled event behaves exactly as if no hook matched', async () => {
    const marker = file('ran');
    const config = hooksConfig(
      {
        PreToolUse: [{ command: `touch ${shellQuote(marker)}; exit 49` }],
        PostToolUse: [{ command: `touch ${shellQuote(marker)}; ${printing({ decision: 'deny', context: 'c' })}` }],
      },
      { PreToolUse: false, PostToolUse: false },
    );
    const engine = createHookEngine(config);
    const toolInput = { command: 'ls' };
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput });
    expect(pre).toMatchObject({ decision: 'none', halt: false, reasons: [], context: '', hooks: [], diagnostics: [] });
    expect(pre.toolInput).toBe(toolInput);
    const post = await engine.postToolUse({
      toolName: 'bash_run',
      toolInput,
      toolOutput: 'out',
      preToolUseContext: 'pre',
    });
    // Only the PreToolUse context is appended, as for a call no PostToolUse hook matched (P2).
    expect(post).toMatchObject({ decision: 'none', halt: false, hooks: [], toolOutput: 'out\npre' });
    const unchanged = await engine.postToolUse({ toolName: 'bash_run', toolInput, toolOutput: 'out' });
    expect(unchanged.toolOutput).toBe('out');
    expect(() => readFileSync(marker)).toThrow();
  });

  it('C7: one event can be off while the other runs', async () => {
    const engine = createHookEngine(
      hooksConfig(
        { PreToolUse: [{ command: 'exit 2' }], PostToolUse: [{ command: printing({ context: 'post ran' }) }] },
        { PreToolUse: false },
      ),
    );
    expect((await engine.preToolUse({ toolName: 't', toolInput: {} })).decision).toBe('none');
    expect((await engine.postToolUse({ toolName: 't', toolInput: {}, toolOutput: 'x' })).toolOutput).toBe(
      'x\npost ran',
    );
  });
});

describe('bounded concurrency (R11)', () => {
  /**
   * A hook that records how many hooks are alive as it starts (marker files in `live`, each
   * removed before its shell exits), then prints `output` (exit `exitCode`).
   */
  const counted = (live: string, output: string, exitCode = 0): string =>
    `: > "${live}/$$"; set -- "${live}"/*; echo $# >> "${live}.counts"; sleep 0.02; rm "${live}/$$"; ${output}; exit ${exitCode}`;
  const highestCount = (live: string): number =>
    Math.max(...readFileSync(`${live}.counts`, 'utf8').trim().split('\n').map(Number));

  it('R11: 60 hooks with a limit of 8 never run more than 8 at once; all finish; the verdict keeps config order', async () => {
    const live = file('live');
    mkdirSync(live);
    const entries = Array.from({ length: 60 }, (_, index) =>
      index % 20 === 7
        ? { name: `deny ${index}`, command: counted(live, `echo 'reason ${index}' >&2`, 2) }
        : { name: `context ${index}`, command: counted(live, printing({ context: `c${index}` })) },
    );
    const engine = createHookEngine(hooksConfig({ PreToolUse: entries }), { runner: { maxConcurrentProcesses: 8 } });
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(pre.hooks).toHaveLength(60);
    expect(pre.hooks.every((hook) => hook.exitCode !== null && !hook.timedOut)).toBe(true);
    expect(pre.decision).toBe('deny');
    expect(pre.reasons).toEqual(['reason 7', 'reason 27', 'reason 47']);
    expect(pre.context.split('\n')).toEqual(
      Array.from({ length: 60 }, (_, index) => index)
        .filter((index) => index % 20 !== 7)
        .map((index) => `c${index}`),
    );
    expect(highestCount(live)).toBeLessThanOrEqual(8);
    expect(highestCount(live)).toBeGreaterThan(1);
  }, 120_000);

  it('R11: the limit holds across calls the engine serves at the same time', async () => {
    const live = file('live');
    mkdirSync(live);
    const entries = Array.from({ length: 6 }, (_, index) => ({ command: `${counted(live, 'true')} # ${index}` }));
    const engine = createHookEngine(hooksConfig({ PreToolUse: entries, PostToolUse: entries }), {
      runner: { maxConcurrentProcesses: 4 },
    });
    const results = await Promise.all([
      engine.preToolUse({ toolName: 'a', toolInput: {} }),
      engine.preToolUse({ toolName: 'b', toolInput: {} }),
      engine.postToolUse({ toolName: 'c', toolInput: {}, toolOutput: '' }),
    ]);
    expect(results.flatMap((result) => result.hooks.map((hook) => hook.outcome))).toEqual(Array(18).fill('none'));
    expect(highestCount(live)).toBeLessThanOrEqual(4);
  }, 60_000);

  it('R11 L6: a hook that waits for a slot gets its whole timeout once it runs', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'first', command: 'sleep 1.5' },
          { name: 'second', command: `sleep 0.2; ${printing({ decision: 'allow' })}`, timeout: 0.5 },
        ],
      }),
      { runner: { maxConcurrentProcesses: 1 } },
    );
    const pre = await engine.preToolUse({ toolName: 't', toolInput: {} });
    expect(pre.hooks.map((hook) => [hook.name, hook.outcome, hook.timedOut])).toEqual([
      ['first', 'none', false],
      ['second', 'allow', false],
    ]);
    expect(pre.decision).toBe('allow');
  });

  it('R11: createHookEngine refuses a limit below one', () => {
    expect(() => createHookEngine(hooksConfig({}), { runner: { maxConcurrentProcesses: 0 } })).toThrow(
      expect.objectContaining({ code: 'E_HOOKS_INVALID_OPTIONS' }),
    );
  });
});

describe('outcomes and verdicts through real hooks (O, A, P)', () => {
  it('A1/A2/A5: a halt is sticky and reported beside the decision; reasons are the halts', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'allow', command: printing({ decision: 'allow' }) },
          { name: 'deny', command: 'echo "no rm" >&2; exit 2' },
          { name: 'stop', command: 'echo HALTED >&2; exit 49' },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf /' } });
    expect(pre).toMatchObject({ decision: 'deny', halt: true, reasons: ['HALTED'] });
    expect(pre.hooks.map((hook) => [hook.outcome, hook.exitCode])).toEqual([
      ['allow', 0],
      ['deny', 2],
      ['halt', 49],
    ]);
  });

  it('A2/O3/O6: deny wins over allow; reasons in config order from JSON reason, stderr or the default', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'allow', command: printing({ decision: 'allow', context: 'allowed' }) },
          { name: 'json deny', command: printing({ decision: 'deny', reason: 'rm -rf is not allowed' }) },
          { name: 'bare exit 2', command: 'exit 2' },
          { name: 'exit 2 with allow JSON', command: printing({ decision: 'allow', reason: 'still no' }, 2) },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {} });
    expect(pre.decision).toBe('deny');
    expect(pre.halt).toBe(false);
    expect(pre.reasons).toEqual(['rm -rf is not allowed', "blocked by hook 'bare exit 2'", 'still no']);
    expect(pre.context).toBe('allowed');
  });

  it('A3/A6/A7: allow with rewrites merged in config order (not finish order) and contexts joined', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          {
            name: 'slow rewrite',
            command: `sleep 0.3; ${printing({ updated_input: { command: 'ls --color=never', a: 1 } })}`,
          },
          {
            name: 'fast rewrite',
            command: printing({ decision: 'allow', updated_input: { a: 2 }, context: 'rewrote a' }),
          },
          { name: 'garbage', command: 'echo not json' },
        ],
      }),
    );
    const toolInput = { command: 'ls', keep: true };
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput });
    expect(pre.decision).toBe('allow');
    expect(pre.toolInput).toEqual({ command: 'ls --color=never', keep: true, a: 2 });
    expect(toolInput).toEqual({ command: 'ls', keep: true });
    expect(pre.context).toBe('rewrote a');
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['none', 'allow', 'invalid']);
    expect(pre.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringMatching(/^hook 'garbage' printed invalid output: /),
      `hooks 'slow rewrite' and 'fast rewrite' set updated_input key "a" to different values; 'fast rewrite' wins (later in config order)`,
    ]);
  });

  it('A4: no hook matched means decision none and the input as given', async () => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ matcher: '^fs_', command: 'exit 2' }] }));
    const toolInput = { command: 'ls' };
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput });
    expect(pre).toMatchObject({ event: 'PreToolUse', toolName: 'bash_run', decision: 'none', halt: false, hooks: [] });
    expect(pre.toolInput).toBe(toolInput);
  });

  it('P2: PostToolUse composes raw output, PreToolUse context, PostToolUse contexts, then [hook] lines', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PostToolUse: [
          { name: 'flag', command: 'echo "secret found" >&2; exit 2' },
          { name: 'note', command: `sleep 0.2; ${printing({ context: 'note 1' })}` },
          { name: 'flag default', command: printing({ decision: 'deny', context: 'note 2' }) },
          { name: 'rewrite', command: printing({ updated_input: { x: 1 } }) },
        ],
      }),
    );
    const post = await engine.postToolUse({
      toolName: 'fs_read',
      toolInput: { path: 'a' },
      toolOutput: 'contents',
      preToolUseContext: 'pre context',
    });
    expect(post.toolOutput).toBe(
      "contents\npre context\nnote 1\nnote 2\n[hook] secret found\n[hook] hook 'flag default' flagged this output",
    );
    expect(post.decision).toBe('deny');
    expect(post.halt).toBe(false);
    expect(post.toolInput).toEqual({ path: 'a' });
    expect(post.diagnostics.map((diagnostic) => diagnostic.level)).toEqual(['warning']);
  });

  it('P2: with nothing to append the output is unchanged, byte for byte', async () => {
    const engine = createHookEngine(
      hooksConfig({ PostToolUse: [{ command: 'true' }, { command: printing({ decision: 'allow' }) }] }),
    );
    const raw = 'no newline at the end \u0000\r';
    expect((await engine.postToolUse({ toolName: 't', toolInput: {}, toolOutput: raw })).toolOutput).toBe(raw);
  });

  it('P4: a PostToolUse halt keeps the composed output and reports the halt', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PostToolUse: [{ name: 'stop', command: `echo 'enough' >&2; ${printing({ context: 'why' }, 49)}` }],
      }),
    );
    const post = await engine.postToolUse({ toolName: 't', toolInput: {}, toolOutput: 'out\n' });
    expect(post).toMatchObject({ halt: true, reasons: ['enough'], toolOutput: 'out\nwhy' });
  });
});

describe('nothing lost (R6, L5, L6)', () => {
  it('R6: a timed-out hook is an error outcome and nothing it started survives', async () => {
    const pidFile = file('pids');
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          {
            name: 'stuck',
            command: `sleep 60 & echo $! > ${shellQuote(pidFile)}; trap '' TERM; sleep 60`,
            timeout: 0.5,
          },
        ],
      }),
    );
    const startedAt = performance.now();
    const pre = await engine.preToolUse({ toolName: 't', toolInput: {} });
    // L6: the timeout and 2 s more, plus 3 s for a loaded machine; a hang would be the 60 s sleep.
    expect(performance.now() - startedAt).toBeLessThan(0.5 * 1000 + 2000 + 3000);
    expect(pre.hooks[0]).toMatchObject({ outcome: 'error', timedOut: true, exitCode: null });
    expect(pre.diagnostics[0]?.message).toBe(
      `hook 'stuck' timed out after 0.5s: the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)`,
    );
    expect(pre.decision).toBe('none');
    const background = Number(readFileSync(pidFile, 'utf8'));
    expect(background).toBeGreaterThan(0);
    expect(isProcessAlive(background)).toBe(false);
  });

  it('L6: crashes, garbage, floods and timeouts never throw and finish within the largest timeout + 2 s', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'killed', command: 'kill -9 $$' },
          { name: 'garbage', command: 'echo "{not json"' },
          { name: 'exit 1', command: 'echo boom >&2; exit 1' },
          { name: 'missing', command: 'definitely-not-a-command-cosh' },
          { name: 'flood', command: 'head -c 3000000 /dev/zero | tr "\\0" x' },
          { name: 'closes stdin', command: 'exec 0<&-; exit 0' },
          { name: 'ignores TERM', command: "trap '' TERM; sleep 30", timeout: 1 },
          { name: 'background', command: `sleep 30 & echo $! > ${shellQuote(file('helper.pid'))}; exit 0` },
          { name: 'array', command: 'echo "[1]"' },
        ],
      }),
    );
    const startedAt = performance.now();
    const pre = await engine.preToolUse({ toolName: 't', toolInput: { big: 'x'.repeat(4 * 1024 * 1024) } });
    const elapsed = performance.now() - startedAt;
    // R7 leaves the finished hook's helper running; the test does not leave it behind.
    process.kill(Number(readFileSync(file('helper.pid'), 'utf8')), 'SIGKILL');
    // Every hook but 'ignores TERM' (1 s) ends on its own, and the others' timeout is the 60 s
    // default: a hang would show as a minute. 10 s leaves room for a loaded CI machine pushing
    // 9 × 4 MiB of stdin and a 3 MB flood through its pipes.
    expect(elapsed).toBeLessThan(10_000);
    expect(pre.decision).toBe('none');
    expect(pre.halt).toBe(false);
    expect(pre.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([
      ['killed', 'error'],
      ['garbage', 'invalid'],
      ['exit 1', 'error'],
      ['missing', 'error'],
      ['flood', 'invalid'],
      ['closes stdin', 'none'],
      ['ignores TERM', 'error'],
      ['background', 'none'],
      ['array', 'invalid'],
    ]);
    expect(pre.hooks[0]?.signal).toBe('SIGKILL');
    expect(pre.hooks[4]?.truncated).toBe(true);
    expect(pre.hooks[6]?.timedOut).toBe(true);
    expect(pre.diagnostics.every((diagnostic) => diagnostic.level === 'error')).toBe(true);
    expect(pre.diagnostics).toHaveLength(7);
  });

  it("K1/K4/H3: Claude-protocol hooks run, a command and a url: the url is sent the Claude payload and its answer read with Claude's rules", async () => {
    const marker = file('claude-ran');
    const bodies: string[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.end(
          JSON.stringify({
            hookSpecificOutput: {
              hookEventName: 'PreToolUse',
              permissionDecision: 'deny',
              permissionDecisionReason: 'no rm here',
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const validated = validateHooksConfig({
        hooks: {
          PreToolUse: [
            { name: 'claude policy', protocol: 'claude', matcher: 'Bash', url },
            // Claude's matcher (K2) on the Claude name of bash_run: selected, and run (plain text: no opinion).
            { name: 'claude guard', protocol: 'claude', matcher: 'Bash', command: `touch ${shellQuote(marker)}` },
            { name: 'fine', command: printing({ decision: 'allow' }) },
          ],
        },
      });
      if (!validated.ok) throw validated.error;
      const engine = createHookEngine(validated.config);
      const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf x' } });
      engine.close();
      expect(pre.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([
        ['claude policy', 'deny'],
        ['claude guard', 'none'],
        ['fine', 'allow'],
      ]);
      expect(pre.decision).toBe('deny');
      expect(pre.reasons).toEqual(['no rm here']);
      expect(existsSync(marker)).toBe(true);
      expect(bodies).toHaveLength(1);
      expect(JSON.parse(bodies[0] as string)).toMatchObject({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf x' },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('L6: a call the engine cannot describe to hooks is denied, not thrown', async () => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'true' }] }));
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: ['not', 'an', 'object'] as never });
    expect(pre).toMatchObject({
      decision: 'deny',
      reasons: ['invalid tool call: toolInput must be a JSON object'],
      hooks: [],
    });
    const post = await engine.postToolUse({ toolName: 't', toolInput: {}, toolOutput: 42 as never });
    expect(post).toMatchObject({
      decision: 'deny',
      toolOutput: '[hook] invalid tool call: toolOutput must be a string',
    });
  });

  it('R4/L6: a tool name holding NUL is denied in both events, even with no hook matching; no hook runs', async () => {
    const marker = file('ran');
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [{ command: `touch ${shellQuote(marker)}` }],
        PostToolUse: [{ matcher: '^never$', command: 'true' }],
      }),
    );
    const reason =
      'invalid tool call: toolName contains a NUL character (U+0000), which no hook can be given in COSH_TOOL_NAME';
    const pre = await engine.preToolUse({ toolName: 'bash_run\u0000x', toolInput: {} });
    expect(pre).toMatchObject({ decision: 'deny', halt: false, reasons: [reason], hooks: [] });
    const post = await engine.postToolUse({ toolName: 'bash_run\u0000x', toolInput: {}, toolOutput: 'out' });
    expect(post).toMatchObject({ decision: 'deny', toolOutput: `out\n[hook] ${reason}`, hooks: [] });
    expect(() => readFileSync(marker)).toThrow();
  });

  it('L7: a tool name longer than 1,024 characters is refused in both events with no hook run; 1,024 reach hooks whole', async () => {
    const marker = file('ran');
    const names = file('names');
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { command: `touch ${shellQuote(marker)}; printf '%s\\n' "$COSH_TOOL_NAME" >> ${shellQuote(names)}` },
        ],
        PostToolUse: [{ command: `touch ${shellQuote(marker)}` }],
      }),
    );
    // 128 KiB and more could not even be put in COSH_TOOL_NAME (E2BIG): every hook would fail to start.
    for (const toolName of ['x'.repeat(1025), 'y'.repeat(200 * 1024)]) {
      const reason = `invalid tool call: toolName is ${toolName.length} characters long; a hook can be given at most 1024`;
      const pre = await engine.preToolUse({ toolName, toolInput: {} });
      expect(pre).toMatchObject({ decision: 'deny', halt: false, reasons: [reason], hooks: [] });
      const post = await engine.postToolUse({ toolName, toolInput: {}, toolOutput: 'out' });
      expect(post).toMatchObject({ decision: 'deny', toolOutput: `out\n[hook] ${reason}`, hooks: [] });
    }
    expect(() => readFileSync(marker)).toThrow();

    // Characters are code points: 1,024 emoji (2,048 UTF-16 units) are a name hooks can be given.
    const longest = ['z'.repeat(1024), '\u{1F600}'.repeat(1024)];
    for (const toolName of longest) {
      const pre = await engine.preToolUse({ toolName, toolInput: {} });
      expect(pre.decision).toBe('none');
    }
    expect(readFileSync(names, 'utf8')).toBe(`${longest.join('\n')}\n`);
  });

  it('X (cancellation): an aborted call stops its running hooks as a timeout would and is denied in both events', async () => {
    const pidFile = file('pid');
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [{ name: 'slow', command: `echo $$ > ${shellQuote(pidFile)}; sleep 30`, timeout: 60 }],
        PostToolUse: [{ name: 'slow', command: `echo $$ > ${shellQuote(pidFile)}; sleep 30`, timeout: 60 }],
      }),
    );
    for (const event of ['PreToolUse', 'PostToolUse'] as const) {
      rmSync(pidFile, { force: true });
      const controller = new AbortController();
      const startedAt = performance.now();
      const running =
        event === 'PreToolUse'
          ? engine.preToolUse({ toolName: 't', toolInput: {}, signal: controller.signal })
          : engine.postToolUse({ toolName: 't', toolInput: {}, toolOutput: 'out', signal: controller.signal });
      await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'), 10_000);
      const shell = Number(readFileSync(pidFile, 'utf8'));
      controller.abort();
      const result = await running;
      // Far from the 60 s timeout: the abort stopped the group (SIGTERM, SIGKILL within 1 s).
      expect(performance.now() - startedAt).toBeLessThan(10_000);
      expect(isProcessAlive(shell)).toBe(false);
      expect(result).toMatchObject({ decision: 'deny', reasons: ['the call was cancelled; its hooks were stopped'] });
      expect(result.hooks).toHaveLength(1);
      if (result.event === 'PostToolUse')
        expect(result.toolOutput).toBe('out\n[hook] the call was cancelled; its hooks were stopped');
    }
  });

  it('X (cancellation): a call cancelled before its hooks start runs none and is denied', async () => {
    const marker = file('ran');
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: `touch ${shellQuote(marker)}` }] }));
    const pre = await engine.preToolUse({ toolName: 't', toolInput: {}, signal: AbortSignal.abort() });
    expect(pre).toMatchObject({ decision: 'deny', reasons: ['the call was cancelled; its hooks were stopped'] });
    expect(existsSync(marker)).toBe(false);
  });

  it('L6, R9: an input that cannot be serialised is a failed start of each hook, which refuses the call', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'strict', command: 'true', onError: 'deny' },
          { name: 'lenient', command: 'true # 2' },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 't', toolInput: { size: 10n } });
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['error', 'error']);
    expect(pre.decision).toBe('deny');
    expect(pre.reasons).toHaveLength(2);
    expect(pre.reasons[1]).toMatch(
      /^hook 'lenient' could not start: the tool input cannot be sent as JSON: .*; the call is refused$/,
    );
  });

  it('createHookEngine throws HooksError for runner options that cannot work, before any call', () => {
    let caught: unknown;
    try {
      createHookEngine(hooksConfig({}), { runner: { killGraceMs: -1 } });
    } catch (error) {
      caught = error;
    }
    expect(HooksError.isInstance(caught)).toBe(true);
    expect((caught as HooksError).code).toBe('E_HOOKS_INVALID_OPTIONS');
    expect((caught as HooksError).cause).toBeDefined();
  });
});

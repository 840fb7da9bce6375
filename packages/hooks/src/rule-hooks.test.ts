// SPEC D1, D2: rule hooks run in Cosh's own process, through the engine as any hook is selected,
// deduplicated and reported; a call whose selected hooks are all rules starts no process.
import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { hooksConfig, printing, type TestEntry } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import type { HookEngine, HookEngineOptions } from './hook-engine-types.ts';

const makeFolder = temporaryFolders('cosh-rule-hooks-');
const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** A `/bin/sh` stand-in that appends a line to `log` for every process the runner starts. */
function countingShell(): { readonly shell: string; readonly started: () => number } {
  const folder = makeFolder();
  const log = join(folder, 'spawned.log');
  const shell = join(folder, 'counting-sh');
  writeFileSync(shell, `#!/bin/sh\necho started >> '${log}'\nexec /bin/sh "$@"\n`);
  chmodSync(shell, 0o755);
  return {
    shell,
    started: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0),
  };
}

function engineWith(hooks: { PreToolUse?: TestEntry[]; PostToolUse?: TestEntry[] }, options: HookEngineOptions = {}) {
  const engine = createHookEngine(hooksConfig(hooks), { cwd: process.cwd(), ...options });
  engines.push(engine);
  return engine;
}

const noRmRf: TestEntry = {
  name: 'no rm -rf',
  matcher: '^bash_run$',
  rule: { field: 'command', regex: 'rm\\s+-[a-zA-Z]*r[a-zA-Z]*f', decision: 'deny', reason: 'rm -rf is not allowed' },
};

describe('D1 rule hooks in the engine', () => {
  it('D1: a rule that holds denies with its reason; one that does not is no opinion', async () => {
    const engine = engineWith({ PreToolUse: [noRmRf] });
    const denied = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf /' } });
    expect(denied).toMatchObject({ decision: 'deny', reasons: ['rm -rf is not allowed'] });
    expect(denied.hooks[0]).toMatchObject({
      name: 'no rm -rf',
      outcome: 'deny',
      kind: 'rule',
      exitCode: null,
      signal: null,
    });
    expect(typeof denied.hooks[0]?.durationMs).toBe('number');
    const allowed = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls -la' } });
    expect(allowed).toMatchObject({ decision: 'none', reasons: [] });
    expect(allowed.hooks[0]).toMatchObject({ outcome: 'none', kind: 'rule' });
  });

  it('D1: the matcher applies as to any hook', async () => {
    const engine = engineWith({ PreToolUse: [noRmRf] });
    const other = await engine.preToolUse({ toolName: 'fs_write', toolInput: { command: 'rm -rf /' } });
    expect(other.hooks).toEqual([]);
  });

  it('D1: halt, allow, ask and context answer as a command hook would (A1, A3, K7, A6)', async () => {
    const rule = (decision: string, extra: Record<string, unknown> = {}): TestEntry => ({
      rule: { field: 'command', contains: 'x', decision, ...extra },
    });
    const verdict = async (entries: TestEntry[]) =>
      engineWith({ PreToolUse: entries }).preToolUse({ toolName: 'bash_run', toolInput: { command: 'x' } });
    expect(await verdict([rule('halt', { reason: 'stop' })])).toMatchObject({ halt: true, reasons: ['stop'] });
    expect(await verdict([rule('allow')])).toMatchObject({ decision: 'allow', halt: false });
    expect(await verdict([rule('ask', { reason: 'sure?' })])).toMatchObject({ decision: 'ask', reasons: ['sure?'] });
    expect(await verdict([rule('context', { context: 'mind the tests' })])).toMatchObject({
      decision: 'none',
      context: 'mind the tests',
    });
    // A2: a rule's deny wins over a command hook's allow, in config order.
    expect(
      await verdict([{ command: printing({ decision: 'allow' }) }, rule('deny', { reason: 'no x' })]),
    ).toMatchObject({ decision: 'deny', reasons: ['no x'] });
  });

  it('D1: a missing field never holds, with not always', async () => {
    const engine = engineWith({
      PreToolUse: [
        { name: 'plain', rule: { field: 'path', glob: '.env', decision: 'deny' } },
        {
          name: 'inverted',
          rule: { field: 'path', glob: '/work/**', not: true, decision: 'deny', reason: 'outside /work' },
        },
      ],
    });
    const verdict = await engine.preToolUse({ toolName: 'fs_read', toolInput: { file: 'a' } });
    expect(verdict.hooks.map((hook) => hook.outcome)).toEqual(['none', 'deny']);
    expect(verdict.reasons).toEqual(['outside /work']);
    const inside = await engine.preToolUse({ toolName: 'fs_read', toolInput: { path: '/work/.env' } });
    expect(inside.reasons).toEqual(["blocked by hook 'plain'"]);
  });

  it('D1: PostToolUse rules flag the output and add context (P2)', async () => {
    const engine = engineWith({
      PostToolUse: [
        { rule: { field: 'command', contains: 'curl', decision: 'context', context: 'network was used' } },
        { name: 'flag', rule: { field: 'command', contains: 'curl', decision: 'deny' } },
      ],
    });
    const verdict = await engine.postToolUse({
      toolName: 'bash_run',
      toolInput: { command: 'curl example.com' },
      toolOutput: 'ok',
      toolResult: { status: 'success', output: 'ok' },
    } as never);
    expect(verdict.toolOutput).toBe("ok\nnetwork was used\n[hook] hook 'flag' flagged this output");
  });

  it('M4/D1: identical rules are deduplicated, the first wins', async () => {
    const rule = { field: 'command', contains: 'x', decision: 'deny' };
    const engine = engineWith({
      PreToolUse: [
        { name: 'first', rule },
        { name: 'second', rule: { decision: 'deny', contains: 'x', field: 'command' } },
      ],
    });
    const verdict = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'x' } });
    expect(verdict.hooks.map((hook) => [hook.name, hook.deduplicated, hook.duplicateOf])).toEqual([
      ['first', false, null],
      ['second', true, 'first'],
    ]);
    expect(verdict.reasons).toEqual(["blocked by hook 'first'"]);
  });

  it('C5/D1: a disabled rule and a disabled event are as if absent', async () => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ ...noRmRf, enabled: false }] }), {});
    engines.push(engine);
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf /' } })).hooks).toEqual([]);
    const off = createHookEngine(hooksConfig({ PreToolUse: [noRmRf] }, { PreToolUse: false }), {});
    engines.push(off);
    expect((await off.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf /' } })).decision).toBe('none');
  });

  it('O5/D1: onError does not turn a rule that did not hold into a deny', async () => {
    const engine = engineWith({ PreToolUse: [{ ...noRmRf, onError: 'deny' }] });
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } })).decision).toBe('none');
  });
});

describe('D2 rule hooks start no process', () => {
  it('D2: a call whose selected hooks are all rules starts no process; one with a command hook does (the probe works)', async () => {
    const probe = countingShell();
    const engine = engineWith(
      {
        PreToolUse: [
          noRmRf,
          { rule: { field: '*', contains: 'secret', decision: 'ask' } },
          { matcher: '^fs_write$', command: 'exit 0' },
        ],
      },
      { runner: { shell: probe.shell } },
    );
    for (let call = 0; call < 20; call += 1) {
      const verdict = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: `rm -rf /tmp/${call}` } });
      expect(verdict.decision).toBe('deny');
    }
    expect(probe.started()).toBe(0);
    await engine.preToolUse({ toolName: 'fs_write', toolInput: { path: 'a', content: '' } });
    expect(probe.started()).toBe(1);
  });

  it('D2: rules run even where no process could start (no working folder, a runner shell that is missing)', async () => {
    const engine = engineWith(
      { PreToolUse: [noRmRf] },
      { runner: { shell: '/nonexistent/sh' }, cwd: '/nonexistent/folder' },
    );
    const verdict = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf /' } });
    expect(verdict).toMatchObject({ decision: 'deny', reasons: ['rm -rf is not allowed'] });
    expect(verdict.hooks[0]?.stdin).toBe('');
  });
});

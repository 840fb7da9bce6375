import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive, killQuietly, temporaryFolders, waitUntil } from '@cosh/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hooksConfig, shellQuote, type TestEntry } from '../../__fixtures__/hooks-config.ts';
import { createHookEngine } from '../../create-hook-engine.ts';
import type { HookEngine } from '../../hook-engine-types.ts';
import type { HookReport } from '../../hook-report.ts';

const makeFolder = temporaryFolders('cosh-resident-hooks-');
let directory: string;
const engines: HookEngine[] = [];
const cleanup: number[] = [];
beforeEach(() => {
  directory = makeFolder();
});
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  killQuietly(cleanup.splice(0));
});

const examples = new URL('../../../../../examples/', import.meta.url).pathname;

function engineOf(hooks: Parameters<typeof hooksConfig>[0], options: Parameters<typeof createHookEngine>[1] = {}) {
  const engine = createHookEngine(hooksConfig(hooks), { cwd: directory, ...options });
  engines.push(engine);
  return engine;
}

/** A script in the test folder, run as `sh <file>`. */
function script(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return `sh ${shellQuote(path)}`;
}

// The id is the line's first field: sed takes it out.
const readId = `id=$(printf '%s' "$line" | sed 's/^{"id":"\\([^"]*\\)".*/\\1/')`;

/** A shell resident hook answering every line with `answer` (a JSON object's fields after the id) and its pid as context. */
function answering(fields: string): string {
  return `while IFS= read -r line; do ${readId}; printf '{"id":"%s",${fields.replaceAll('%', '%%')}"context":"%s"}\\n' "$id" "$$"; done`;
}

const rmRf = { toolName: 'bash_run', toolInput: { command: 'rm -rf /tmp/x' } };
const read = { toolName: 'fs_read', toolInput: { path: 'a.txt' } };

describe('R12 resident hooks through the engine', () => {
  it('R12: one process serves every call; the answer is read as O1, its "exit" as the exit status', async () => {
    const guard = script(
      'exit.sh',
      `while IFS= read -r line; do ${readId}
case "$line" in
  *halt*) printf '{"id":"%s","exit":49,"reason":"stop"}\\n' "$id" ;;
  *block*) printf '{"id":"%s","exit":2}\\n' "$id" ;;
  *) printf '{"id":"%s","decision":"allow","context":"%s"}\\n' "$id" "$$" ;;
esac; done`,
    );
    const engine = engineOf({ PreToolUse: [{ name: 'guard', command: guard, resident: true }] });
    const first = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    const second = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    expect(first.decision).toBe('allow');
    expect(second.context).toBe(first.context);
    expect(first.hooks[0]).toMatchObject({ outcome: 'allow', exitCode: 0, resident: true });
    const blocked = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'block' } });
    expect(blocked).toMatchObject({ decision: 'deny', reasons: ["blocked by hook 'guard'"] });
    expect(blocked.hooks[0]).toMatchObject({ outcome: 'deny', exitCode: 2 });
    const halted = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'halt' } });
    expect(halted).toMatchObject({ halt: true, reasons: ['stop'] });
  });

  it('R12/R4: the process runs in the engine cwd with R4 environment but no COSH_TOOL_NAME', async () => {
    const guard = script(
      'env.sh',
      `while IFS= read -r line; do ${readId}; printf '{"id":"%s","context":"%s|%s|%s"}\\n' "$id" "$PWD" "$COSH_HOOK_NAME" "\${COSH_TOOL_NAME-unset}"; done`,
    );
    const engine = engineOf({ PreToolUse: [{ name: 'env', command: guard, resident: true }] });
    const result = await engine.preToolUse({ ...read, cwd: '/' });
    expect(result.context).toBe(`${directory}|env|unset`);
  });

  it('R12: a crash mid-call is an error (onError decides); the next call restarts the process', async () => {
    const guard = script(
      'crash.sh',
      `while IFS= read -r line; do ${readId}; case "$line" in *crash*) echo boom >&2; exit 3 ;; esac
printf '{"id":"%s","context":"%s"}\\n' "$id" "$$"; done`,
    );
    const engine = engineOf({ PreToolUse: [{ name: 'guard', command: guard, resident: true, onError: 'deny' }] });
    const before = await engine.preToolUse(read);
    const crashed = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'crash' } });
    expect(crashed.decision).toBe('deny');
    expect(crashed.hooks[0]).toMatchObject({ outcome: 'error', exitCode: null, resident: true, stderr: 'boom\n' });
    expect(crashed.reasons[0]).toBe("hook 'guard' failed: the resident process exited with code 3");
    const after = await engine.preToolUse(read);
    expect(after.hooks[0]?.outcome).toBe('none');
    expect(after.context).not.toBe(before.context);
  });

  it('R12/R6: a call never answered times out; the process is ended and restarted for the next call', async () => {
    const guard = script(
      'silent.sh',
      `while IFS= read -r line; do ${readId}; case "$line" in *silent*) continue ;; esac
printf '{"id":"%s","context":"%s"}\\n' "$id" "$$"; done`,
    );
    const engine = engineOf(
      { PreToolUse: [{ name: 'guard', command: guard, resident: true, timeout: 0.3 }] },
      { runner: { killGraceMs: 200 } },
    );
    const before = await engine.preToolUse(read);
    const pid = Number(before.context);
    cleanup.push(pid);
    const silent = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'silent' } });
    expect(silent.hooks[0]).toMatchObject({ outcome: 'error', timedOut: true });
    expect(isProcessAlive(pid)).toBe(false);
    const after = await engine.preToolUse(read);
    expect(after.context).not.toBe(before.context);
  });

  it('R12/R9: a resident hook that cannot start denies the call whatever onError says', async () => {
    const engine = engineOf(
      { PreToolUse: [{ name: 'guard', command: 'true', resident: true }] },
      {
        cwd: join(directory, 'gone'),
      },
    );
    const result = await engine.preToolUse(read);
    expect(result.decision).toBe('deny');
    expect(result.reasons[0]).toMatch(/^hook 'guard' could not start: working directory does not exist/);
  });

  it('R12/S5: endResidentHook ends the process; the next call starts it afresh', async () => {
    const engine = engineOf({ PreToolUse: [{ name: 'guard', command: answering(''), resident: true }] });
    const before = await engine.preToolUse(read);
    const pid = Number(before.context);
    await engine.endResidentHook?.(engine.config.hooks.PreToolUse[0]!);
    expect(isProcessAlive(pid)).toBe(false);
    const after = await engine.preToolUse(read);
    expect(after.context).not.toBe(before.context);
  });

  it('R12: a background child is ended with the group when the engine closes; close settles after', async () => {
    const pidFile = join(directory, 'child.pid');
    const engine = engineOf({
      PreToolUse: [{ command: `sleep 60 & echo $! > ${shellQuote(pidFile)}; ${answering('')}`, resident: true }],
    });
    const result = await engine.preToolUse(read);
    const shell = Number(result.context);
    let child = 0;
    await waitUntil(() => {
      try {
        child = Number(readFileSync(pidFile, 'utf8'));
      } catch {
        return false;
      }
      return child > 0;
    }, 5_000);
    cleanup.push(shell, child);
    expect(isProcessAlive(child)).toBe(true);
    await engine.close();
    expect(isProcessAlive(shell)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('R12: one-call mode (one-shot commands) runs the same protocol as a process per call', async () => {
    const engine = engineOf(
      { PreToolUse: [{ name: 'guard', command: answering('"decision":"deny","reason":"no",'), resident: true }] },
      { residentHooks: 'one-call' },
    );
    const first = await engine.preToolUse(read);
    const second = await engine.preToolUse(read);
    expect(first).toMatchObject({ decision: 'deny', reasons: ['no'] });
    expect(first.hooks[0]).toMatchObject({ resident: true, exitCode: 0 });
    expect(second.context).not.toBe(first.context);
  });

  it("R12: what the process wrote to stderr before answering is in the call's diagnostics (one-call and pool)", async () => {
    // The pool pairs stderr with the call that was outstanding when it arrived: the pause lets it
    // arrive first; a one-call process's stderr is read to its end before the report, pause or not.
    const logging = (pause: string) =>
      `while IFS= read -r line; do ${readId}; echo "checked $id" >&2; ${pause} printf '{"id":"%s","decision":"allow"}\\n' "$id"; done`;
    for (const [residentHooks, pause] of [
      ['one-call', ''],
      ['pool', 'sleep 0.2;'],
    ] as const) {
      const engine = engineOf(
        { PreToolUse: [{ name: 'guard', command: logging(pause), resident: true }] },
        { residentHooks },
      );
      const result = await engine.preToolUse(read);
      expect(result.decision).toBe('allow');
      expect(result.diagnostics).toContainEqual({
        level: 'info',
        hook: 'guard',
        message: expect.stringContaining('checked'),
      });
    }
  });

  it('R12: an answered call with nothing on stderr adds no diagnostic', async () => {
    const engine = engineOf(
      { PreToolUse: [{ name: 'guard', command: answering('"decision":"allow",'), resident: true }] },
      {
        residentHooks: 'one-call',
      },
    );
    expect((await engine.preToolUse(read)).diagnostics).toEqual([]);
  });

  it('M4/R12: a resident hook and the same command per call are two hooks', async () => {
    const command = answering('');
    const engine = engineOf({ PreToolUse: [{ command, resident: true }, { command }] });
    const result = await engine.preToolUse(read);
    expect(result.hooks.map((hook) => hook.deduplicated)).toEqual([false, false]);
  });

  for (const [name, command] of [
    ['Python', `python3 ${shellQuote(join(examples, 'resident-guard.py'))}`],
    ['Node', `node ${shellQuote(join(examples, 'resident-guard.mjs'))}`],
  ] as const) {
    it(`R12: the ${name} template blocks rm -rf, allows reads, and answers every id`, async () => {
      for (const residentHooks of ['pool', 'one-call'] as const) {
        const engine = engineOf({ PreToolUse: [{ name: 'guard', command, resident: true }] }, { residentHooks });
        const [denied, allowed, other] = await Promise.all([
          engine.preToolUse(rmRf),
          engine.preToolUse(read),
          engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls -la' } }),
        ]);
        expect(denied).toMatchObject({ decision: 'deny', reasons: ['rm -rf is not allowed here'] });
        expect(allowed.decision).toBe('allow');
        expect(other.decision).toBe('none');
        for (const call of [denied, allowed, other]) expect(call.hooks[0]?.outcome).not.toBe('error');
      }
    });

    it(`R12: the ${name} template answers a 1 MiB command in under 1 s (its check is linear)`, async () => {
      const engine = engineOf({ PreToolUse: [{ name: 'guard', command, resident: true, onError: 'deny' }] });
      // Started (and its interpreter warmed) by a first call, so the clock is the check's own.
      expect((await engine.preToolUse(read)).decision).toBe('allow');
      // A 1 MiB command with nothing to look at: what moving and parsing 1 MiB costs this machine
      // now. Under 1 s on a quiet machine; a loaded one (two busy cores and more) slows every
      // call alike, so the bound is 1 s or 4× this, whichever is more.
      const plain = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ab '.repeat(350_000) } });
      const bound = Math.max(1000, 4 * (plain.hooks[0]?.durationMs ?? 0));
      // The worst case of the regular expression this replaced: an rm at every word, each of
      // which scanned the rest of the line (seconds for 1 MiB, past a guard's timeout).
      for (const big of ['rm '.repeat(350_000), `rm ${'a '.repeat(524_000)}-f`, `${'rm -r '.repeat(174_000)}-f`]) {
        const result = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: big } });
        expect(result.hooks[0]?.outcome).not.toBe('error');
        expect(result.hooks[0]?.durationMs).toBeLessThan(bound);
      }
      const last = await engine.preToolUse({
        toolName: 'bash_run',
        toolInput: { command: `${'rm -r '.repeat(174_000)}-f` },
      });
      expect(last.decision).toBe('deny');
    });
  }
});

describe('R13 async hooks', () => {
  it('R13: PostToolUse does not wait for an async hook sleeping 1 s; close waits; nothing is left running', async () => {
    const pidFile = join(directory, 'async.pid');
    const finished: HookReport[] = [];
    const entries: TestEntry[] = [
      { name: 'notify', command: `echo $$ > ${shellQuote(pidFile)}; sleep 1; echo done >&2`, async: true },
    ];
    const engine = engineOf({ PostToolUse: entries }, { onAsyncResult: (report) => finished.push(report) });
    const startedAt = performance.now();
    const result = await engine.postToolUse({ ...read, toolOutput: 'text' });
    // Far under the hook's 1 s sleep (≈2× a loaded machine's worst seen, 259 ms): the call did not wait.
    expect(performance.now() - startedAt).toBeLessThan(600);
    expect(result.hooks[0]).toMatchObject({
      name: 'notify',
      async: true,
      outcome: 'none',
      exitCode: null,
      signal: null,
      durationMs: null,
    });
    expect(result.toolOutput).toBe('text');
    expect(finished).toEqual([]);
    await engine.close();
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ name: 'notify', async: true, outcome: 'none', exitCode: 0, stderr: 'done\n' });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('R13: an async hook that would deny changes nothing; with resident too, the answer is logged', async () => {
    const finished: HookReport[] = [];
    const engine = engineOf(
      {
        PostToolUse: [
          { name: 'flag', command: 'exit 2', async: true },
          { name: 'resident', command: answering('"decision":"deny",'), async: true, resident: true },
        ],
      },
      { onAsyncResult: (report) => finished.push(report) },
    );
    const result = await engine.postToolUse({ ...read, toolOutput: 'text' });
    expect(result.decision).not.toBe('deny');
    expect(result.hooks.map((hook) => hook.outcome)).toEqual(['none', 'none']);
    await engine.close();
    expect(finished.map((report) => [report.name, report.outcome]).sort()).toEqual([
      ['flag', 'deny'],
      ['resident', 'deny'],
    ]);
  });
});

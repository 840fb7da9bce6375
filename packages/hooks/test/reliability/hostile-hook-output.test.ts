// Hostile hook output through the engine with real processes: a flood, binary garbage, absurd
// nesting, a context just under the cap, and keys aimed at prototypes. No throw, the outcome SPEC
// gives, bounded memory, and Object.prototype untouched.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, runToolCall } from '../../src/index.ts';
import { hooksConfig, shellQuote } from '../../src/__fixtures__/hooks-config.ts';
import { type SourceBundle, temporaryFolders } from '@cosh/test-utils';
import { bundleEngine, runEngineHost } from './__fixtures__/host-process.ts';

const makeFolder = temporaryFolders('cosh-hostile-output-');
const directory = makeFolder();
let bundle: SourceBundle | undefined;

beforeAll(async () => {
  bundle = await bundleEngine();
});

afterAll(() => {
  bundle?.remove();
});

/** A hook that prints the file's bytes exactly (written by the test, so any content is possible). */
function printingFile(name: string, content: string | Buffer, exitCode = 0): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return `cat >/dev/null; cat ${shellQuote(path)}; exit ${exitCode}`;
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

function prototypeSnapshot(): string {
  return JSON.stringify(
    [Object.prototype, Array.prototype, Function.prototype].map((prototype) =>
      Object.getOwnPropertyNames(prototype).map((name) => [
        name,
        typeof Object.getOwnPropertyDescriptor(prototype, name)?.value,
      ]),
    ),
  );
}

describe('hostile hook output', () => {
  it('R8/L6: 256 MB of stdout is read and dropped: invalid (truncated), onError deny denies, the host peak memory barely moves', async () => {
    interface FloodReport {
      elapsedMs: number;
      peakBefore: number;
      peakAfter: number;
      decision: string;
      outcome: string;
      truncated: boolean;
      keptStdout: number;
      diagnostics: string[];
    }
    const bytes = 256 * 1024 * 1024;
    // In a host of its own, so the peak resident size is the engine's and not vitest's.
    const { report } = await runEngineHost<FloodReport>(
      (bundle as { file: string }).file,
      'flood',
      directory,
      String(bytes),
    );
    expect(report).toMatchObject({ decision: 'deny', outcome: 'invalid', truncated: true, keptStdout: 1024 * 1024 });
    expect(report.diagnostics).toEqual([
      `hook 'flood' printed invalid output: output was truncated (over 1 MiB); the call is refused ("onError": "deny")`,
    ]);
    // Kept, the output alone would be 256 MB (512 MB as a JS string). Measured: +40-45 MB,
    // 64 KiB read buffers waiting for the next collection.
    expect(report.peakAfter - report.peakBefore).toBeLessThan(128 * 1024 * 1024);
  }, 120_000);

  it('R10/O2: binary garbage on stdout and stderr is invalid output or a deny with a readable reason, never a throw', async () => {
    const garbage = Buffer.alloc(300_000);
    for (let index = 0; index < garbage.length; index += 1) garbage[index] = (index * 7919 + (index >> 3)) % 256;
    const validThenGarbage = Buffer.concat([Buffer.from('{"decision":"allow"}'), Buffer.from([0, 0xff, 0xfe, 0xc3])]);
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'garbage out', command: printingFile('garbage', garbage) },
          { name: 'garbage err', command: `cat >/dev/null; cat ${shellQuote(join(directory, 'garbage'))} >&2; exit 2` },
          { name: 'json then bytes', command: printingFile('json-then-bytes', validThenGarbage) },
          { name: 'urandom', command: 'cat >/dev/null; head -c 65536 /dev/urandom; head -c 65536 /dev/urandom >&2' },
        ],
      }),
    );
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['invalid', 'deny', 'invalid', 'invalid']);
    expect(pre.decision).toBe('deny');
    // The reason is stderr decoded (invalid bytes as U+FFFD), whole, and it is a well-formed string.
    expect(pre.reasons).toHaveLength(1);
    expect(pre.reasons[0]).toContain('\uFFFD');
    const reason = pre.reasons[0] ?? '';
    expect(Buffer.from(reason, 'utf8').toString('utf8')).toBe(reason);
    expect(pre.diagnostics.map((diagnostic) => diagnostic.hook)).toEqual(['garbage out', 'json then bytes', 'urandom']);
    expect(JSON.stringify(pre)).not.toBe('');
  });

  it('O2/A6/A7: 100,000-deep JSON is invalid output, an updated_input that deep rewrites nothing, deep unknown fields are ignored', async () => {
    const depth = 100_000;
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'deep array', command: printingFile('deep-array', nested(depth, '[', ']')) },
          {
            name: 'deep rewrite',
            command: printingFile('deep-rewrite', `{"updated_input":{"command":${nested(depth, '{"a":', '}')}}}`),
          },
          { name: 'deep unclosed', command: printingFile('deep-unclosed', `{"context":${'['.repeat(depth)}`) },
          {
            name: 'deep but ignored',
            command: printingFile('deep-ignored', `{"context":"kept","extra":${nested(depth, '[', ']')}}`),
          },
        ],
        PostToolUse: [{ name: 'payload', command: `cat > ${shellQuote(join(directory, 'post-payload'))}` }],
      }),
    );
    let ranWith: unknown;
    const outcome = await runToolCall({
      engine,
      call: { toolName: 'bash_run', toolInput: { command: 'ls' } },
      checkPermission: async () => ({ granted: true }),
      executeTool: async (call) => {
        ranWith = call.toolInput;
        return { ok: true, output: 'listing' };
      },
    });
    expect(outcome.pre.hooks.map((hook) => hook.outcome)).toEqual(['invalid', 'invalid', 'invalid', 'none']);
    expect(outcome.pre.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      `hook 'deep array' printed invalid output: expected one JSON object, found an array; the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)`,
      expect.stringMatching(
        /^hook 'deep rewrite' printed invalid output: updated_input nests more than 512 levels deep/,
      ),
      expect.stringMatching(/^hook 'deep unclosed' printed invalid output: not valid JSON/),
    ]);
    // Nothing was rewritten, the tool ran, and PostToolUse hooks could be given the input.
    expect(ranWith).toEqual({ command: 'ls' });
    expect(outcome.status).toBe('ok');
    expect(outcome.output).toBe('listing\nkept');
    expect(outcome.post?.hooks.map((hook) => hook.outcome)).toEqual(['none']);
    expect(JSON.parse(readFileSync(join(directory, 'post-payload'), 'utf8'))).toMatchObject({
      tool_input: { command: 'ls' },
    });
  });

  it('A6/P2: a context of 900 KB (multibyte, newlines, quotes) is carried whole into the verdict and the output', async () => {
    const unit = 'é "quoted" \\ back\tslash 中文 🙂 — \n';
    const context = unit.repeat(Math.ceil(900_000 / Buffer.byteLength(unit))).slice(0, -1);
    const stdout = JSON.stringify({ context });
    // Under the 1 MiB cap (R8), or it would be truncated and invalid (O2).
    expect(Buffer.byteLength(stdout)).toBeLessThan(1024 * 1024);
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [{ name: 'big context', command: printingFile('big-context', stdout) }],
        PostToolUse: [{ name: 'big context', command: printingFile('big-context', stdout) }],
      }),
    );
    const outcome = await runToolCall({
      engine,
      call: { toolName: 'fs_read', toolInput: { path: 'a' } },
      checkPermission: async () => ({ granted: true }),
      executeTool: async () => ({ ok: true, output: 'raw' }),
    });
    expect(outcome.pre.context).toBe(context);
    expect(outcome.post?.context).toBe(context);
    expect(outcome.output).toBe(`raw\n${context}\n${context}`);
  });

  it('A7: updated_input with __proto__, constructor and prototype stays data, reaches the tool and PostToolUse as data, Object.prototype untouched', async () => {
    const before = prototypeSnapshot();
    const rewrite =
      '{"decision":"allow","updated_input":{"__proto__":{"polluted":"yes","isAdmin":true},' +
      '"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},"command":"ls -la"}}';
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [{ name: 'hostile rewrite', command: printingFile('hostile-rewrite', rewrite) }],
        PostToolUse: [{ name: 'payload', command: `cat > ${shellQuote(join(directory, 'proto-payload'))}` }],
      }),
    );
    let ranWith: Readonly<Record<string, unknown>> = {};
    const outcome = await runToolCall({
      engine,
      call: { toolName: 'bash_run', toolInput: { command: 'ls' } },
      checkPermission: async () => ({ granted: false }),
      executeTool: async (call) => {
        ranWith = call.toolInput;
        return { ok: true, output: 'ok' };
      },
    });
    expect(outcome.status).toBe('ok');
    for (const input of [outcome.pre.toolInput, ranWith]) {
      expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
      expect(Object.keys(input)).toEqual(['command', '__proto__', 'constructor', 'prototype']);
      expect(Object.getOwnPropertyDescriptor(input, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
      expect((input as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    }
    expect(ranWith['command']).toBe('ls -la');
    // PostToolUse receives the input as it ran, `__proto__` written as an ordinary key.
    const payload = readFileSync(join(directory, 'proto-payload'), 'utf8');
    expect(payload).toBe(
      '{"event":"PostToolUse","tool_name":"bash_run","tool_input":{"command":"ls -la","__proto__":{"polluted":"yes","isAdmin":true},' +
        '"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}},"tool_output":"ok"}\n',
    );
    expect(prototypeSnapshot()).toBe(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });
});

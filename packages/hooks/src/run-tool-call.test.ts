import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { hooksConfig, printing, shellQuote, type TestEntry } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import { type PermissionAnswer, runToolCall, type ToolCallRequest, type ToolExecution } from './run-tool-call.ts';

const makeFolder = temporaryFolders('cosh-hooks-');
let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

/** Every step appends one line here: hooks from their shell, callbacks from the test. */
const journal = (): string => join(directory, 'journal');
const journalLines = (): string[] =>
  existsSync(journal())
    ? readFileSync(journal(), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
    : [];
const logged = (step: string, command: string): string => `echo ${step} >> ${shellQuote(journal())}; ${command}`;

interface Recorder {
  readonly permissionCalls: ToolCallRequest[];
  readonly toolCalls: ToolCallRequest[];
  checkPermission(call: ToolCallRequest): Promise<PermissionAnswer>;
  executeTool(call: ToolCallRequest): Promise<ToolExecution>;
}

function recorder(
  permission: PermissionAnswer | (() => never) = { granted: true },
  execution: ToolExecution | (() => never) = { ok: true, output: 'tool output' },
): Recorder {
  const permissionCalls: ToolCallRequest[] = [];
  const toolCalls: ToolCallRequest[] = [];
  return {
    permissionCalls,
    toolCalls,
    async checkPermission(call) {
      permissionCalls.push(call);
      appendFileSync(journal(), 'permission\n');
      return typeof permission === 'function' ? permission() : permission;
    },
    async executeTool(call) {
      toolCalls.push(call);
      appendFileSync(journal(), 'tool\n');
      return typeof execution === 'function' ? execution() : execution;
    },
  };
}

function engineWith(pre: readonly TestEntry[], post: readonly TestEntry[] = []) {
  return createHookEngine(hooksConfig({ PreToolUse: pre, PostToolUse: post }));
}

const call = { toolName: 'bash_run', toolInput: { command: 'ls' } };
const postMarker = (): TestEntry => ({ name: 'post', command: logged('post', printing({ context: 'post context' })) });

describe('runToolCall (L1–L4)', () => {
  it('X (cancellation): a call cancelled while its PreToolUse hooks run is blocked; neither permission nor tool is asked', async () => {
    const engine = engineWith([{ name: 'slow', command: logged('pre', 'sleep 30'), timeout: 60 }], [postMarker()]);
    const host = recorder();
    const controller = new AbortController();
    const running = runToolCall({ engine, call: { ...call, signal: controller.signal }, ...host });
    while (!journalLines().includes('pre')) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const outcome = await running;
    expect(outcome).toMatchObject({
      status: 'blocked',
      blockedBy: 'hook',
      output: 'Blocked by hook: the call was cancelled; its hooks were stopped',
      inputAsRun: null,
    });
    expect(host.permissionCalls).toEqual([]);
    expect(host.toolCalls).toEqual([]);
  });

  it('L1/A1: a PreToolUse halt runs nothing else: no permission check, no tool, no PostToolUse', async () => {
    const engine = engineWith(
      [
        { name: 'allow', command: printing({ decision: 'allow', context: 'pre context' }) },
        { name: 'stop', command: logged('pre', "echo 'emergency stop' >&2; exit 49") },
      ],
      [postMarker()],
    );
    const host = recorder();
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({
      status: 'halted',
      blockedBy: null,
      output: 'Halted by hook: emergency stop\npre context',
      halt: true,
      haltReasons: ['emergency stop'],
      inputAsRun: null,
      post: null,
    });
    expect(host.permissionCalls).toEqual([]);
    expect(host.toolCalls).toEqual([]);
    expect(journalLines()).toEqual(['pre']);
    expect(outcome.durations.permissionMs).toBeNull();
    expect(outcome.durations.toolMs).toBeNull();
  });

  it('L1/L2/A2: a deny blocks before any permission check, with every reason and the context', async () => {
    const engine = engineWith(
      [
        { name: 'allow', command: printing({ decision: 'allow' }) },
        { name: 'no rm', command: printing({ decision: 'deny', reason: 'rm is not allowed', context: 'see policy' }) },
        { name: 'bare', command: 'exit 2' },
      ],
      [postMarker()],
    );
    const host = recorder();
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({
      status: 'blocked',
      blockedBy: 'hook',
      output: "Blocked by hook: rm is not allowed; blocked by hook 'bare'\nsee policy",
      halt: false,
      haltReasons: [],
    });
    expect(host.permissionCalls).toEqual([]);
    expect(host.toolCalls).toEqual([]);
    expect(journalLines()).toEqual([]);
  });

  it('L1/A3/A7: an allow skips the permission check and the tool runs with the rewritten input', async () => {
    const engine = engineWith(
      [
        {
          name: 'colour off',
          command: printing({ decision: 'allow', updated_input: { command: 'ls --color=never' } }),
        },
      ],
      [postMarker()],
    );
    const host = recorder();
    const outcome = await runToolCall({ engine, call, ...host });
    expect(host.permissionCalls).toEqual([]);
    expect(host.toolCalls).toEqual([
      { toolName: 'bash_run', toolInput: { command: 'ls --color=never' }, rewrittenBy: ['colour off'] },
    ]);
    expect(outcome).toMatchObject({
      status: 'ok',
      output: 'tool output\npost context',
      inputAsGiven: { command: 'ls' },
      inputAsRun: { command: 'ls --color=never' },
    });
    expect(outcome.durations.permissionMs).toBeNull();
  });

  it('A7: rewrittenBy is empty when no hook changed the input, and names only the hooks that did', async () => {
    const engine = engineWith(
      [
        { name: 'silent', command: printing({ context: 'looked' }) },
        { name: 'adds', command: printing({ updated_input: { extra: 1 } }) },
      ],
      [],
    );
    const host = recorder();
    await runToolCall({ engine, call, ...host });
    expect(host.permissionCalls[0]?.rewrittenBy).toEqual(['adds']);
    const untouched = recorder();
    await runToolCall({ engine: engineWith([{ name: 'silent', command: 'true' }], []), call, ...untouched });
    expect(untouched.permissionCalls[0]?.rewrittenBy).toEqual([]);
  });

  it('L1/A4: with no opinion the permission system is asked (with the rewritten input), then the tool, then PostToolUse', async () => {
    const engine = engineWith(
      [{ name: 'rewrite', command: logged('pre', printing({ updated_input: { extra: 1 }, context: 'pre context' })) }],
      [postMarker()],
    );
    const host = recorder();
    const outcome = await runToolCall({ engine, call, ...host });
    expect(journalLines()).toEqual(['pre', 'permission', 'tool', 'post']);
    // The permission system is told which hook rewrote the input (a prompt shows it).
    expect(host.permissionCalls).toEqual([
      { toolName: 'bash_run', toolInput: { command: 'ls', extra: 1 }, rewrittenBy: ['rewrite'] },
    ]);
    expect(outcome).toMatchObject({
      status: 'ok',
      blockedBy: null,
      output: 'tool output\npre context\npost context',
      halt: false,
    });
    expect(outcome.post?.toolInput).toEqual({ command: 'ls', extra: 1 });
    const { durations } = outcome;
    for (const value of [durations.preToolUseMs, durations.permissionMs, durations.toolMs, durations.postToolUseMs]) {
      expect(value).toBeGreaterThanOrEqual(0);
    }
    expect(durations.totalMs).toBeGreaterThanOrEqual(durations.preToolUseMs);
  });

  it('L1: no hook at all means the permission system decides', async () => {
    const host = recorder();
    const outcome = await runToolCall({ engine: engineWith([]), call, ...host });
    expect(host.permissionCalls).toHaveLength(1);
    expect(outcome.output).toBe('tool output');
  });

  it('K7: an ask sends the call to the permission system with the asking reasons, even when another hook allowed it', async () => {
    const engine = engineWith(
      [
        { name: 'allow', command: printing({ decision: 'allow' }) },
        { name: 'asker', command: printing({ decision: 'ask', reason: 'touches prod', updated_input: { extra: 1 } }) },
      ],
      [postMarker()],
    );
    const host = recorder();
    const outcome = await runToolCall({ engine, call, ...host });
    expect(host.permissionCalls).toEqual([
      {
        toolName: 'bash_run',
        toolInput: { command: 'ls', extra: 1 },
        rewrittenBy: ['asker'],
        askReasons: ['touches prod'],
      },
    ]);
    expect(outcome).toMatchObject({ status: 'ok', output: 'tool output\npost context' });
  });

  it("K7: an ask that is not confirmed is refused with the hooks' reasons, and the tool never runs", async () => {
    const engine = engineWith([
      { name: 'a', command: printing({ decision: 'ask', reason: 'first', context: 'ctx' }) },
      { name: 'b', command: printing({ decision: 'ask', reason: 'second' }) },
    ]);
    const host = recorder({ granted: false, message: 'nobody to ask' });
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({
      status: 'blocked',
      blockedBy: 'permission',
      output: 'Permission denied: bash_run (a hook asked for confirmation: first; second)\nctx',
      permissionMessage: 'nobody to ask',
    });
    expect(host.toolCalls).toEqual([]);
  });

  it('K7: a deny wins over an ask; no permission check', async () => {
    const engine = engineWith([
      { name: 'a', command: printing({ decision: 'ask', reason: 'maybe' }) },
      { name: 'd', command: 'echo no >&2; exit 2' },
    ]);
    const host = recorder();
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({ status: 'blocked', blockedBy: 'hook', output: 'Blocked by hook: no' });
    expect(host.permissionCalls).toEqual([]);
  });

  it('L2: a refusal blocks the call: the tool never runs, the model sees "Permission denied: <tool>" and the context', async () => {
    const engine = engineWith([{ command: printing({ context: 'pre context' }) }], [postMarker()]);
    const host = recorder({ granted: false, message: 'pass --permission allow' });
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({
      status: 'blocked',
      blockedBy: 'permission',
      output: 'Permission denied: bash_run\npre context',
      permissionMessage: 'pass --permission allow',
      inputAsRun: null,
      post: null,
    });
    expect(host.toolCalls).toEqual([]);
    expect(journalLines()).toEqual(['permission']);
  });

  it('L2: a throwing or malformed permission check is a refusal (fail closed)', async () => {
    const throwing = recorder(() => {
      throw new Error('prompt crashed');
    });
    const outcome = await runToolCall({ engine: engineWith([]), call, ...throwing });
    expect(outcome).toMatchObject({
      status: 'blocked',
      blockedBy: 'permission',
      permissionMessage: 'permission check failed: prompt crashed',
    });
    expect(throwing.toolCalls).toEqual([]);
    const malformed = recorder({ granted: 'yes' } as never);
    expect((await runToolCall({ engine: engineWith([]), call, ...malformed })).status).toBe('blocked');
  });

  it('L4: a tool failure enters history with the PreToolUse context; no PostToolUse hook runs', async () => {
    const engine = engineWith([{ command: printing({ decision: 'allow', context: 'pre context' }) }], [postMarker()]);
    const host = recorder(undefined, { ok: false, error: 'exit status 1: no such file' });
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({
      status: 'error',
      blockedBy: null,
      output: 'exit status 1: no such file\npre context',
      inputAsRun: { command: 'ls' },
      post: null,
    });
    expect(journalLines()).toEqual(['tool']);
    expect(outcome.durations.postToolUseMs).toBeNull();
  });

  it('L4: a throwing tool is a tool failure with its message', async () => {
    const host = recorder(undefined, () => {
      throw new Error('spawn ENOENT');
    });
    const outcome = await runToolCall({ engine: engineWith([], [postMarker()]), call, ...host });
    expect(outcome).toMatchObject({ status: 'error', output: 'spawn ENOENT', post: null });
    expect(journalLines()).toEqual(['permission', 'tool']);
  });

  it('P4/L3: a PostToolUse halt keeps the composed output and stops the turn', async () => {
    const engine = engineWith(
      [{ command: printing({ decision: 'allow', context: 'pre context' }) }],
      [
        { name: 'flag', command: printing({ decision: 'deny', reason: 'secret in output' }) },
        { name: 'stop', command: "echo 'too many secrets' >&2; exit 49" },
      ],
    );
    const host = recorder(undefined, { ok: true, output: 'line\n' });
    const outcome = await runToolCall({ engine, call, ...host });
    expect(outcome).toMatchObject({
      status: 'halted',
      blockedBy: null,
      output: 'line\npre context\n[hook] secret in output',
      halt: true,
      haltReasons: ['too many secrets'],
    });
    expect(outcome.post?.halt).toBe(true);
  });

  it('L6: an engine that rejects (a foreign implementation) blocks the call rather than running it unchecked', async () => {
    const host = recorder();
    const broken = {
      config: hooksConfig({}),
      preToolUse: () => Promise.reject(new Error('engine down')),
      postToolUse: () => Promise.reject(new Error('engine down')),
      close: async () => undefined,
    };
    const outcome = await runToolCall({ engine: broken, call, ...host });
    expect(outcome).toMatchObject({
      status: 'blocked',
      blockedBy: 'hook',
      output: 'Blocked by hook: hook engine failed: engine down',
    });
    expect(host.toolCalls).toEqual([]);
  });
});

// The tool host with real tools, real hooks (/bin/sh) and real files in a temporary folder.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseConfig } from '@cosh/config';
import { createHookEngine } from '@cosh/hooks';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { openHistory } from './history/history-writer.ts';
import type { PermissionRequest } from './permission/index.ts';
import { createToolHost, type ToolHostOptions } from './tool-host.ts';
import { createToolRegistry } from './tools/tool-registry.ts';

const makeFolder = temporaryFolders('cosh-tools-');

type HookSpec = { command: string; matcher?: string; name?: string };

/** A host over a real engine built from these hooks, running in a fresh folder. */
async function hostWith(
  hooks: { PreToolUse?: HookSpec[]; PostToolUse?: HookSpec[] },
  options: Partial<Pick<ToolHostOptions, 'permission' | 'prompt' | 'history'>> = {},
) {
  const folder = makeFolder();
  const parsed = parseConfig(JSON.stringify({ hooks }), path.join(folder, 'setup.json'));
  if (!parsed.ok) throw parsed.error;
  const host = createToolHost({
    engine: createHookEngine(parsed.config, { cwd: folder }),
    registry: createToolRegistry(),
    permission: options.permission ?? 'allow',
    prompt: options.prompt,
    cwd: folder,
    env: process.env,
    history: options.history,
  });
  return { host, folder };
}

const allowHook = (matcher: string): HookSpec => ({ name: 'allow', matcher, command: `echo '{"decision": "allow"}'` });

describe('createToolHost', () => {
  it('L1: runs a call through hooks and the tool, and reports what enters history', async () => {
    const { host, folder } = await hostWith({});
    await writeFile(path.join(folder, 'notes.txt'), 'hello\n');
    const result = await host.call('fs_read', { path: 'notes.txt' });
    expect(result).toMatchObject({
      status: 'ok',
      toolName: 'fs_read',
      output: 'hello\n',
      toolOutput: 'hello\n',
      inputAsGiven: { path: 'notes.txt' },
      inputAsRun: { path: 'notes.txt' },
      rejected: null,
      blockedBy: null,
      halt: false,
      historyError: null,
    });
    expect(result.pre?.decision).toBe('none');
    expect(result.post?.toolOutput).toBe('hello\n');
    expect(Date.parse(result.timestamp)).not.toBeNaN();
    expect(result.durations.toolMs).toBeTypeOf('number');
  });

  it('T: an unknown tool is an error result listing the known tools, and no hook runs', async () => {
    const { host, folder } = await hostWith({
      PreToolUse: [{ command: 'touch pre-ran' }],
      PostToolUse: [{ command: 'touch post-ran' }],
    });
    const result = await host.call('bash', { command: 'ls' });
    expect(result).toMatchObject({
      status: 'error',
      rejected: 'unknown_tool',
      pre: null,
      post: null,
      inputAsRun: null,
    });
    expect(result.output).toBe(
      "unknown tool 'bash' (did you mean bash_run?); known tools: bash_run, find_grep, fs_edit, fs_read, fs_write",
    );
    expect(existsSync(path.join(folder, 'pre-ran'))).toBe(false);
  });

  it('T: an input that does not fit the schema names the field, and no hook runs', async () => {
    const { host, folder } = await hostWith({ PreToolUse: [{ command: 'touch pre-ran' }] });
    const result = await host.call('bash_run', { command: 42 });
    expect(result).toMatchObject({
      status: 'error',
      rejected: 'invalid_input',
      output: 'bash_run: input.command: expected a string, got number',
    });
    const notAnObject = await host.call('fs_read', 'notes.txt');
    expect(notAnObject).toMatchObject({ status: 'error', rejected: 'invalid_input', inputAsGiven: 'notes.txt' });
    expect(existsSync(path.join(folder, 'pre-ran'))).toBe(false);
  });

  it('T: an input nested more than 512 levels is refused before any hook, and not recorded (it could not be written back as JSON)', async () => {
    const historyFolder = makeFolder();
    const opened = await openHistory('calls.jsonl', historyFolder);
    if (!opened.ok) throw new Error(opened.error);
    const historyFile = path.join(historyFolder, 'calls.jsonl');
    const { host, folder } = await hostWith({ PreToolUse: [{ command: 'touch pre-ran' }] }, { history: opened.writer });
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    for (const tool of ['fs_read', 'no_such_tool']) {
      const result = await host.call(tool, { path: 'notes.txt', deep });
      expect(result).toMatchObject({ status: 'error', inputAsGiven: null, pre: null, historyError: null });
    }
    // At the limit (the input object, then 511 arrays) the input is checked as usual, and recorded.
    const atLimit = await host.call('fs_read', { path: JSON.parse(`${'['.repeat(511)}1${']'.repeat(511)}`) });
    expect(atLimit.output).toBe('fs_read: input.path: expected a string, got array');
    const lines = (await readFile(historyFile, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line['error_code'], line['output'], line['tool_input_as_given']])).toEqual([
      ['invalid_input', 'fs_read: input nests more than 512 levels deep', null],
      ['unknown_tool', expect.stringMatching(/^unknown tool 'no_such_tool'/), null],
      ['invalid_input', 'fs_read: input.path: expected a string, got array', { path: expect.any(Array) }],
    ]);
    expect(existsSync(path.join(folder, 'pre-ran'))).toBe(false);
  });

  it('A2/L2: a hook deny blocks the call before the permission system, and the tool does not run', async () => {
    let asked = 0;
    const { host, folder } = await hostWith(
      { PreToolUse: [{ name: 'no writes', matcher: '^fs_write$', command: "echo 'writes are off' >&2; exit 2" }] },
      {
        permission: 'ask',
        prompt: async () => {
          asked++;
          return true;
        },
      },
    );
    const result = await host.call('fs_write', { path: 'out.txt', content: 'x' });
    expect(result).toMatchObject({
      status: 'blocked',
      blockedBy: 'hook',
      output: 'Blocked by hook: writes are off',
      inputAsRun: null,
      post: null,
    });
    expect(asked).toBe(0);
    expect(existsSync(path.join(folder, 'out.txt'))).toBe(false);
  });

  it('A3/X: a hook allow skips the permission system, so --permission deny makes the hooks an allowlist', async () => {
    const { host, folder } = await hostWith({ PreToolUse: [allowHook('^fs_write$')] }, { permission: 'deny' });
    const allowed = await host.call('fs_write', { path: 'allowed.txt', content: 'yes' });
    expect(allowed.status).toBe('ok');
    expect(await readFile(path.join(folder, 'allowed.txt'), 'utf8')).toBe('yes');

    const refused = await host.call('bash_run', { command: 'touch ran' });
    expect(refused).toMatchObject({
      status: 'blocked',
      blockedBy: 'permission',
      output: 'Permission denied: bash_run',
    });
    expect(refused.permissionMessage).toContain('--permission deny');
    expect(existsSync(path.join(folder, 'ran'))).toBe(false);

    // SPEC T: fs_read and find_grep need no permission, so deny does not stop them.
    await writeFile(path.join(folder, 'notes.txt'), 'hi');
    expect((await host.call('fs_read', { path: 'notes.txt' })).status).toBe('ok');
  });

  it('X: ask without a prompt refuses a call that needs permission, with a hint to pass --permission allow', async () => {
    const { host } = await hostWith({}, { permission: 'ask' });
    const result = await host.call('bash_run', { command: 'true' });
    expect(result).toMatchObject({ status: 'blocked', blockedBy: 'permission', output: 'Permission denied: bash_run' });
    expect(result.permissionMessage).toContain('pass --permission allow');
  });

  it('A7/L1: the prompt sees the call as it will run, and the rewritten input is what runs', async () => {
    const seen: PermissionRequest[] = [];
    const { host, folder } = await hostWith(
      {
        PreToolUse: [
          { name: 'redirect', matcher: '^fs_write$', command: `echo '{"updated_input": {"path": "rewritten.txt"}}'` },
        ],
      },
      {
        permission: 'ask',
        prompt: async (request) => {
          seen.push(request);
          return true;
        },
      },
    );
    const result = await host.call('fs_write', { path: 'given.txt', content: 'data' });
    expect(result).toMatchObject({
      status: 'ok',
      inputAsGiven: { path: 'given.txt', content: 'data' },
      inputAsRun: { path: 'rewritten.txt', content: 'data' },
    });
    expect(seen).toEqual([
      {
        toolName: 'fs_write',
        toolInput: { path: 'rewritten.txt', content: 'data' },
        rewrittenBy: ['redirect'],
        cwd: folder,
      },
    ]);
    expect(await readFile(path.join(folder, 'rewritten.txt'), 'utf8')).toBe('data');
    expect(existsSync(path.join(folder, 'given.txt'))).toBe(false);
  });

  it('L4: a rewrite that breaks the input fails the call when the tool checks it; no PostToolUse', async () => {
    const { host, folder } = await hostWith({
      PreToolUse: [{ matcher: '^fs_write$', command: `echo '{"updated_input": {"path": 7}}'` }],
      PostToolUse: [{ command: 'touch post-ran' }],
    });
    const result = await host.call('fs_write', { path: 'a.txt', content: 'x' });
    expect(result).toMatchObject({
      status: 'error',
      rejected: null,
      post: null,
      output: 'fs_write: input.path: expected a string, got number',
    });
    expect(existsSync(path.join(folder, 'post-ran'))).toBe(false);
  });

  it('P1/P2: PostToolUse sees the raw output; the result carries the composed one', async () => {
    const { host, folder } = await hostWith({
      PostToolUse: [{ name: 'note', command: `cat > seen.json; echo '{"context": "checked"}'` }],
    });
    await writeFile(path.join(folder, 'notes.txt'), 'raw text');
    const result = await host.call('fs_read', { path: 'notes.txt' });
    const payload = JSON.parse(await readFile(path.join(folder, 'seen.json'), 'utf8')) as Record<string, unknown>;
    expect(payload['tool_output']).toBe('raw text');
    expect(result).toMatchObject({ status: 'ok', toolOutput: 'raw text', output: 'raw text\nchecked' });
  });

  it('L4/P1: a tool failure enters history as the error, and no PostToolUse hook runs', async () => {
    const { host, folder } = await hostWith({ PostToolUse: [{ command: 'touch post-ran' }] });
    const result = await host.call('fs_read', { path: 'missing.txt' });
    expect(result).toMatchObject({
      status: 'error',
      rejected: null,
      post: null,
      toolOutput: null,
      inputAsRun: { path: 'missing.txt' },
    });
    expect(result.output).toContain('missing.txt');
    expect(existsSync(path.join(folder, 'post-ran'))).toBe(false);
  });

  it('A1/L3: a PreToolUse halt stops the call before the tool; a PostToolUse halt keeps the composed output (P4)', async () => {
    const before = await hostWith({ PreToolUse: [{ matcher: '^bash_run$', command: "echo 'stop now' >&2; exit 49" }] });
    const halted = await before.host.call('bash_run', { command: 'touch ran' });
    expect(halted).toMatchObject({
      status: 'halted',
      halt: true,
      haltReasons: ['stop now'],
      output: 'Halted by hook: stop now',
      inputAsRun: null,
    });
    expect(existsSync(path.join(before.folder, 'ran'))).toBe(false);

    const after = await hostWith({ PostToolUse: [{ command: `echo '{"context": "seen"}'; exit 49` }] });
    const late = await after.host.call('bash_run', { command: 'touch ran; echo done' });
    expect(late).toMatchObject({
      status: 'halted',
      halt: true,
      haltReasons: ['halted by hook \'echo \'{"context": "seen"}\'; exit 49\''],
    });
    expect(late.output).toBe('done\n[exit code: 0]\nseen');
    expect(existsSync(path.join(after.folder, 'ran'))).toBe(true);
  });

  it('history: every call, rejected ones included, is one complete JSON line written before the result', async () => {
    const historyFolder = makeFolder();
    const opened = await openHistory('calls.jsonl', historyFolder);
    if (!opened.ok) throw new Error(opened.error);
    const historyFile = path.join(historyFolder, 'calls.jsonl');
    const { host, folder } = await hostWith(
      { PreToolUse: [{ name: 'ctx', command: `echo '{"context": "from pre"}'` }] },
      { history: opened.writer },
    );
    await writeFile(path.join(folder, 'notes.txt'), 'hi');
    const first = await host.call('fs_read', { path: 'notes.txt' }, { id: 'call-1' });
    // Written before the result came back.
    const afterFirst = (await readFile(historyFile, 'utf8')).split('\n');
    expect(afterFirst).toHaveLength(2);
    const line = JSON.parse(afterFirst[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({
      id: 'call-1',
      tool_name: 'fs_read',
      status: 'ok',
      output: first.output,
      tool_input_as_given: { path: 'notes.txt' },
      tool_input: { path: 'notes.txt' },
      pre_tool_use: { decision: 'none', halt: false, context: 'from pre', tool_input: { path: 'notes.txt' } },
      post_tool_use: { decision: 'none', halt: false },
    });
    expect(first.output).toBe('hi\nfrom pre');

    await host.call('nope', {});
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, index) => host.call('fs_read', { path: 'notes.txt' }, { id: index })),
    );
    expect(calls.every((call) => call.historyError === null)).toBe(true);
    const lines = (await readFile(historyFile, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(22);
    const records = lines.map((text) => JSON.parse(text) as { id: unknown; status: string; error_code: string | null });
    expect(records[1]).toMatchObject({ id: null, status: 'error', error_code: 'unknown_tool' });
    expect(
      records
        .slice(2)
        .map((record) => record.id)
        .sort((left, right) => Number(left) - Number(right)),
    ).toEqual([...Array(20).keys()]);
    await opened.writer.close();
  });

  it('history: a line that cannot be written is reported on the result, and the call still completes', async () => {
    const historyFolder = makeFolder();
    const opened = await openHistory('calls.jsonl', historyFolder);
    if (!opened.ok) throw new Error(opened.error);
    await opened.writer.close();
    const { host, folder } = await hostWith({}, { history: opened.writer });
    await writeFile(path.join(folder, 'notes.txt'), 'hi');
    const result = await host.call('fs_read', { path: 'notes.txt' });
    expect(result.status).toBe('ok');
    expect(result.historyError).toMatch(/history file .* is closed/);
  });
});

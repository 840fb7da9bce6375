// `cosh mcp serve` as an MCP client uses it: the built binary started by the SDK's
// StdioClientTransport and spoken to with the SDK's Client. Hooks are real /bin/sh commands.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolRegistry } from '../../src/tools/index.ts';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { isProcessAlive as isAlive, temporaryFolders } from '@cosh/test-utils';
import { type McpSession, startCosh, waitForExit } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-mcp-serve-');

let directory: string;
let markers: string;
let configPath: string;
const sessions: McpSession[] = [];

const setup = {
  hooks: {
    PreToolUse: [
      {
        name: 'Block rm',
        matcher: '^bash_run$',
        command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0`,
      },
      { name: 'Halt', command: `grep -q 'halt-now' && { echo 'emergency stop' >&2; exit 49; }; exit 0` },
      {
        name: 'Rewrite',
        matcher: '^bash_run$',
        command: `grep -q '"command":"echo original"' && echo '{"updated_input":{"command":"echo rewritten"}}'; exit 0`,
      },
      { name: 'Pre context', matcher: '^fs_read$', command: `echo '{"context":"pre: read checked"}'` },
      {
        name: 'Allow echo',
        matcher: '^bash_run$',
        command: `grep -q '"command":"echo allowed' && echo '{"decision":"allow"}'; exit 0`,
      },
    ],
    PostToolUse: [
      { name: 'Record', command: 'cat > "$COSH_MARKERS/post-$COSH_TOOL_NAME-$$.json"' },
      { name: 'Post context', matcher: '^fs_read$', command: `echo '{"context":"post: read seen"}'` },
    ],
  },
};

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
  markers = join(directory, 'markers');
  await mkdir(markers);
  // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
  configPath = join(directory, '.cosh-config', 'setup.json');
  await mkdir(dirname(configPath));
  await writeFile(configPath, JSON.stringify(setup, null, 2));
  await writeFile(join(directory, 'notes.txt'), 'first line\nsecond line\n');
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close().catch(() => undefined)));
  for (const file of await readdir(markers)) await rm(join(markers, file), { force: true });
});

async function serve(extraArgs: string[] = []): Promise<McpSession> {
  const session = await startCosh(['mcp', 'serve', '--config', configPath, ...extraArgs], {
    cwd: directory,
    env: { COSH_MARKERS: markers },
  });
  sessions.push(session);
  return session;
}

async function postPayloads(toolName: string): Promise<Record<string, unknown>[]> {
  const files = (await readdir(markers)).filter((file) => file.startsWith(`post-${toolName}-`));
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(join(markers, file), 'utf8')) as Record<string, unknown>),
  );
}

const text = (value: string) => ({ type: 'text', text: value });

describe('cosh mcp serve', () => {
  it('X, T: lists the four built-in tools with the JSON schemas of their zod schemas', async () => {
    const session = await serve();
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['bash_run', 'find_grep', 'fs_edit', 'fs_read', 'fs_write']);
    for (const builtin of createToolRegistry().list()) {
      const listed = tools.find((tool) => tool.name === builtin.name);
      expect(listed?.description).toBe(builtin.description);
      expect(listed?.inputSchema).toEqual(z.toJSONSchema(builtin.inputSchema, { io: 'input' }));
      expect(listed?.inputSchema.type).toBe('object');
      expect(listed?.inputSchema['additionalProperties']).toBe(false);
    }
    expect(tools.find((tool) => tool.name === 'bash_run')?.inputSchema).toMatchObject({
      properties: { command: { type: 'string', minLength: 1 }, timeout: { type: 'number' } },
      required: ['command'],
    });
    expect(tools.find((tool) => tool.name === 'fs_read')?.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('X: a successful call is the tool output; PostToolUse sees it raw', async () => {
    const session = await serve();
    expect(await session.call('bash_run', { command: 'echo hello' })).toEqual({
      content: [text('hello\n[exit code: 0]')],
    });
    const [payload] = await postPayloads('bash_run');
    expect(payload).toEqual({
      event: 'PostToolUse',
      tool_name: 'bash_run',
      tool_input: { command: 'echo hello' },
      tool_output: 'hello\n[exit code: 0]',
    });
  });

  it('L2: a PreToolUse deny blocks the call: isError "Blocked by hook: …", and it never runs', async () => {
    const session = await serve();
    const target = join(directory, 'keep-me');
    await mkdir(target, { recursive: true });
    expect(await session.call('bash_run', { command: `rm -rf ${target}` })).toEqual({
      content: [text('Blocked by hook: rm -rf is not allowed')],
      isError: true,
    });
    expect(isAlive(session.pid)).toBe(true);
    await expect(readdir(target)).resolves.toEqual([]);
    expect(await postPayloads('bash_run')).toEqual([]);
  });

  it('A7: the rewritten input is the one that runs', async () => {
    const session = await serve();
    expect(await session.call('bash_run', { command: 'echo original' })).toEqual({
      content: [text('rewritten\n[exit code: 0]')],
    });
    const [payload] = await postPayloads('bash_run');
    expect(payload?.['tool_input']).toEqual({ command: 'echo rewritten' });
  });

  it('X, P2: contexts come as one more text item after the raw output', async () => {
    const session = await serve();
    expect(await session.call('fs_read', { path: 'notes.txt' })).toEqual({
      content: [text('first line\nsecond line\n'), text('pre: read checked\npost: read seen')],
    });
  });

  it('L2, L3: a halt is isError "Halted by hook: …" and refuses only that call', async () => {
    const session = await serve();
    expect(await session.call('bash_run', { command: 'echo halt-now' })).toEqual({
      content: [text('Halted by hook: emergency stop')],
      isError: true,
    });
    expect(await session.call('bash_run', { command: 'echo next' })).toEqual({
      content: [text('next\n[exit code: 0]')],
    });
  });

  it('L4: a tool failure is isError with the tool error and the PreToolUse context; no PostToolUse', async () => {
    const session = await serve();
    expect(await session.call('fs_read', { path: 'missing.txt' })).toEqual({
      content: [text('fs_read: no such file or directory: missing.txt\npre: read checked')],
      isError: true,
    });
    expect(await postPayloads('fs_read')).toEqual([]);
  });

  it('X, T: --permission deny makes the hooks an allowlist; fs_read and find_grep need no permission', async () => {
    const session = await serve(['--permission', 'deny']);
    expect(await session.call('bash_run', { command: 'echo allowed by a hook' })).toEqual({
      content: [text('allowed by a hook\n[exit code: 0]')],
    });
    expect(await session.call('bash_run', { command: 'echo not allowed' })).toEqual({
      content: [text('Permission denied: bash_run')],
      isError: true,
    });
    expect(await session.call('fs_write', { path: 'new.txt', content: 'x' })).toEqual({
      content: [text('Permission denied: fs_write')],
      isError: true,
    });
    await expect(readFile(join(directory, 'new.txt'))).rejects.toThrow(/ENOENT/);
    expect((await session.call('fs_read', { path: 'notes.txt' })).isError).toBeUndefined();
    expect(await session.call('find_grep', { pattern: 'second', path: 'notes.txt' })).toEqual({
      content: [text('notes.txt:2:second line')],
    });
    await session.waitForStderr('bash_run: refused by the permission system');
    expect(session.stderr()).toMatch(/^cosh mcp serve: serving 5 built-in tools: 7 hooks, --permission deny$/m);
  });

  it('X: --permission allow (the default) runs what no hook denies', async () => {
    const session = await serve();
    expect(await session.call('fs_write', { path: 'written.txt', content: 'data' })).toEqual({
      content: [text('wrote 4 bytes to written.txt (new file)')],
    });
  });

  it('an input that does not fit the schema is an isError result naming the field; an unknown tool is a protocol error', async () => {
    const session = await serve();
    expect(await session.call('bash_run', { cmd: 'ls' })).toEqual({
      content: [
        text(
          'bash_run: input.command: missing; expected a string; input.cmd: unknown field (did you mean command?); known fields: command, timeout',
        ),
      ],
      isError: true,
    });
    await expect(session.call('bash', { command: 'ls' })).rejects.toThrow(
      /^MCP error -32602: unknown tool 'bash' \(did you mean bash_run\?\); known tools: bash_run, find_grep, fs_edit, fs_read, fs_write$/,
    );
  });

  it("L4: a client's cancellation kills the running bash_run at once; no PostToolUse runs; the server goes on", async () => {
    const session = await serve();
    const pidFile = join(directory, 'cancelled.pid');
    const cancel = new AbortController();
    const call = session.client.callTool(
      { name: 'bash_run', arguments: { command: `echo $$ > ${pidFile}; sleep 60 & wait` } },
      undefined,
      {
        signal: cancel.signal,
      },
    );
    const deadline = Date.now() + 10_000;
    let pid = Number.NaN;
    while (Number.isNaN(pid) && Date.now() < deadline) {
      pid = Number.parseInt(await readFile(pidFile, 'utf8').catch(() => ''), 10);
      if (Number.isNaN(pid)) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(isAlive(pid)).toBe(true);
    cancel.abort();
    await expect(call).rejects.toThrow();
    // The shell (and the sleep in its group) die on the cancel, not at the two-minute timeout.
    expect(await waitForExit([pid], 5_000)).toEqual([]);
    expect(await session.call('fs_read', { path: 'notes.txt' })).toMatchObject({
      content: [text('first line\nsecond line\n'), text('pre: read checked\npost: read seen')],
    });
    expect(await postPayloads('bash_run')).toEqual([]);
  });

  it('stops a running command and exits when the client disconnects', async () => {
    const session = await serve();
    const pidFile = join(directory, 'sleeper.pid');
    const call = session.call('bash_run', { command: `echo $$ > ${pidFile}; exec sleep 30` }).catch(() => undefined);
    const deadline = Date.now() + 10_000;
    let pid = Number.NaN;
    while (Number.isNaN(pid) && Date.now() < deadline) {
      pid = Number.parseInt(await readFile(pidFile, 'utf8').catch(() => ''), 10);
      if (Number.isNaN(pid)) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(isAlive(pid)).toBe(true);
    const startedAt = performance.now();
    await session.close();
    expect(performance.now() - startedAt).toBeLessThan(1900); // before the SDK client's 2 s SIGTERM
    expect(await waitForExit([pid], 2000)).toEqual([]);
    await call;
  });
});

describe('cosh mcp serve: message and result sizes (X)', () => {
  it('X: an 11 MB fs_write is answered with a JSON-RPC error naming the limit; nothing is written; the connection stays up', async () => {
    const session = await serve();
    const content = 'w'.repeat(11 * 1000 * 1000);
    await expect(session.call('fs_write', { path: 'huge.txt', content })).rejects.toThrow(
      /^MCP error -32600: the message is \d+ bytes, over this server's limit of 10485760 bytes; it was not read$/,
    );
    await session.waitForStderr(
      /cosh mcp serve: refused a message of \d+ bytes, over this server's limit of 10485760 bytes \(id \d+\)/,
    );
    expect(await readdir(directory)).not.toContain('huge.txt');
    expect(await session.call('fs_read', { path: 'notes.txt' })).toMatchObject({
      content: [text('first line\nsecond line\n'), text('pre: read checked\npost: read seen')],
    });
  });

  it("X: an fs_read whose escaped text passes 10 MiB is cut at 4 MiB with a note; the hooks' lines still come; the connection stays up", async () => {
    const session = await serve();
    // 6 MiB of quotes: 12 MiB once escaped in JSON, past the client SDK's 10 MiB message limit.
    await writeFile(join(directory, 'quotes.txt'), '"'.repeat(6 * 1024 * 1024));
    const result = await session.call('fs_read', { path: 'quotes.txt' });
    const [first, contexts] = result.content as { type: string; text: string }[];
    const note =
      '\n[cut by cosh: the text was 12582912 bytes as sent, more than one answer may carry; the first 4194304 bytes are shown]';
    expect(first?.text.endsWith(note)).toBe(true);
    expect(first?.text.slice(0, -note.length)).toBe('"'.repeat(2 * 1024 * 1024));
    expect(contexts).toEqual(text('pre: read checked\npost: read seen'));
    expect(result.isError).toBeUndefined();
    expect(await session.call('fs_read', { path: 'notes.txt' })).toMatchObject({
      content: [text('first line\nsecond line\n'), text('pre: read checked\npost: read seen')],
    });
  });
});

describe('cosh mcp serve: where it runs, and a config that does not load (issue 13)', () => {
  it('X C10: --cwd sets where tools and hooks run and whose project layer loads; --config stays relative to the current directory', async () => {
    const work = join(directory, 'work');
    await mkdir(join(work, '.cosh'), { recursive: true });
    await writeFile(join(work, 'here.txt'), 'in the work folder\n');
    // The project file of the working folder (COSH_TRUST=all: no terminal here to trust it).
    await writeFile(
      join(work, '.cosh', 'setup.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ command: 'touch "$COSH_MARKERS/project-hook-ran"' }] } }),
    );
    await writeFile(
      join(directory, 'pwd-setup.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ command: 'pwd > "$COSH_MARKERS/hook-cwd"' }] } }),
    );
    const session = await startCosh(['mcp', 'serve', '--config', 'pwd-setup.json', '--cwd', 'work'], {
      cwd: directory,
      env: { COSH_MARKERS: markers },
    });
    sessions.push(session);
    expect(await session.call('fs_read', { path: 'here.txt' })).toEqual({ content: [text('in the work folder\n')] });
    expect((await readFile(join(markers, 'hook-cwd'), 'utf8')).trim()).toBe(work);
    await readFile(join(markers, 'project-hook-ran'));
    const missing = await runCosh(['mcp', 'serve', '--cwd', 'nowhere'], { cwd: directory, input: '' });
    expect(missing).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: --cwd 'nowhere' does not exist. See 'cosh mcp serve --help'.\n",
    });
  });

  it('C6: a setup.json that does not load still serves: tools are listed, every call is an isError result naming file:line:col', async () => {
    const broken = join(directory, 'broken-serve.json');
    await writeFile(broken, '{\n  "hooks": {"PreToolUse": [{"command": "true", "matchr": "bash"}]}\n}\n');
    await writeFile(join(directory, 'untouched.txt'), 'x');
    const session = await startCosh(['mcp', 'serve', '--config', broken], { cwd: directory });
    sessions.push(session);
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['bash_run', 'find_grep', 'fs_edit', 'fs_read', 'fs_write']);
    const refused = await session.call('fs_write', { path: 'untouched.txt', content: 'changed' });
    expect(refused.isError).toBe(true);
    const message = (refused.content[0] as { text: string }).text;
    expect(message).toMatch(
      /^Refused: the hooks configuration .*broken-serve\.json does not load, so no tool call runs/,
    );
    expect(message).toContain(`${broken}:2:`);
    expect(message).toContain('did you mean matcher?');
    expect(await readFile(join(directory, 'untouched.txt'), 'utf8')).toBe('x');
    // Even a tool that needs no permission is refused: the guards the file holds are unknown.
    expect((await session.call('fs_read', { path: 'untouched.txt' })).isError).toBe(true);
    await session.waitForStderr('the configuration does not load: every tool call is refused until it is fixed');
    expect(session.stderr()).toContain(`${broken}:2:`);
  });

  it('C6: with a config that does not load, the exit status at the end is still 78', async () => {
    const broken = join(directory, 'broken-exit.json');
    await writeFile(broken, '{"hooks": {"PreToolUse": [{"command": 1}]}}');
    const result = await runCosh(['mcp', 'serve', '--config', broken], { cwd: directory, input: '' });
    expect(result.code).toBe(78);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`${broken}:1:`);
  });
});

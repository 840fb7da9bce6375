// `cosh mcp proxy` as an MCP client uses it: the built binary in front of a real MCP server (the
// fixture, written with the SDK), spoken to with the SDK's Client over stdio. Hooks are real
// /bin/sh commands in a temporary setup.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CallToolResultSchema,
  LoggingMessageNotificationSchema,
  type Progress,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';
import { isProcessAlive as isAlive, temporaryFolders, TRUST_ALL_ENV, waitUntil } from '@cosh/test-utils';
import {
  downstreamFixture,
  type McpSession,
  pixelPng,
  startCosh,
  startMcpSession,
  waitForExit,
} from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-mcp-proxy-');

let directory: string;
let markers: string;
let configPath: string;
const sessions: McpSession[] = [];

// Every hook reads the call from stdin; grep decides. PostToolUse "Record" leaves one file per
// call it saw, holding its payload, so a test can tell whether PostToolUse ran.
const setup = {
  hooks: {
    PreToolUse: [
      {
        name: 'Block forbidden',
        matcher: '^echo$',
        command: `grep -q '"text":"forbidden"' && { echo 'forbidden text is not allowed' >&2; exit 2; }; exit 0`,
      },
      { name: 'Halt', command: `grep -q '"text":"halt"' && { echo 'emergency stop' >&2; exit 49; }; exit 0` },
      {
        name: 'Rewrite',
        matcher: '^echo$',
        command: `grep -q '"text":"rewrite me"' && echo '{"updated_input":{"text":"rewritten","extra":"added by a hook"}}'; exit 0`,
      },
      {
        name: 'Pre context',
        matcher: '^(picture|fail|measure)$',
        command: `echo '{"context":"pre: checked by cosh"}'`,
      },
      { name: 'Allow echo', matcher: '^echo$', command: `echo '{"decision":"allow"}'` },
    ],
    PostToolUse: [
      { name: 'Record', command: 'cat > "$COSH_MARKERS/post-$COSH_TOOL_NAME-$$.json"' },
      { name: 'Post context', matcher: '^picture$', command: `echo '{"context":"post: image seen"}'` },
      { name: 'Flag', matcher: '^measure$', command: `echo 'measure output flagged' >&2; exit 2` },
    ],
  },
};

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
  markers = join(directory, 'markers');
  await mkdir(markers);
  configPath = join(directory, 'setup.json');
  await writeFile(configPath, JSON.stringify(setup, null, 2));
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close().catch(() => undefined)));
  for (const file of await readdir(markers)) await rm(join(markers, file), { force: true });
});

async function proxy(options: { coshArgs?: string[]; downstreamArgs?: string[] } = {}): Promise<McpSession> {
  const session = await startCosh(
    [
      'mcp',
      'proxy',
      '--config',
      configPath,
      ...(options.coshArgs ?? []),
      '--',
      process.execPath,
      downstreamFixture,
      ...(options.downstreamArgs ?? []),
    ],
    { cwd: directory, env: { COSH_MARKERS: markers } },
  );
  sessions.push(session);
  return session;
}

/** The payloads PostToolUse hooks received, for one tool. */
async function postPayloads(toolName: string): Promise<Record<string, unknown>[]> {
  const files = (await readdir(markers)).filter((file) => file.startsWith(`post-${toolName}-`));
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(join(markers, file), 'utf8')) as Record<string, unknown>),
  );
}

const text = (value: string) => ({ type: 'text', text: value });

/**
 * `cosh mcp proxy` over the fixture downstream (with a child of its own) as a plain child process:
 * these tests need the exit status, which the SDK's transport hides.
 */
function spawnProxy(pidFile: string, downstreamArgs: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    [
      coshBin,
      'mcp',
      'proxy',
      '--config',
      configPath,
      '--',
      process.execPath,
      downstreamFixture,
      '--pid-file',
      pidFile,
      '--spawn-child',
      ...downstreamArgs,
    ],
    {
      cwd: directory,
      env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: directory, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

describe('cosh mcp proxy: tools', () => {
  it('X: lists the downstream tools unchanged: names, descriptions, schemas, output schemas, annotations, _meta', async () => {
    const direct = await startMcpSession(process.execPath, [downstreamFixture], { cwd: directory });
    sessions.push(direct);
    const session = await proxy();
    const expected = await direct.client.listTools();
    const proxied = await session.client.listTools();
    expect(proxied.tools).toEqual(expected.tools);
    expect(proxied.tools.map((tool) => tool.name)).toEqual([
      'echo',
      'picture',
      'measure',
      'fail',
      'crash',
      'hang',
      'progress',
      'log',
      'error',
      'add_tool',
    ]);
    const echo = proxied.tools[0];
    expect(echo?.inputSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string', description: 'what to echo' }, extra: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    });
    expect(echo?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(echo?._meta).toEqual({ 'example.com/origin': 'fixture' });
    expect(echo?.title).toBe('Echo');
    expect(proxied.tools[2]?.outputSchema).toEqual({
      type: 'object',
      properties: { length: { type: 'number' } },
      required: ['length'],
    });
    // The downstream's instructions reach the client.
    expect(session.client.getInstructions()).toBe('Fixture server: tools for proxy tests.');
  });

  it('X: a call no hook minds runs downstream and comes back as the downstream gave it', async () => {
    const session = await proxy();
    expect(await session.call('echo', { text: 'hello' })).toEqual({ content: [text('{"text":"hello"}')] });
    const [payload] = await postPayloads('echo');
    expect(payload).toEqual({
      event: 'PostToolUse',
      tool_name: 'echo',
      tool_input: { text: 'hello' },
      tool_output: '{"text":"hello"}',
    });
  });
});

describe('cosh mcp proxy: hooks', () => {
  it('L6: an input nested more than 512 levels is refused before any hook, as in the tool host, and never reaches the downstream', async () => {
    const session = await proxy();
    const deep: unknown = JSON.parse(`${'['.repeat(600)}${']'.repeat(600)}`);
    expect(await session.call('echo', { text: 'hello', deep })).toEqual({
      content: [text('echo: input nests more than 512 levels deep')],
      isError: true,
    });
    expect(await postPayloads('echo')).toEqual([]);
    await session.waitForStderr('cosh mcp proxy: rejected: echo: input nests more than 512 levels deep');
    // At the limit (the arguments object, then 511 arrays) the call goes through as usual.
    const atLimit: unknown = JSON.parse(`${'['.repeat(511)}${']'.repeat(511)}`);
    expect((await session.call('echo', { text: 'hello', deep: atLimit })).isError).toBeUndefined();
  });

  it('L2: a PreToolUse deny blocks the call: isError "Blocked by hook: …", and the downstream never sees it', async () => {
    const session = await proxy();
    expect(await session.call('echo', { text: 'forbidden' })).toEqual({
      content: [text('Blocked by hook: forbidden text is not allowed')],
      isError: true,
    });
    expect(await postPayloads('echo')).toEqual([]);
    await session.waitForStderr('echo: Blocked by hook: forbidden text is not allowed');
  });

  it('A7: the downstream receives the input a PreToolUse hook rewrote; PostToolUse sees it as it ran', async () => {
    const session = await proxy();
    const result = await session.call('echo', { text: 'rewrite me' });
    expect(result).toEqual({ content: [text('{"text":"rewritten","extra":"added by a hook"}')] });
    const [payload] = await postPayloads('echo');
    expect(payload?.['tool_input']).toEqual({ text: 'rewritten', extra: 'added by a hook' });
  });

  it('L2, L3: a PreToolUse halt refuses only that call (MCP has no turns): the next call runs', async () => {
    const session = await proxy();
    expect(await session.call('echo', { text: 'halt' })).toEqual({
      content: [text('Halted by hook: emergency stop')],
      isError: true,
    });
    expect(await session.call('echo', { text: 'after the halt' })).toEqual({
      content: [text('{"text":"after the halt"}')],
    });
  });

  it('X, P2: an image, a resource and a resource link pass through untouched; the appended lines are one more text item', async () => {
    const session = await proxy();
    const result = await session.call('picture');
    expect(result).toEqual({
      content: [
        { type: 'image', data: pixelPng, mimeType: 'image/png' },
        text('a 1x1 pixel'),
        { type: 'resource', resource: { uri: 'file:///pixel.txt', mimeType: 'text/plain', text: 'pixel' } },
        { type: 'resource_link', uri: 'file:///pixel.png', name: 'pixel.png', mimeType: 'image/png' },
        text('pre: checked by cosh\npost: image seen'),
      ],
    });
    // X: tool_output is the text items joined with \n; the image is not text.
    const [payload] = await postPayloads('picture');
    expect(payload?.['tool_output']).toBe('a 1x1 pixel');
  });

  it('P2: structuredContent passes through, a PostToolUse deny adds a [hook] line, and a real client accepts the result', async () => {
    const session = await proxy();
    await session.client.listTools(); // the SDK client checks structuredContent against the output schema it listed
    const result = await session.client.callTool(
      { name: 'measure', arguments: { text: 'four' } },
      CallToolResultSchema,
    );
    expect(result).toEqual({
      content: [text('length 4'), text('pre: checked by cosh\n[hook] measure output flagged')],
      structuredContent: { length: 4 },
    });
  });

  it('L4: a downstream isError result is a tool failure: its content, then the PreToolUse context, and no PostToolUse', async () => {
    const session = await proxy();
    expect(await session.call('fail', { message: 'disk full' })).toEqual({
      content: [text('failed: disk full'), text('pre: checked by cosh')],
      isError: true,
    });
    expect(await postPayloads('fail')).toEqual([]);
  });

  it('X: --permission deny makes the hooks an allowlist: only calls a hook allows run', async () => {
    const session = await proxy({ coshArgs: ['--permission', 'deny'] });
    expect(await session.call('echo', { text: 'allowed' })).toEqual({ content: [text('{"text":"allowed"}')] });
    expect(await session.call('picture')).toEqual({
      content: [text('Permission denied: picture\npre: checked by cosh')],
      isError: true,
    });
    expect(await session.call('log', { text: 'x' })).toEqual({
      content: [text('Permission denied: log')],
      isError: true,
    });
    expect(await postPayloads('picture')).toEqual([]);
    // The log names the tool exactly as `cosh mcp serve` does.
    await session.waitForStderr(
      "cosh mcp proxy: picture: refused by the permission system (--permission deny refuses every call that needs permission; only a PreToolUse hook's allow lets picture run)",
    );
  });

  it('X: with --permission allow (the default), every call no hook denies runs', async () => {
    const session = await proxy({ coshArgs: ['--permission', 'allow'] });
    expect(await session.call('log', { text: 'x' })).toEqual({ content: [text('logged')] });
  });
});

describe('cosh mcp proxy: a downstream that fails', () => {
  it('a crash gives error results within a bounded time, immediate errors afterwards, and says why on stderr', async () => {
    const session = await proxy();
    const startedAt = performance.now();
    const crash = await session.call('crash', { code: 3 });
    expect(performance.now() - startedAt).toBeLessThan(5000);
    expect(crash.isError).toBe(true);
    expect(crash.content).toEqual([text('crash: the downstream MCP server exited (exit code 3)')]);

    const afterAt = performance.now();
    expect(await session.call('echo', { text: 'anyone there?' })).toEqual({
      content: [text('echo: the downstream MCP server exited (exit code 3)')],
      isError: true,
    });
    // At once, not after a wait for the dead server (the room is for a loaded machine).
    expect(performance.now() - afterAt).toBeLessThan(5_000);
    await expect(session.client.ping()).rejects.toThrow(/exited \(exit code 3\)/);
    const stderr = await session.waitForStderr(/exited \(exit code 3\); every tool call fails from now on/);
    expect(stderr).toContain('[downstream] crashing on purpose\n');
    // The proxy stays up for the client: listing still answers, with the last known tools.
    expect((await session.client.listTools()).tools.length).toBe(10);
  });

  it('a hang fails after --call-timeout, is cancelled downstream, and the server goes on serving', async () => {
    // The timeout also bounds the downstream's initialization, and the fixture (node loading the
    // MCP SDK) takes ~0.6 s to answer on an idle machine and several seconds on a loaded one: a
    // 1 s timeout made the proxy give up at start (exit 69) now and then.
    const session = await proxy({ coshArgs: ['--call-timeout', '5'] });
    const startedAt = performance.now();
    const result = await session.call('hang');
    const elapsed = performance.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(10_000);
    expect(result).toEqual({
      content: [
        text('hang: no answer from the downstream MCP server within 5 s (--call-timeout); the request was cancelled'),
      ],
      isError: true,
    });
    await session.waitForStderr('[downstream] hang cancelled');
    expect(await session.call('echo', { text: 'still here' })).toEqual({ content: [text('{"text":"still here"}')] });
  });

  it('a call the client cancels is cancelled downstream too', async () => {
    const session = await proxy();
    const controller = new AbortController();
    const call = session.client.request(
      { method: 'tools/call', params: { name: 'hang', arguments: {} } },
      CallToolResultSchema,
      {
        signal: controller.signal,
      },
    );
    // Cancelled once the call is running downstream, not after a guess of how long that takes.
    await session.waitForStderr('[downstream] hang started');
    controller.abort('the user pressed stop');
    await expect(call).rejects.toThrow();
    await session.waitForStderr('[downstream] hang cancelled');
  });

  it('a line on the downstream stdout that is not JSON-RPC is logged and ignored', async () => {
    const session = await proxy({ downstreamArgs: ['--banner'] });
    expect(await session.call('echo', { text: 'ok' })).toEqual({ content: [text('{"text":"ok"}')] });
    expect(session.stderr()).toContain(
      "cosh mcp proxy: ignored on the downstream MCP server's stdout (it is for protocol messages only): a line that is not a JSON-RPC message: fixture server starting (this line is not JSON-RPC)",
    );
  });

  it('a downstream that cannot start: exit 69 and what went wrong, nothing on stdout', async () => {
    const result = await runCosh(['mcp', 'proxy', '--config', configPath, '--', join(directory, 'no-such-server')], {
      cwd: directory,
    });
    expect(result.code).toBe(69);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `did not start: cannot run \`${join(directory, 'no-such-server')}\`: command not found`,
    );
  });

  it('a downstream that exits before it initializes: exit 69 with its exit code', async () => {
    const result = await runCosh(
      ['mcp', 'proxy', '--config', configPath, '--', '/bin/sh', '-c', 'echo broken >&2; exit 7'],
      { cwd: directory },
    );
    expect(result.code).toBe(69);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('[downstream] broken\n');
    expect(result.stderr).toContain('exited (exit code 7)');
  });

  it('C6: a config that does not load still proxies: the tools are listed, every call is an isError result naming file:line:col (issue 13)', async () => {
    const broken = join(directory, 'broken.json');
    await writeFile(broken, '{"hooks": {"PreToolUse": [{"command": 1}]}}');
    const session = await startCosh(['mcp', 'proxy', '--config', broken, '--', process.execPath, downstreamFixture], {
      cwd: directory,
    });
    sessions.push(session);
    expect((await session.client.listTools()).tools.map((tool) => tool.name)).toContain('echo');
    const refused = await session.call('echo', { text: 'hello' });
    expect(refused.isError).toBe(true);
    const message = (refused.content[0] as { text: string }).text;
    expect(message).toMatch(/^Refused: the hooks configuration .*broken\.json does not load/);
    expect(message).toContain(`${broken}:1:`);
    await session.waitForStderr('echo: refused: the configuration does not load');
  });

  it('X C10: --cwd starts the downstream server there, runs hooks there and loads its project layer (issue 13)', async () => {
    const work = join(directory, 'work');
    await mkdir(join(work, '.cosh'), { recursive: true });
    await writeFile(
      join(work, '.cosh', 'setup.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ command: 'touch "$COSH_MARKERS/project-hook-ran"' }] } }),
    );
    await writeFile(
      join(directory, 'pwd-setup.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ command: 'pwd > "$COSH_MARKERS/hook-cwd"' }] } }),
    );
    const session = await startCosh(
      [
        'mcp',
        'proxy',
        '--config',
        'pwd-setup.json',
        '--cwd',
        'work',
        '--',
        process.execPath,
        downstreamFixture,
        '--pid-file',
        'downstream.pid',
      ],
      { cwd: directory, env: { COSH_MARKERS: markers } },
    );
    sessions.push(session);
    await session.call('echo', { text: 'where' });
    expect((await readFile(join(markers, 'hook-cwd'), 'utf8')).trim()).toBe(work);
    await readFile(join(markers, 'project-hook-ran'));
    // The relative --pid-file of the downstream landed in the work folder: it started there.
    expect(Number((await readFile(join(work, 'downstream.pid'), 'utf8')).split('\n')[0])).toBeGreaterThan(0);
  });

  it('X: bad usage exits 64 with a hint', async () => {
    expect((await runCosh(['mcp', 'proxy'], { cwd: directory })).code).toBe(64);
    const badTimeout = await runCosh(['mcp', 'proxy', '--call-timeout', 'soon', '--', 'x'], { cwd: directory });
    expect(badTimeout.code).toBe(64);
    expect(badTimeout.stderr).toContain("option '--call-timeout <seconds>' expects a number of seconds");
    const badPermission = await runCosh(['mcp', 'proxy', '--permission', 'ask', '--', 'x'], { cwd: directory });
    expect(badPermission.code).toBe(64);
    expect(badPermission.stderr).toContain('allow, deny');
    const emptyConfig = await runCosh(['mcp', 'proxy', '--config', '', '--', 'x'], { cwd: directory });
    expect(emptyConfig.code).toBe(64);
    expect(emptyConfig.stderr).toContain("option '--config <file>' needs a file name, not an empty string");
  });
});

describe('cosh mcp proxy: protocol', () => {
  it('forwards notifications/tools/list_changed after listing the tools again', async () => {
    const session = await proxy();
    const changed = new Promise<void>((resolve) =>
      session.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    expect(await session.call('add_tool', { name: 'late_tool' })).toEqual({ content: [text('added late_tool')] });
    await changed;
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('late_tool');
    expect(await session.call('late_tool')).toEqual({ content: [text('unknown tool late_tool')], isError: true });
  });

  it('forwards ping, progress and log messages', async () => {
    const session = await proxy();
    await expect(session.client.ping()).resolves.toEqual({});
    const progress: Progress[] = [];
    const result = await session.client.request(
      { method: 'tools/call', params: { name: 'progress', arguments: {} } },
      CallToolResultSchema,
      {
        onprogress: (update) => progress.push(update),
      },
    );
    expect(result).toEqual({ content: [text('progress done')] });
    expect(progress).toEqual([
      { progress: 1, total: 2, message: 'step 1' },
      { progress: 2, total: 2, message: 'step 2' },
    ]);
    const logged = new Promise<unknown>((resolve) =>
      session.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) =>
        resolve(notification.params),
      ),
    );
    await session.call('log', { text: 'hello from downstream' });
    expect(await logged).toEqual({ level: 'info', logger: 'fixture', data: 'hello from downstream' });
  });

  it('writes nothing but protocol on stdout, and logs on stderr', async () => {
    // Every message the client read parsed as JSON-RPC (the SDK would report anything else).
    const session = await proxy();
    let protocolErrors = 0;
    session.client.onerror = () => {
      protocolErrors += 1;
    };
    await session.call('echo', { text: 'forbidden' });
    await session.call('fail');
    expect(protocolErrors).toBe(0);
    expect(session.stderr()).toMatch(
      /^cosh mcp proxy: proxying `.*mcp-downstream\.mjs` \(pid \d+\): 10 tools, 8 hooks, --permission allow$/m,
    );
  });
});

describe('cosh mcp proxy: shutdown', () => {
  it('stops the downstream and all it started when the client disconnects, even one that ignores stdin EOF and SIGTERM', async () => {
    const pidFile = join(directory, 'stubborn.pid');
    const session = await proxy({ downstreamArgs: ['--pid-file', pidFile, '--spawn-child', '--stubborn'] });
    const pids = (await readFile(pidFile, 'utf8')).trim().split('\n').map(Number);
    expect(pids.length).toBe(2);
    expect(pids.every(isAlive)).toBe(true);
    await session.close();
    expect(await waitForExit(pids, 5000)).toEqual([]);
    expect(isAlive(session.pid)).toBe(false);
    await session.waitForStderr('the client disconnected; stopped the downstream MCP server (signal SIGKILL)');
  });

  it('exits at once when the client disconnects from a well-behaved downstream', async () => {
    const pidFile = join(directory, 'polite.pid');
    const session = await proxy({ downstreamArgs: ['--pid-file', pidFile] });
    const [pid] = (await readFile(pidFile, 'utf8')).trim().split('\n').map(Number);
    const startedAt = performance.now();
    await session.close();
    expect(performance.now() - startedAt).toBeLessThan(1900); // before the SDK client's 2 s SIGTERM
    expect(await waitForExit([pid ?? 0], 1000)).toEqual([]);
    await session.waitForStderr('the client disconnected; stopped the downstream MCP server (exit code 0)');
  });

  it("X: stops the downstream's setsid child too, when a well-behaved downstream exits on its own as the client disconnects", async () => {
    const pidFile = join(directory, 'setsid.pid');
    const session = await proxy({ downstreamArgs: ['--pid-file', pidFile, '--spawn-setsid-child'] });
    const pids = (await readFile(pidFile, 'utf8')).trim().split('\n').map(Number);
    expect(pids.length).toBe(2);
    expect(pids.every(isAlive)).toBe(true);
    await session.close();
    // The server exits on stdin EOF, which leaves its setsid child to init: found before that.
    expect(await waitForExit(pids, 5000)).toEqual([]);
    await session.waitForStderr('the client disconnected; stopped the downstream MCP server (exit code 0)');
  });

  it('X: a SIGTERM while the downstream is still starting stops it and exits 143', async () => {
    const pidFile = join(directory, 'slow.pid');
    const { child, stderr, exited } = spawnProxy(pidFile, ['--slow-start', '30000']);
    expect(
      await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').split('\n').length === 3, 30_000),
    ).toBe(true);
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(await waitForExit(pids, 1000)).toEqual([]);
    expect(stderr()).toContain('cosh mcp proxy: got SIGTERM while starting; stopped the downstream MCP server');
    child.stdin.end();
  });

  it('stops the downstream when it gets SIGTERM, and exits 143', async () => {
    const pidFile = join(directory, 'signalled.pid');
    const { child, stderr, exited } = spawnProxy(pidFile, [], { COSH_MARKERS: markers });
    // Waited for, not assumed: under load the start can take seconds. (The signal handlers are
    // now installed before the downstream starts; they used to come after the "proxying" line,
    // and a SIGTERM in between killed the proxy by default: exit null, the flake once seen.)
    expect(await waitUntil(() => stderr().includes('cosh mcp proxy: proxying'), 30_000)).toBe(true);
    const pids = (await readFile(pidFile, 'utf8')).trim().split('\n').map(Number);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(await waitForExit(pids, 1000)).toEqual([]);
    expect(stderr()).toMatch(/got SIGTERM; stopped the downstream MCP server \(signal SIG(TERM|KILL)\)/);
    child.stdin.end();
  });
});

describe('cosh mcp proxy: names and cancellation (X, L7)', () => {
  // Every PreToolUse hook run leaves the tool name in pre-names. The lookaround makes the
  // second matcher catastrophic with no linear-time fallback: on `a…a!` it would never finish.
  let markingConfig: string;
  const preNames = () =>
    readFile(join(markers, 'pre-names'), 'utf8').then(
      (names) => names.split('\n').filter((name) => name !== ''),
      () => [],
    );

  beforeAll(async () => {
    markingConfig = join(directory, 'marking.json');
    await writeFile(
      markingConfig,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: 'mark', command: `printf '%s\\n' "$COSH_TOOL_NAME" >> "$COSH_MARKERS/pre-names"` },
            { name: 'catastrophic', matcher: '^(?=(a+)+b)', command: 'exit 2' },
            {
              name: 'slow',
              matcher: '^progress$',
              command: `echo $$ > "$COSH_MARKERS/slow.pid"; sleep 60`,
              timeout: 120,
            },
          ],
        },
      }),
    );
  });

  const markingProxy = () => proxy({ coshArgs: ['--config', markingConfig] });

  it('X: a name the downstream did not list is refused as serve refuses an unknown tool; no hook runs, nothing goes downstream', async () => {
    const session = await markingProxy();
    const startedAt = performance.now();
    // 41 characters on which the catastrophic matcher would freeze the proxy at 100% CPU.
    const madeUp = `${'a'.repeat(40)}!`;
    await expect(session.call(madeUp)).rejects.toThrow(
      `MCP error -32602: unknown tool '${madeUp}'; known tools: echo, picture, measure, fail, crash, hang, progress, log, error, add_tool`,
    );
    await expect(session.call('ech')).rejects.toThrow(/unknown tool 'ech' \(did you mean echo\?\)/);
    expect(performance.now() - startedAt).toBeLessThan(10_000);
    await session.client.ping();
    expect(await preNames()).toEqual([]);
    await session.waitForStderr(`cosh mcp proxy: refused: unknown tool '${madeUp}'`);
  });

  it('X: the list is re-read on notifications/tools/list_changed: a tool added downstream is called through the hooks', async () => {
    const session = await markingProxy();
    await expect(session.call('fresh')).rejects.toThrow(/unknown tool 'fresh'/);
    expect(await session.call('add_tool', { name: 'fresh' })).toEqual({ content: [text('added fresh')] });
    // The fixture answers an unknown name with an isError result: this one was forwarded.
    expect(await session.call('fresh')).toEqual({ content: [text('unknown tool fresh')], isError: true });
    expect(await preNames()).toEqual(['add_tool', 'fresh']);
  });

  it('L7: a tool name over 128 KiB is refused with "Blocked by hook: invalid tool call: …"; no hook runs, nothing goes downstream', async () => {
    const session = await markingProxy();
    const huge = 'x'.repeat(130 * 1024);
    expect(await session.call(huge)).toEqual({
      content: [
        text(
          `Blocked by hook: invalid tool call: toolName is ${huge.length} characters long; a hook can be given at most 1024`,
        ),
      ],
      isError: true,
    });
    expect(await session.call(`echo\u0000x`)).toMatchObject({
      content: [text(expect.stringMatching(/^Blocked by hook: invalid tool call: toolName contains a NUL character/))],
      isError: true,
    });
    expect(await preNames()).toEqual([]);
  });

  it("X: a client's cancellation stops the call's running hooks as a timeout would; the call never goes downstream", async () => {
    const session = await markingProxy();
    const controller = new AbortController();
    const call = session.client.request(
      { method: 'tools/call', params: { name: 'progress', arguments: {} } },
      CallToolResultSchema,
      { signal: controller.signal },
    );
    const pidFile = join(markers, 'slow.pid');
    let pid = Number.NaN;
    await waitUntil(() => {
      pid = existsSync(pidFile) ? Number.parseInt(readFileSync(pidFile, 'utf8'), 10) : Number.NaN;
      return !Number.isNaN(pid);
    }, 10_000);
    expect(isAlive(pid)).toBe(true);
    controller.abort('the user pressed stop');
    await expect(call).rejects.toThrow();
    // SIGTERM to the hook's group at once, SIGKILL a second later at most: far from its 120 s.
    expect(await waitForExit([pid], 5_000)).toEqual([]);
    await session.waitForStderr('progress: Blocked by hook: the call was cancelled; its hooks were stopped');
    expect(await session.call('echo', { text: 'still here' })).toEqual({ content: [text('{"text":"still here"}')] });
  });
});

describe('cosh mcp proxy: what the downstream says (X)', () => {
  it('X: downstream JSON-RPC errors reach the client and the log with their code and message', async () => {
    const session = await proxy();
    for (const [code, message] of [
      [-32000, 'database is down'],
      [-32001, 'the index is rebuilding'],
      [-32602, 'bad arguments'],
    ] as const) {
      const result = await session.call('error', { code, message });
      const said = `error: the downstream MCP server answered with JSON-RPC error ${code}: ${message}`;
      expect(result).toEqual({ content: [text(said)], isError: true });
      await session.waitForStderr(`cosh mcp proxy: error: the tool failed: ${said}`);
    }
    expect(session.stderr()).not.toMatch(
      /connection to the downstream MCP server closed|no answer from the downstream/,
    );
    expect(await session.call('echo', { text: 'up' })).toEqual({ content: [text('{"text":"up"}')] });
  });

  it('X: a downstream that fails to initialise is reported with the real cause, not as its exit (exit 69)', async () => {
    for (const [flag, cause] of [
      [
        '--initialize-error',
        'answered with JSON-RPC error -32602: unsupported protocol version; this server speaks 1999-01-01 only',
      ],
      ['--no-tools', 'it offers no tools (no "tools" capability)'],
    ] as const) {
      const result = await runCosh(
        ['mcp', 'proxy', '--config', configPath, '--', process.execPath, downstreamFixture, flag],
        { cwd: directory, timeoutMs: 20_000 },
      );
      expect(result.code).toBe(69);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `did not start: ${cause.startsWith('answered') ? 'the downstream MCP server ' : ''}${cause}`,
      );
      expect(result.stderr).not.toContain('exited (');
    }
  });
});

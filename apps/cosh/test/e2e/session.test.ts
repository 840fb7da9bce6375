// `cosh session` end to end: the built binary driven over stdin/stdout with real tools and hooks.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders, TRUST_ALL_ENV, waitUntil } from '@cosh/test-utils';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-session-');

beforeAll(async () => {
  await assertBuilt();
});

type Hook = { name?: string; matcher?: string; command: string };

async function project(hooks: { PreToolUse?: Hook[]; PostToolUse?: Hook[] } = {}) {
  const folder = makeFolder();
  // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
  const config = join(folder, '.cosh-config', 'setup.json');
  await mkdir(dirname(config));
  await writeFile(config, JSON.stringify({ hooks }));
  await writeFile(join(folder, 'notes.txt'), 'hello');
  return { folder, config };
}

type Answer = Record<string, unknown> & { id: unknown; status: string; output: string };

/**
 * Runs a session over `lines` (strings sent as is, objects as JSON) and parses every line it
 * wrote: the first, which describes the session, and the answers after it.
 */
async function session(config: string, folder: string, lines: readonly (string | object)[], ...flags: string[]) {
  const input = `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`;
  const result = await runCosh(['session', '--config', config, ...flags], { cwd: folder, input });
  const [described, ...answers] =
    result.stdout === ''
      ? []
      : result.stdout
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as Answer);
  return { ...result, described, answers };
}

const call = (id: unknown, tool: string, input: object) => ({ id, tool_name: tool, tool_input: input });

describe('cosh session', () => {
  it('L1: answers each call with one line, in order, ids echoed, with every status', async () => {
    const { folder, config } = await project({
      PreToolUse: [{ name: 'no writes', matcher: '^fs_write$', command: "echo 'read-only session' >&2; exit 2" }],
    });
    const {
      code,
      answers: lines,
      stderr,
    } = await session(config, folder, [
      call(1, 'fs_read', { path: 'notes.txt' }),
      call('two', 'fs_read', { path: 'missing.txt' }),
      call({ n: 3 }, 'fs_write', { path: 'x', content: 'y' }),
      call(4, 'bash_run', { command: 'touch ran' }),
      call(5, 'nope', {}),
      call(6, 'fs_read', { path: 7 }),
    ]);
    expect(code).toBe(0);
    // bash_run needs permission: the driver (which sent everything and closed its input) is asked first.
    expect(lines[3]).toMatchObject({ type: 'permission_request', id: 4, tool_name: 'bash_run' });
    const answers = lines.filter((line) => line['type'] !== 'permission_request');
    expect(answers.map((answer) => [answer.id, answer.status, answer.output])).toEqual([
      [1, 'ok', 'hello'],
      ['two', 'error', 'fs_read: no such file or directory: missing.txt'],
      [{ n: 3 }, 'blocked', 'Blocked by hook: read-only session'],
      [4, 'blocked', 'Permission denied: bash_run'],
      [5, 'error', "unknown tool 'nope'; known tools: bash_run, find_grep, fs_edit, fs_read, fs_write"],
      [6, 'error', 'fs_read: input.path: expected a string, got number'],
    ]);
    expect(answers[3]).toMatchObject({ blocked_by: 'permission' });
    expect(answers.slice(4).map((answer) => answer['error_code'])).toEqual(['unknown_tool', 'invalid_input']);
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    // ask asks the driver, which ended its input without answering: refused, and said why.
    expect(answers[3]?.['permission_message']).toBe(
      'the permission prompt failed (the input ended before a permission_response); pass --permission allow to run bash_run without asking',
    );
    expect(stderr).toContain('bash_run was not run: the permission prompt failed');
  });

  it('L1: a result line carries the verdicts and the input as run (snake_case, every key present)', async () => {
    const { folder, config } = await project({
      PreToolUse: [
        {
          name: 'rewrite',
          matcher: '^bash_run$',
          command: `echo '{"updated_input": {"command": "echo rewritten"}, "context": "pre ctx"}'`,
        },
      ],
      PostToolUse: [{ name: 'annotate', command: `echo '{"context": "post ctx"}'` }],
    });
    const { answers } = await session(
      config,
      folder,
      [call('c', 'bash_run', { command: 'echo given' })],
      '--permission',
      'allow',
    );
    const [answer] = answers;
    expect(Object.keys(answer ?? {})).toEqual([
      'id',
      'timestamp',
      'tool_name',
      'status',
      'error_code',
      'blocked_by',
      'output',
      'tool_input_as_given',
      'tool_input',
      'pre_tool_use',
      'post_tool_use',
      'halt',
      'halt_reasons',
      'permission_message',
      'durations_ms',
    ]);
    expect(answer).toMatchObject({
      id: 'c',
      tool_name: 'bash_run',
      status: 'ok',
      output: 'rewritten\n[exit code: 0]\npre ctx\npost ctx',
      tool_input_as_given: { command: 'echo given' },
      tool_input: { command: 'echo rewritten' },
      pre_tool_use: {
        decision: 'none',
        halt: false,
        reasons: [],
        context: 'pre ctx',
        diagnostics: [],
        hooks: [{ name: 'rewrite', outcome: 'none' }],
      },
      post_tool_use: {
        decision: 'none',
        halt: false,
        context: 'post ctx',
        hooks: [{ name: 'annotate', outcome: 'none' }],
      },
      halt: false,
    });
  });

  it('L3: after a halt the rest of the turn is skipped, until a new_turn (answered {"type":"new_turn","ok":true})', async () => {
    const { folder, config } = await project({
      PreToolUse: [
        { name: 'stop', matcher: '^find_grep$', command: "echo 'search is off' >&2; exit 49" },
        { command: 'touch "hook-$COSH_TOOL_NAME"' },
      ],
    });
    const { answers } = await session(
      config,
      folder,
      [
        call(1, 'fs_read', { path: 'notes.txt' }),
        call(2, 'find_grep', { pattern: 'x' }),
        call(3, 'fs_write', { path: 'skipped.txt', content: 'x' }),
        call(4, 'nope', {}),
        { type: 'new_turn' },
        call(5, 'fs_read', { path: 'notes.txt' }),
      ],
      '--permission',
      'allow',
    );
    expect(answers.map((answer) => answer['type'] ?? `${String(answer.id)} ${answer.status}`)).toEqual([
      '1 ok',
      '2 halted',
      '3 skipped',
      '4 skipped',
      'new_turn',
      '5 ok',
    ]);
    expect(answers[1]).toMatchObject({
      output: 'Halted by hook: search is off',
      halt: true,
      halt_reasons: ['search is off'],
    });
    expect(answers[2]).toMatchObject({
      output: 'Skipped: the turn was halted by hook: search is off',
      tool_name: 'fs_write',
      pre_tool_use: null,
      tool_input: null,
    });
    expect(answers[4]).toEqual({ type: 'new_turn', ok: true });
    // Skipped calls reach no hook and no tool.
    expect(existsSync(join(folder, 'skipped.txt'))).toBe(false);
    expect(existsSync(join(folder, 'hook-fs_write'))).toBe(false);
  });

  it('L3/P4: a PostToolUse halt keeps the composed output, then skips the rest of the turn', async () => {
    const { folder, config } = await project({
      PostToolUse: [{ name: 'late', matcher: '^fs_write$', command: `echo '{"context": "seen"}'; exit 49` }],
    });
    const { answers } = await session(
      config,
      folder,
      [call(1, 'fs_write', { path: 'a.txt', content: 'x' }), call(2, 'fs_read', { path: 'a.txt' })],
      '--permission',
      'allow',
    );
    expect(answers.map((answer) => answer.status)).toEqual(['halted', 'skipped']);
    expect(answers[0]).toMatchObject({
      output: 'wrote 1 byte to a.txt (new file)\nseen',
      tool_input: { path: 'a.txt', content: 'x' },
      halt: true,
    });
    expect(answers[1]?.output).toBe("Skipped: the turn was halted by hook: halted by hook 'late'");
    expect(await readFile(join(folder, 'a.txt'), 'utf8')).toBe('x');
  });

  it('a line that is not a call gets an error naming the problem (with its id when readable); blank lines are ignored; the session goes on', async () => {
    const { folder, config } = await project();
    const { code, answers } = await session(config, folder, [
      '',
      '{"id": 1, "tool_name": "fs_read", "tool_input": {"path": "notes.txt"}',
      '   ',
      '[1, 2]',
      '{"id": "m", "tool_input": {}}',
      '{"id": "t", "tool_name": ["fs_read"]}',
      '{"id": "u", "type": "end"}',
      call(7, 'fs_read', { path: 'notes.txt' }),
    ]);
    expect(code).toBe(0);
    expect(answers.map((answer) => [answer.id, answer.status, answer['error_code']])).toEqual([
      [null, 'error', 'invalid_json'],
      [null, 'error', 'not_an_object'],
      ['m', 'error', 'missing_tool_name'],
      ['t', 'error', 'invalid_tool_name'],
      ['u', 'error', 'unknown_type'],
      [7, 'ok', null],
    ]);
    expect(answers[0]?.output).toMatch(/^line 2 is not valid JSON: /);
    expect(answers[2]?.output).toBe('line 5: missing "tool_name" (the tool to call, such as "fs_read")');
  });

  it('history: every call, skipped ones included, is one complete JSON line identical to its answer', async () => {
    const { folder, config } = await project({ PreToolUse: [{ matcher: '^find_grep$', command: 'exit 49' }] });
    const { answers } = await session(
      config,
      folder,
      [
        'not json',
        call(1, 'fs_read', { path: 'notes.txt' }),
        call(2, 'find_grep', { pattern: 'x' }),
        call(3, 'fs_read', { path: 'notes.txt' }),
      ],
      '--history',
      'history.jsonl',
    );
    const lines = (await readFile(join(folder, 'history.jsonl'), 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    // The line that is not a call is answered but is not a call: it is not in history.
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(answers.slice(1));
  });

  it('--cwd: tools and hooks run there; a missing folder is exit 64', async () => {
    const { folder, config } = await project({ PreToolUse: [{ command: 'pwd > hook-cwd' }] });
    const elsewhere = join(folder, 'sub');
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, 'notes.txt'), 'from sub');
    const { answers } = await session(config, folder, [call(1, 'fs_read', { path: 'notes.txt' })], '--cwd', 'sub');
    expect(answers[0]?.output).toBe('from sub');
    expect(await readFile(join(elsewhere, 'hook-cwd'), 'utf8')).toBe(`${elsewhere}\n`);
    const missing = await session(config, folder, [], '--cwd', 'nowhere');
    expect(missing).toMatchObject({
      code: 64,
      stdout: '',
      stderr: "cosh: --cwd 'nowhere' does not exist. See 'cosh session --help'.\n",
    });
  });

  it('X: --permission deny makes the hooks an allowlist here too; a config error is exit 78', async () => {
    const { folder, config } = await project({
      PreToolUse: [{ matcher: '^fs_write$', command: `echo '{"decision": "allow"}'` }],
    });
    const { answers, stderr } = await session(
      config,
      folder,
      [call(1, 'fs_write', { path: 'a', content: '' }), call(2, 'bash_run', { command: 'ls' })],
      '--permission',
      'deny',
    );
    expect(answers.map((answer) => answer.status)).toEqual(['ok', 'blocked']);
    expect(stderr).toContain('--permission deny refuses every call that needs permission');
    await writeFile(config, '{"hooks": []}');
    expect((await session(config, folder, [call(1, 'fs_read', { path: 'notes.txt' })])).code).toBe(78);
  });

  it('EOF with nothing sent: exit 0 and only the line that describes the session', async () => {
    const { folder, config } = await project();
    const result = await session(config, folder, [], '--permission', 'allow');
    expect(result).toMatchObject({ code: 0, stderr: '', answers: [] });
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(result.described).toMatchObject({ type: 'session' });
  });
});

/** `promise`, or a rejection naming the bound when it takes longer than `seconds`. */
async function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A session driven line by line, as an agent host drives it: send a line, read the next one. */
function drive(config: string, folder: string, ...flags: string[]) {
  const child = spawn(process.execPath, [coshBin, 'session', '--config', config, ...flags], {
    cwd: folder,
    // No terminal here: trust every file as it is (SPEC S4), as the shared fixtures do.
    env: { PATH: process.env['PATH'], HOME: folder, COSH_TRUST: 'all' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    send: (line: object) => child.stdin.write(`${JSON.stringify(line)}\n`),
    async next(): Promise<Answer> {
      const line = await lines.next();
      if (line.done === true) throw new Error(`the session ended; stderr:\n${stderr}`);
      return JSON.parse(line.value as string) as Answer;
    },
    async end(): Promise<number | null> {
      child.stdin.end();
      return await exited;
    },
    stderr: () => stderr,
  };
}

describe('cosh session: describing itself, list_tools, other shapes (issue 13)', () => {
  it('X: the first line describes the session: version, cwd, permission, config and each tool with its input schema', async () => {
    const { folder, config } = await project();
    const { described } = await session(config, folder, [], '--permission', 'deny');
    const packageJson = JSON.parse(
      await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
    );
    expect(described).toMatchObject({
      type: 'session',
      version: packageJson.version,
      cwd: folder,
      permission: 'deny',
      config,
    });
    const tools = (described as unknown as { tools: Record<string, unknown>[] }).tools;
    expect(tools.map((tool) => [tool['name'], tool['permission']])).toEqual([
      ['bash_run', 'ask'],
      ['find_grep', 'allow'],
      ['fs_edit', 'ask'],
      ['fs_read', 'allow'],
      ['fs_write', 'ask'],
    ]);
    expect(tools[3]).toMatchObject({
      description: expect.stringContaining('file'),
      input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    });
  });

  it('X: {"type":"list_tools"} is answered with the tools, echoing its id', async () => {
    const { folder, config } = await project();
    const { described, answers } = await session(config, folder, [{ type: 'list_tools', id: 'tools?' }]);
    expect(answers).toEqual([
      { type: 'tools', id: 'tools?', tools: (described as unknown as { tools: unknown }).tools },
    ]);
  });

  it('X: Anthropic- and MCP-shaped calls are answered with the shape to use, and run nothing', async () => {
    const { folder, config } = await project({ PreToolUse: [{ command: 'touch hook-ran' }] });
    const { answers } = await session(config, folder, [
      { type: 'tool_use', id: 'toolu_1', name: 'fs_read', input: { path: 'notes.txt' } },
      { id: 2, name: 'fs_read', arguments: { path: 'notes.txt' } },
    ]);
    expect(answers.map((answer) => [answer.id, answer.status, answer['error_code']])).toEqual([
      ['toolu_1', 'error', 'wrong_shape'],
      [2, 'error', 'wrong_shape'],
    ]);
    expect(answers[1]?.output).toContain('did you mean "tool_name" for "name" and "tool_input" for "arguments"?');
    expect(existsSync(join(folder, 'hook-ran'))).toBe(false);
  });
});

describe('cosh session --permission ask: the driver answers (issue 13)', () => {
  it('X: a call that needs permission writes a permission_request; the permission_response decides', async () => {
    const { folder, config } = await project();
    const driver = drive(config, folder);
    expect((await driver.next())['type']).toBe('session');
    driver.send(call('w1', 'fs_write', { path: 'yes.txt', content: 'allowed' }));
    expect(await driver.next()).toEqual({
      type: 'permission_request',
      id: 'w1',
      tool_name: 'fs_write',
      tool_input: { path: 'yes.txt', content: 'allowed' },
      cwd: folder,
    });
    driver.send({ type: 'permission_response', id: 'w1', allow: true });
    expect(await driver.next()).toMatchObject({ id: 'w1', status: 'ok' });
    expect(await readFile(join(folder, 'yes.txt'), 'utf8')).toBe('allowed');

    driver.send(call('w2', 'fs_write', { path: 'no.txt', content: 'refused' }));
    expect(await driver.next()).toMatchObject({ type: 'permission_request', id: 'w2' });
    driver.send({ type: 'permission_response', id: 'w2', allow: false });
    expect(await driver.next()).toMatchObject({
      id: 'w2',
      status: 'blocked',
      output: 'Permission denied: fs_write',
      permission_message: 'refused at the prompt',
    });
    expect(existsSync(join(folder, 'no.txt'))).toBe(false);

    // A tool that needs no permission is not asked about.
    driver.send(call('r', 'fs_read', { path: 'yes.txt' }));
    expect(await driver.next()).toMatchObject({ id: 'r', status: 'ok', output: 'allowed' });
    expect(await driver.end()).toBe(0);
  });

  it('X: no answer within --permission-timeout refuses; lines sent meanwhile are answered after, in order', async () => {
    const { folder, config } = await project();
    const driver = drive(config, folder, '--permission-timeout', '0.5');
    await driver.next();
    driver.send(call(1, 'bash_run', { command: 'touch ran' }));
    expect(await driver.next()).toMatchObject({ type: 'permission_request', id: 1 });
    // Not the answer: a call, and an answer for another id. Both wait for the call in progress.
    driver.send(call(2, 'fs_read', { path: 'notes.txt' }));
    driver.send({ type: 'permission_response', id: 99, allow: true });
    expect(await driver.next()).toMatchObject({
      id: 1,
      status: 'blocked',
      permission_message:
        'the permission prompt failed (no permission_response within 0.5 s); pass --permission allow to run bash_run without asking',
    });
    expect(await driver.next()).toMatchObject({ id: 2, status: 'ok', output: 'hello' });
    expect(await driver.next()).toMatchObject({
      id: 99,
      status: 'error',
      error_code: 'unexpected_permission_response',
    });
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    expect(await driver.end()).toBe(0);
  });

  it("K7: a hook's ask is refused at once, stdin still open, without a permission_request; ordinary permission still asks the driver", async () => {
    const { folder, config } = await project({
      PreToolUse: [
        { name: 'asker', matcher: '^fs_read$', command: `echo '{"decision": "ask", "reason": "check it"}'` },
      ],
    });
    // --permission-timeout 120: a session that put the ask to the driver would wait two minutes.
    const driver = drive(config, folder, '--permission', 'ask', '--permission-timeout', '120');
    await driver.next();
    driver.send(call('r', 'fs_read', { path: 'notes.txt' }));
    const answer = await withinSeconds(10, driver.next());
    // The first line after the call is its answer: no permission_request came before it.
    expect(answer['type']).toBeUndefined();
    expect(answer).toMatchObject({
      id: 'r',
      status: 'blocked',
      blocked_by: 'permission',
      output: 'Permission denied: fs_read (a hook asked for confirmation: check it)',
      tool_input: null,
      permission_message: expect.stringContaining(
        'a hook asked for confirmation, which only a person at a terminal can give (run it with cosh exec --permission ask)',
      ),
    });
    expect(answer['pre_tool_use']).toMatchObject({ decision: 'ask', reasons: ['check it'] });
    expect(
      await waitUntil(() => driver.stderr().includes('cosh session: call "r": fs_read was not run:'), 10_000),
    ).toBe(true);
    expect(driver.stderr()).toContain('only a person at a terminal can give');

    // A tool that needs permission, no hook asking: the driver is asked, as before.
    driver.send(call('w', 'fs_write', { path: 'out.txt', content: 'x' }));
    expect(await withinSeconds(10, driver.next())).toMatchObject({ type: 'permission_request', id: 'w' });
    driver.send({ type: 'permission_response', id: 'w', allow: true });
    expect(await driver.next()).toMatchObject({ id: 'w', status: 'ok' });
    expect(await driver.end()).toBe(0);
  });

  for (const permission of ['allow', 'deny']) {
    it(`K7: with --permission ${permission} a hook's ask is refused too, with no permission_request`, async () => {
      const { folder, config } = await project({
        PreToolUse: [{ name: 'asker', command: `echo '{"decision": "ask", "reason": "check it"}'` }],
      });
      const driver = drive(config, folder, '--permission', permission);
      await driver.next();
      driver.send(call(1, 'fs_read', { path: 'notes.txt' }));
      expect(await withinSeconds(10, driver.next())).toMatchObject({
        id: 1,
        status: 'blocked',
        blocked_by: 'permission',
        output: 'Permission denied: fs_read (a hook asked for confirmation: check it)',
        permission_message: expect.stringContaining(`--permission ${permission}`),
      });
      expect(await driver.end()).toBe(0);
    });
  }

  it('X: a bad --permission-timeout is exit 64', async () => {
    const { folder, config } = await project();
    const result = await session(config, folder, [], '--permission-timeout', 'soon');
    expect(result.code).toBe(64);
    expect(result.stderr).toContain("option '--permission-timeout <seconds>' expects a number of seconds");
  });
});

const heapProbe = fileURLToPath(new URL('../__fixtures__/session-heap-probe.mjs', import.meta.url));

describe('cosh session under load', () => {
  it('memory stays flat over 10,000 calls, and a reader that stops reading holds the session back', async () => {
    const { folder, config } = await project();
    const probeFile = join(folder, 'heap.txt');
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', heapProbe, coshBin, 'session', '--config', config, '--history', 'history.jsonl'],
      {
        cwd: folder,
        env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: folder, COSH_HEAP_PROBE: probeFile },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    /** The session's live heap after a full collection, in bytes. */
    const liveHeap = async (): Promise<number> => {
      const before = existsSync(probeFile) ? (await readFile(probeFile, 'utf8')).split('\n').length : 1;
      child.kill('SIGUSR2');
      for (;;) {
        const lines = existsSync(probeFile) ? (await readFile(probeFile, 'utf8')).split('\n') : [''];
        if (lines.length > before) return Number(lines[lines.length - 2]);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const total = 10_000;
    // Write every call as fast as the pipe takes them, while nobody reads stdout yet.
    const writing = (async () => {
      for (let index = 0; index < total; index += 1) {
        if (!child.stdin.write(`${JSON.stringify(call(index, 'fs_read', { path: 'notes.txt' }))}\n`)) {
          await new Promise((resolve) => child.stdin.once('drain', resolve));
        }
      }
      child.stdin.end();
    })();

    // Backpressure: with stdout unread, the session stops once the pipes and its buffers are
    // full (about two hundred answers), instead of running every call and buffering the answers.
    // Wait until it has stopped: no new history line for half a second (a loaded machine may be slow to start).
    const historyLines = async () =>
      (await readFile(join(folder, 'history.jsonl'), 'utf8').catch(() => '')).split('\n').length - 1;
    let whileBlocked = -1;
    for (let stable = 0, waited = 0; stable < 5 && waited < 300; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const count = await historyLines();
      stable = count > 0 && count === whileBlocked ? stable + 1 : 0;
      whileBlocked = count;
    }
    expect(whileBlocked).toBeGreaterThan(0);
    expect(whileBlocked).toBeLessThan(1000);

    let seen = 0;
    let early = 0;
    let late = 0;
    const outOfOrder: number[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      const answer = JSON.parse(line) as Answer;
      // The first line describes the session; the answers follow.
      if (answer['type'] === 'session') continue;
      if (answer.id !== seen || answer.status !== 'ok') outOfOrder.push(seen);
      seen += 1;
      if (seen === 2000) early = await liveHeap();
      if (seen === total - 100) late = await liveHeap();
    }
    await writing;
    expect(await exited).toBe(0);
    expect(seen).toBe(total);
    expect(outOfOrder).toEqual([]);
    expect(await historyLines()).toBe(total);
    // Flat: 7,900 more calls leave the live heap where it was (keeping even 200 bytes per call would add 1.5 MB).
    expect(late - early).toBeLessThan(1024 * 1024);
  }, 120_000);
});

describe('cosh session: the host fails, the guard holds', () => {
  it('R9: a renamed working folder does not switch the guards off: the read after `mv work gone` is refused', async () => {
    const folder = makeFolder();
    await mkdir(join(folder, 'work'));
    await writeFile(join(folder, 'work', 'secret.txt'), 'TOP SECRET');
    // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
    const config = join(folder, '.cosh-config', 'setup.json');
    await mkdir(dirname(config));
    await writeFile(
      config,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            // The default onError: a guard that fails to run would be no opinion without R9.
            {
              name: 'no secrets',
              matcher: '^fs_read$',
              command: `grep -q secret && { echo 'secrets stay secret' >&2; exit 2; }; exit 0`,
            },
            { name: 'allow the shell', matcher: '^bash_run$', command: `echo '{"decision": "allow"}'` },
          ],
        },
      }),
    );
    const { code, answers } = await session(
      config,
      folder,
      [
        call(1, 'fs_read', { path: 'secret.txt' }),
        call(2, 'bash_run', { command: 'mv ../work ../gone' }),
        call(3, 'fs_read', { path: 'secret.txt' }),
        call(4, 'fs_read', { path: '../gone/secret.txt' }),
      ],
      '--cwd',
      'work',
    );
    expect(code).toBe(0);
    expect(answers.map((answer) => [answer.id, answer.status])).toEqual([
      [1, 'blocked'],
      [2, 'ok'],
      [3, 'blocked'],
      [4, 'blocked'],
    ]);
    expect(existsSync(join(folder, 'gone', 'secret.txt'))).toBe(true);
    for (const answer of answers.slice(2)) {
      expect(answer.output).toBe(
        `Blocked by hook: hook 'no secrets' could not start: working directory does not exist: ${join(folder, 'work')}; the call is refused`,
      );
      expect(answer.output).not.toContain('TOP SECRET');
    }
  });

  it('T: an fs_write interrupted by SIGTERM leaves no temporary file and the target as it was', async () => {
    const { folder, config } = await project();
    const target = join(folder, 'target.txt');
    await writeFile(target, 'before');
    // 30 MB: long enough to write and flush that the signal lands while the temporary file exists.
    const line = `${JSON.stringify(call(1, 'fs_write', { path: 'target.txt', content: 'x'.repeat(30_000_000) }))}\n`;
    let interrupted = false;
    for (let attempt = 0; attempt < 5 && !interrupted; attempt += 1) {
      const child = spawn(process.execPath, [coshBin, 'session', '--config', config, '--permission', 'allow'], {
        cwd: folder,
        env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: folder },
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('close', (_code, signal) => resolve(signal)),
      );
      child.stdin.on('error', () => undefined);
      child.stdin.write(line);
      const temporary = (): string[] =>
        readdirSync(folder).filter((name) => name.startsWith('.target.txt.') && name.endsWith('.tmp'));
      await waitUntil(() => temporary().length > 0 || child.exitCode !== null, 20_000);
      // Frozen, so what is seen is what the signal interrupts.
      child.kill('SIGSTOP');
      interrupted = temporary().length > 0;
      child.kill('SIGTERM');
      child.kill('SIGCONT');
      expect(await exited).toBe('SIGTERM');
      expect(temporary()).toEqual([]);
      // Interrupted mid-write, the target is untouched; otherwise the write had finished first.
      if (interrupted) expect(await readFile(target, 'utf8')).toBe('before');
      else await writeFile(target, 'before');
    }
    expect(interrupted).toBe(true);
  });

  it('T: a later fs_write removes a temporary file a killed writer left behind', async () => {
    const { folder, config } = await project();
    // A writer SIGKILLed mid-write (pid 2^22 + 1 is above any pid_max, so never alive), a minute ago.
    const stale = join(folder, `.target.txt.${2 ** 22 + 1}.0123456789ab.tmp`);
    await writeFile(stale, 'half a write');
    const minuteAgo = new Date(Date.now() - 120_000);
    await utimes(stale, minuteAgo, minuteAgo);
    const { answers } = await session(
      config,
      folder,
      [call(1, 'fs_write', { path: 'target.txt', content: 'new' })],
      '--permission',
      'allow',
    );
    expect(answers[0]?.status).toBe('ok');
    expect(existsSync(stale)).toBe(false);
    expect(await readFile(join(folder, 'target.txt'), 'utf8')).toBe('new');
  });
});

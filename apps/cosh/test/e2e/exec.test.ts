// `cosh exec` end to end: the built binary, real tools, real hooks, temporary folders.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';
import { temporaryFolders, TRUST_ALL_ENV } from '@cosh/test-utils';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-exec-');

beforeAll(async () => {
  await assertBuilt();
});

type Hook = { name?: string; matcher?: string; command: string; onError?: 'deny' };

/** A fresh folder holding setup.json with these hooks. */
async function project(hooks: { PreToolUse?: Hook[]; PostToolUse?: Hook[] } = {}, extra: Record<string, unknown> = {}) {
  const folder = makeFolder();
  // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
  const config = join(folder, '.cosh-config', 'setup.json');
  await mkdir(dirname(config));
  await writeFile(config, JSON.stringify({ hooks, ...extra }, null, 2));
  const exec = (tool: string, input: unknown, ...flags: string[]) =>
    runCosh(
      [
        'exec',
        tool,
        ...(input === undefined ? [] : ['--input', typeof input === 'string' ? input : JSON.stringify(input)]),
        '--config',
        config,
        ...flags,
      ],
      { cwd: folder },
    );
  return { folder, config, exec };
}

const marker = (name: string): Hook => ({ name: `touch ${name}`, command: `touch ${name}` });

describe('cosh exec: exit statuses (X)', () => {
  it('X: exit 0 when the tool succeeds; stdout is exactly what enters history, with a line end added only when missing', async () => {
    const { folder, exec } = await project();
    await writeFile(join(folder, 'no-end.txt'), 'hello');
    await writeFile(join(folder, 'with-end.txt'), 'hi\n');
    await writeFile(join(folder, 'empty.txt'), '');
    expect(await exec('fs_read', { path: 'no-end.txt' })).toEqual({ code: 0, stdout: 'hello\n', stderr: '' });
    expect(await exec('fs_read', { path: 'with-end.txt' })).toEqual({ code: 0, stdout: 'hi\n', stderr: '' });
    // An empty output prints nothing at all (not an empty line).
    expect(await exec('fs_read', { path: 'empty.txt' })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('X/T: a command that exits non-zero is still a successful call (exit 0); the code is in the output', async () => {
    const { exec } = await project();
    const result = await exec('bash_run', { command: 'echo out; echo err >&2; exit 3' }, '--permission', 'allow');
    expect(result).toEqual({ code: 0, stdout: 'out\n[stderr]\nerr\n[exit code: 3]\n', stderr: '' });
  });

  it('X/L4: exit 1 when the tool fails; its error is the output and no PostToolUse hook runs', async () => {
    const { folder, exec } = await project({ PostToolUse: [marker('post-ran')] });
    const result = await exec('fs_read', { path: 'missing.txt' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('fs_read: no such file or directory: missing.txt\n');
    expect(existsSync(join(folder, 'post-ran'))).toBe(false);
  });

  it('X/A2/L2: exit 2 when a hook blocks: "Blocked by hook: <reasons>", and the tool does not run', async () => {
    const { folder, exec } = await project({
      PreToolUse: [
        { name: 'first', matcher: '^bash_run$', command: "echo 'no shell today' >&2; exit 2" },
        { name: 'second', command: `echo '{"decision": "deny", "reason": "and not now"}'` },
      ],
    });
    const result = await exec('bash_run', { command: 'touch ran' }, '--permission', 'allow');
    expect(result).toEqual({ code: 2, stdout: 'Blocked by hook: no shell today; and not now\n', stderr: '' });
    expect(existsSync(join(folder, 'ran'))).toBe(false);
  });

  it('X/L2: exit 2 when the permission system refuses with no terminal: "Permission denied: <tool>", the hint on stderr', async () => {
    const { folder, exec } = await project();
    const result = await exec('bash_run', { command: 'touch ran' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('Permission denied: bash_run\n');
    expect(result.stderr).toBe(
      'cosh: bash_run was not run: no terminal to ask on; pass --permission allow to run bash_run without asking\n',
    );
    expect(existsSync(join(folder, 'ran'))).toBe(false);
  });

  it('X/A1/L3: exit 49 when a PreToolUse hook halts; the tool does not run', async () => {
    const { folder, exec } = await project({
      PreToolUse: [{ name: 'stop', command: "echo 'stop everything' >&2; exit 49" }],
    });
    const result = await exec('fs_write', { path: 'out.txt', content: 'x' }, '--permission', 'allow');
    expect(result).toEqual({ code: 49, stdout: 'Halted by hook: stop everything\n', stderr: '' });
    expect(existsSync(join(folder, 'out.txt'))).toBe(false);
  });

  it('X/P4: exit 49 when a PostToolUse hook halts; the tool ran and the composed output is printed', async () => {
    const { folder, exec } = await project({
      PostToolUse: [{ name: 'late stop', command: `echo '{"context": "looked at it"}'; exit 49` }],
    });
    const result = await exec('fs_write', { path: 'out.txt', content: 'x' }, '--permission', 'allow');
    expect(result.code).toBe(49);
    expect(result.stdout).toBe('wrote 1 byte to out.txt (new file)\nlooked at it\n');
    expect(result.stderr).toBe(
      "cosh: a PostToolUse hook halted the turn after fs_write ran: halted by hook 'late stop'\n",
    );
    expect(await readFile(join(folder, 'out.txt'), 'utf8')).toBe('x');
  });

  it('X: exit 64 for an unknown tool, with a message that lists the known tools; no hook runs', async () => {
    const { folder, exec } = await project({ PreToolUse: [marker('pre-ran')] });
    const result = await exec('bash', { command: 'ls' });
    expect(result).toEqual({
      code: 64,
      stdout: '',
      stderr:
        "cosh: unknown tool 'bash' (did you mean bash_run?); known tools: bash_run, find_grep, fs_edit, fs_read, fs_write. See 'cosh exec --help'.\n",
    });
    expect(existsSync(join(folder, 'pre-ran'))).toBe(false);
  });

  it.each([
    ['bad JSON', '{"command": ', /^cosh: --input is not valid JSON: .+\. See 'cosh exec --help'\.\n$/],
    [
      'JSON that is not an object',
      '["ls"]',
      /^cosh: --input must be a JSON object such as \{"command": "ls"\}, not an array\. See 'cosh exec --help'\.\n$/,
    ],
    [
      'a field of the wrong type',
      '{"command": 5}',
      /^cosh: bash_run: input\.command: expected a string, got number\. See 'cosh exec --help'\.\n$/,
    ],
    [
      'a missing field',
      '{}',
      /^cosh: bash_run: input\.command: missing; expected a string\. See 'cosh exec --help'\.\n$/,
    ],
    [
      'an unknown field',
      '{"command": "ls", "cwd": "/"}',
      /^cosh: bash_run: input\.cwd: unknown field; known fields: command, timeout\. See 'cosh exec --help'\.\n$/,
    ],
  ])('X: exit 64 for %s in --input, naming the problem; nothing runs', async (_label, input, message) => {
    const { folder, exec } = await project({ PreToolUse: [marker('pre-ran')] });
    const result = await exec('bash_run', input, '--permission', 'allow');
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(existsSync(join(folder, 'pre-ran'))).toBe(false);
  });

  it('X: without --input the input is {}', async () => {
    const { exec } = await project();
    expect((await exec('bash_run', undefined)).stderr).toContain('bash_run: input.command: missing');
  });

  it('X: --input-file reads the input from a file, and - from standard input (issue 13)', async () => {
    const { folder, config } = await project();
    const content = 'line "one"\nline \'two\'\n';
    await writeFile(join(folder, 'call.json'), JSON.stringify({ path: 'from-file.txt', content }));
    const fromFile = await runCosh(
      ['exec', 'fs_write', '--input-file', 'call.json', '--config', config, '--permission', 'allow'],
      { cwd: folder },
    );
    expect(fromFile.code).toBe(0);
    expect(await readFile(join(folder, 'from-file.txt'), 'utf8')).toBe(content);
    const fromStdin = await runCosh(['exec', 'fs_read', '--input-file', '-', '--config', config], {
      cwd: folder,
      input: '{"path": "from-file.txt"}\n',
    });
    expect(fromStdin).toEqual({ code: 0, stdout: content, stderr: '' });
  });

  it('X: --input-file errors are usage errors naming the file; it cannot be combined with --input', async () => {
    const { folder, config } = await project();
    expect(
      await runCosh(['exec', 'fs_read', '--input-file', 'missing.json', '--config', config], { cwd: folder }),
    ).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: cannot read --input-file 'missing.json': no such file. See 'cosh exec --help'.\n",
    });
    const bad = await runCosh(['exec', 'fs_read', '--input-file', '-', '--config', config], {
      cwd: folder,
      input: '[1]',
    });
    expect(bad.stderr).toBe(
      `cosh: --input-file - (standard input) must be a JSON object such as {"command": "ls"}, not an array. See 'cosh exec --help'.\n`,
    );
    const both = await runCosh(['exec', 'fs_read', '--input', '{}', '--input-file', 'x.json'], { cwd: folder });
    expect(both.code).toBe(64);
    expect(both.stderr).toContain('cannot be used with option');
  });

  it('X: exit 64 for a --permission that is not ask, allow or deny', async () => {
    const { exec } = await project();
    const result = await exec('fs_read', { path: 'x' }, '--permission', 'yes');
    expect(result.code).toBe(64);
    expect(result.stderr).toBe(
      "cosh: option '--permission <mode>' argument 'yes' is invalid. Allowed choices are ask, allow, deny. See 'cosh exec --help'.\n",
    );
  });

  it('X: exit 64 for an empty --config, which would otherwise fall back to a file the user did not name', async () => {
    const { folder } = await project();
    const result = await runCosh(['exec', 'fs_read', '--input', '{"path": "x"}', '--config', ' '], { cwd: folder });
    expect(result).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: option '--config <file>' needs a file name, not an empty string. See 'cosh exec --help'.\n",
    });
  });

  it('X: exit 78 for a configuration error, its problems on stderr; nothing runs', async () => {
    const { folder, config, exec } = await project();
    await writeFile(config, '{"hooks": {"PreToolUse": [{"command": 5}]}}');
    const result = await exec('fs_write', { path: 'out.txt', content: 'x' }, '--permission', 'allow');
    expect(result.code).toBe(78);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^${config.replaceAll('/', '\\/')}:1:\\d+: error: `));
    expect(existsSync(join(folder, 'out.txt'))).toBe(false);
  });

  it('X: exit 64 for a history file that cannot be opened, before anything runs', async () => {
    const { folder, exec } = await project();
    await mkdir(join(folder, 'logs'));
    const result = await exec(
      'fs_write',
      { path: 'out.txt', content: 'x' },
      '--permission',
      'allow',
      '--history',
      'logs',
    );
    expect(result).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: cannot open history file 'logs': it is a folder. See 'cosh exec --help'.\n",
    });
    expect(existsSync(join(folder, 'out.txt'))).toBe(false);
    const empty = await exec('fs_read', { path: 'x' }, '--history', '');
    expect(empty).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: option '--history <file>' needs a file name, not an empty string. See 'cosh exec --help'.\n",
    });
  });
});

describe('cosh exec: permission modes × tool defaults × hooks (X, A2–A4, T)', () => {
  const hookVariants = {
    'no hook': [],
    'a hook allows': [{ name: 'allow', command: `echo '{"decision": "allow"}'` }],
    'a hook denies': [{ name: 'deny', command: 'exit 2' }],
  } satisfies Record<string, Hook[]>;
  type Variant = keyof typeof hookVariants;
  // [mode, tool, hooks, expected exit]: bash_run asks by default, fs_read does not (SPEC T).
  const table: [string, 'bash_run' | 'fs_read', Variant, number][] = [];
  for (const mode of ['ask', 'allow', 'deny']) {
    for (const tool of ['bash_run', 'fs_read'] as const) {
      for (const variant of Object.keys(hookVariants) as Variant[]) {
        const expected =
          variant === 'a hook denies'
            ? 2
            : variant === 'a hook allows' || tool === 'fs_read' || mode === 'allow'
              ? 0
              : 2;
        table.push([mode, tool, variant, expected]);
      }
    }
  }

  it.each(table)('A2–A4: --permission %s, %s, %s → exit %i', async (mode, tool, variant, expected) => {
    const { folder, exec } = await project({ PreToolUse: hookVariants[variant] });
    await writeFile(join(folder, 'notes.txt'), 'hi');
    const input = tool === 'bash_run' ? { command: 'touch ran; echo ran' } : { path: 'notes.txt' };
    const result = await exec(tool, input, '--permission', mode);
    expect(result.code).toBe(expected);
    if (tool === 'bash_run') expect(existsSync(join(folder, 'ran'))).toBe(expected === 0);
    if (expected === 2)
      expect(result.stdout).toBe(
        variant === 'a hook denies' ? "Blocked by hook: blocked by hook 'deny'\n" : `Permission denied: ${tool}\n`,
      );
  });

  it("X: --permission deny turns the hooks into an allowlist: a hook's allow runs the call, anything else is refused", async () => {
    const { folder, exec } = await project({
      PreToolUse: [
        {
          name: 'allow ls',
          matcher: '^bash_run$',
          command: `grep -q '"command":"ls"' && echo '{"decision": "allow"}' || true`,
        },
      ],
    });
    await writeFile(join(folder, 'a.txt'), '');
    expect(await exec('bash_run', { command: 'ls' }, '--permission', 'deny')).toMatchObject({
      code: 0,
      stdout: 'a.txt\n[exit code: 0]\n',
    });
    const refused = await exec('bash_run', { command: 'touch ran' }, '--permission', 'deny');
    expect(refused).toMatchObject({ code: 2, stdout: 'Permission denied: bash_run\n' });
    expect(refused.stderr).toContain('--permission deny');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
  });
});

describe('cosh exec: the lifecycle (L1)', () => {
  it('A7/L1: the rewritten input is what runs: the file written is the rewritten path', async () => {
    const { folder, exec } = await project({
      PreToolUse: [
        { name: 'redirect', matcher: '^fs_write$', command: `echo '{"updated_input": {"path": "safe/out.txt"}}'` },
      ],
    });
    const result = await exec('fs_write', { path: 'out.txt', content: 'data' }, '--permission', 'allow', '--json');
    expect(result.code).toBe(0);
    expect(await readFile(join(folder, 'safe/out.txt'), 'utf8')).toBe('data');
    expect(existsSync(join(folder, 'out.txt'))).toBe(false);
    const record = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(record).toMatchObject({
      tool_input_as_given: { path: 'out.txt', content: 'data' },
      tool_input: { path: 'safe/out.txt', content: 'data' },
      pre_tool_use: { tool_input: { path: 'safe/out.txt', content: 'data' } },
    });
  });

  it('P1/P2: PostToolUse sees the raw output; what enters history (stdout and the history file) is the composed one', async () => {
    const { folder, exec } = await project({
      PreToolUse: [{ name: 'pre note', command: `echo '{"context": "pre says hi"}'` }],
      PostToolUse: [
        { name: 'keep payload', command: `cat > payload.json; echo '{"context": "post says hi"}'` },
        { name: 'flag', command: `echo '{"decision": "deny", "reason": "looks odd"}'` },
      ],
    });
    await writeFile(join(folder, 'notes.txt'), 'raw output');
    const result = await exec('fs_read', { path: 'notes.txt' }, '--history', 'history.jsonl');
    const composed = 'raw output\npre says hi\npost says hi\n[hook] looks odd';
    expect(result).toEqual({ code: 0, stdout: `${composed}\n`, stderr: '' });
    const payload = JSON.parse(await readFile(join(folder, 'payload.json'), 'utf8')) as Record<string, unknown>;
    expect(payload).toEqual({
      event: 'PostToolUse',
      tool_name: 'fs_read',
      tool_input: { path: 'notes.txt' },
      tool_output: 'raw output',
    });
    const [line, ...rest] = (await readFile(join(folder, 'history.jsonl'), 'utf8')).split('\n');
    expect(rest).toEqual(['']);
    expect(JSON.parse(line ?? '')).toMatchObject({
      tool_name: 'fs_read',
      status: 'ok',
      output: composed,
      post_tool_use: { decision: 'deny', context: 'post says hi' },
    });
  });

  it('history: each run appends one complete JSON line, blocked and failed calls included', async () => {
    const { folder, exec } = await project({ PreToolUse: [{ matcher: '^bash_run$', command: 'exit 2' }] });
    await writeFile(join(folder, 'notes.txt'), 'hi');
    await exec('fs_read', { path: 'notes.txt' }, '--history', 'h.jsonl');
    await exec('bash_run', { command: 'ls' }, '--history', 'h.jsonl');
    await exec('fs_read', { path: 'missing' }, '--history', 'h.jsonl');
    const lines = (await readFile(join(folder, 'h.jsonl'), 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as { status: string }).status)).toEqual(['ok', 'blocked', 'error']);
  });

  it('--json prints the whole call record with the same exit status', async () => {
    const { exec } = await project({ PreToolUse: [{ name: 'guard', command: "echo 'nope' >&2; exit 2" }] });
    const result = await exec('fs_read', { path: 'x' }, '--json');
    expect(result.code).toBe(2);
    const record = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(record).toMatchObject({
      id: null,
      tool_name: 'fs_read',
      status: 'blocked',
      blocked_by: 'hook',
      output: 'Blocked by hook: nope',
      tool_input: null,
      pre_tool_use: { decision: 'deny', reasons: ['nope'], hooks: [{ name: 'guard', outcome: 'deny', exit_code: 2 }] },
      post_tool_use: null,
    });
  });

  it('hook diagnostics and config warnings go to stderr; stdout keeps only the output', async () => {
    const { folder, config, exec } = await project({ PreToolUse: [{ name: 'noisy', command: 'echo not json' }] });
    await writeFile(
      config,
      JSON.stringify({
        hooks: { PreToolUse: [{ name: 'noisy', command: 'echo not json' }] },
        hooksEnabled: { pretooluse: true },
      }),
    );
    await writeFile(join(folder, 'notes.txt'), 'fine');
    const result = await exec('fs_read', { path: 'notes.txt' });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('fine\n');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/setup\.json:1:\d+: warning: .*did you mean PreToolUse\?/);
    expect(lines[1]).toMatch(/^cosh: PreToolUse: error: .*noisy/);
  });

  it('R5: tools and hooks run in the current directory', async () => {
    const { folder, exec } = await project({ PreToolUse: [{ command: 'pwd > hook-cwd' }] });
    const result = await exec('bash_run', { command: 'pwd' }, '--permission', 'allow');
    expect(result.stdout).toBe(`${folder}\n[exit code: 0]\n`);
    expect(await readFile(join(folder, 'hook-cwd'), 'utf8')).toBe(`${folder}\n`);
  });
});

describe('cosh exec: a hostile find_grep pattern (T)', () => {
  it('T: a pattern that backtracks exponentially still finishes (V8 falls back to its linear-time engine)', async () => {
    const { folder, config } = await project();
    // Sixty `a`s and no `b`: a backtracking engine tries ~2^60 ways to split them before
    // failing, freezing the host with it; the linear-time engine answers in microseconds.
    await writeFile(join(folder, 'runaway.txt'), `${'a'.repeat(60)}\naab\n`);
    const run = spawnSync(
      process.execPath,
      [coshBin, 'exec', 'find_grep', '--input', '{"pattern": "^(a|aa)*b"}', '--config', config],
      {
        cwd: folder,
        env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: folder },
        encoding: 'utf8',
        // Far above the ~0.2 s it takes; a regression is killed here rather than left running.
        timeout: 60_000,
        killSignal: 'SIGKILL',
      },
    );
    expect(run.signal).toBeNull();
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: 'runaway.txt:2:aab\n' });
  });
});

const hasPythonPty = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;
const onTerminal = fileURLToPath(new URL('../__fixtures__/exec-on-terminal.py', import.meta.url));

describe.skipIf(!hasPythonPty)('cosh exec on a terminal (X: --permission ask)', () => {
  async function askOnTerminal(answer: string) {
    const { folder, config } = await project({
      PreToolUse: [
        {
          name: 'grep colour',
          matcher: '^bash_run$',
          command: `echo '{"updated_input": {"command": "touch ran-rewritten"}}'`,
        },
      ],
    });
    const run = spawnSync(
      'python3',
      [
        onTerminal,
        answer,
        process.execPath,
        coshBin,
        'exec',
        'bash_run',
        '--input',
        '{"command": "touch ran-given"}',
        '--config',
        config,
      ],
      {
        cwd: folder,
        env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: folder, TERM: 'dumb' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    return { folder, status: run.status, screen: run.stdout };
  }

  it('X/A7: asks y/N showing the call as it will run (after rewrites); y runs it', async () => {
    const { folder, status, screen } = await askOnTerminal('y\r');
    expect(screen).toContain('$ touch ran-rewritten');
    expect(screen).not.toContain('touch ran-given');
    expect(screen).toContain('Allow this call? [y/N]');
    expect(status).toBe(0);
    expect(existsSync(join(folder, 'ran-rewritten'))).toBe(true);
  });

  it('X: any other answer refuses: Permission denied, exit 2, nothing runs', async () => {
    const { folder, status, screen } = await askOnTerminal('n\r');
    expect(status).toBe(2);
    expect(screen).toContain('Permission denied: bash_run');
    expect(existsSync(join(folder, 'ran-rewritten'))).toBe(false);
  });
});

describe('cosh exec: fs_read reads to the end (T)', () => {
  it('T: fs_read of /proc/meminfo, whose size is reported as 0, returns the whole file, exit 0', async () => {
    const { exec } = await project();
    const result = await exec('fs_read', { path: '/proc/meminfo' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^MemTotal: +\d+ kB\n/);
    expect(result.stdout).toMatch(/\nMemAvailable: +\d+ kB\n/);
    expect(result.stdout.split('\n').length).toBeGreaterThan(10);
  });
});

describe('cosh exec writing to a terminal (T)', () => {
  // What a terminal would obey: clear the screen, set the window title, ring the bell, CSI in C1.
  const hostile = '\u001b[2J\u001b]0;owned\u0007\u009b31m';
  const visible = '\\u001b[2J\\u001b]0;owned\\u0007\\u009b31m';

  async function onTerminal(folder: string, args: readonly string[]) {
    const session = new TerminalSession(coshCommandLine(args), {
      cwd: folder,
      columns: 200,
      env: { ...TRUST_ALL_ENV },
    });
    try {
      return { exit: await session.exited, output: session.output };
    } finally {
      session.kill();
    }
  }

  it("T: a tool's output has its control sequences escaped on the terminal, lines kept; the history keeps it raw", async () => {
    const { folder, config } = await project();
    await writeFile(join(folder, 'hostile.txt'), `first line\n\tsecond ${hostile} line\n`);
    const history = join(folder, 'history.jsonl');
    const args = ['exec', 'fs_read', '--input', '{"path": "hostile.txt"}', '--config', config, '--history', history];
    const { exit, output } = await onTerminal(folder, args);
    expect(exit.exitCode).toBe(0);
    expect(output).not.toContain('\u001b');
    expect(output).not.toContain('\u009b');
    // The pseudo-terminal turns each \n into \r\n on its way out.
    expect(output).toContain(`first line\r\n\tsecond ${visible} line\r\n`);
    const record = JSON.parse((await readFile(history, 'utf8')).trim()) as { output: string };
    expect(record.output).toBe(`first line\n\tsecond ${hostile} line\n`);

    // Piped, stdout is exactly what enters history.
    expect((await runCosh(args, { cwd: folder })).stdout).toBe(`first line\n\tsecond ${hostile} line\n`);
  });

  it("T: a hook's reason is escaped too, in the output and with --json", async () => {
    const { folder, config } = await project({
      // U+009B (CSI in C1) is the one JSON.stringify leaves raw: --json needs the escaping too.
      PreToolUse: [{ name: 'hostile', command: `printf 'no\\033[2J\\033]0;owned\\007\\302\\23331m' >&2; exit 2` }],
    });
    for (const json of [[], ['--json']]) {
      const { exit, output } = await onTerminal(folder, [
        'exec',
        'fs_read',
        '--input',
        '{"path": "x"}',
        '--config',
        config,
        ...json,
      ]);
      expect(exit.exitCode).toBe(2);
      expect(output).not.toContain('\u001b');
      expect(output).not.toContain('\u009b');
      expect(output).toContain(`Blocked by hook: no${visible}`);
    }
  });
});

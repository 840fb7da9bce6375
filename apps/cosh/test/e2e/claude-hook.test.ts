// `cosh claude-hook` (K8) end to end: the built binary given Claude Code's stdin, answering in
// Claude's protocol from the Cosh hooks of setup.json.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders, withoutTrustAllWarning, withoutUnfencedWarning } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-bridge-');

/**
 * The bridge's answer without the `COSH_TRUST=all` warning the tests' environment adds to its
 * `systemMessage` (K8 puts load warnings there), so each test asserts the rest exactly.
 */
function answerOf(stdout: string): Record<string, unknown> {
  const answer = JSON.parse(stdout) as Record<string, unknown>;
  if (typeof answer['systemMessage'] === 'string') {
    const rest = withoutUnfencedWarning(withoutTrustAllWarning(`${answer['systemMessage']}\n`)).trimEnd();
    if (rest === '') delete answer['systemMessage'];
    else answer['systemMessage'] = rest;
  }
  return answer;
}

beforeAll(async () => {
  await assertBuilt();
});

type Entry = { name?: string; matcher?: string; command: string; protocol?: 'claude' };

async function bridge(hooks: { PreToolUse?: Entry[]; PostToolUse?: Entry[] } | string) {
  const folder = makeFolder();
  // In a folder of its own: setup.json's folder is Cosh's (B2, B8), not the project's files.
  await mkdir(join(folder, 'config'));
  const config = join(folder, 'config', 'setup.json');
  await writeFile(config, typeof hooks === 'string' ? hooks : JSON.stringify({ hooks }));
  /** Runs `cosh claude-hook` with this stdin; checks it exits 0 and prints at most one line. */
  const ask = async (stdin: string | object) => {
    const run = await runCosh(['claude-hook', '--config', config], {
      cwd: folder,
      input: typeof stdin === 'string' ? stdin : JSON.stringify(stdin),
    });
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith('\n')).toBe(true);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    return answerOf(run.stdout);
  };
  return { folder, config, ask };
}

/** Claude Code's stdin for one call. */
const claude = (event: string, toolName: string, toolInput: object, extra: object = {}) => ({
  session_id: 'abc-123',
  transcript_path: '/home/me/.claude/projects/x/abc-123.jsonl',
  cwd: '/tmp',
  permission_mode: 'default',
  hook_event_name: event,
  tool_name: toolName,
  tool_input: toolInput,
  tool_use_id: 'toolu_01ABC',
  ...extra,
});

describe('cosh claude-hook (K8)', () => {
  it('K8: a Cosh deny on bash_run answers Claude\'s Bash call with permissionDecision "deny" and the reasons', async () => {
    const { ask } = await bridge({
      PreToolUse: [
        { matcher: '^bash_run$', command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0` },
      ],
    });
    expect(await ask(claude('PreToolUse', 'Bash', { command: 'rm -rf /', description: 'wipe' }))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf is not allowed',
      },
    });
    expect(await ask(claude('PreToolUse', 'Bash', { command: 'ls' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse' },
    });
  });

  it("K8/K3: hooks see the Cosh tool and its fields; a rewrite comes back as updatedInput in Claude's fields, the rest kept", async () => {
    const { folder, ask } = await bridge({
      PreToolUse: [
        {
          matcher: '^fs_read$',
          command: `cat > "$PWD/seen.json"; echo '{"decision": "allow", "updated_input": {"path": "/etc/hostname"}, "context": "read redirected"}'`,
        },
      ],
    });
    const answer = await ask(claude('PreToolUse', 'Read', { file_path: '/tmp/a.txt', limit: 10 }, { cwd: folder }));
    expect(answer).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { file_path: '/etc/hostname', limit: 10 },
        additionalContext: 'read redirected',
      },
    });
    const seen = JSON.parse(await readFile(join(folder, 'seen.json'), 'utf8')) as Record<string, unknown>;
    // fs_read's own fields only (Read's limit is no Cosh field); the answer above still keeps it.
    expect(seen).toEqual({ event: 'PreToolUse', tool_name: 'fs_read', tool_input: { path: '/tmp/a.txt' } });
  });

  it('K8/K7: ask → "ask"; halt → continue: false with stopReason (and a deny)', async () => {
    const asking = await bridge({ PreToolUse: [{ command: `echo '{"decision": "ask", "reason": "sure?"}'` }] });
    expect(await asking.ask(claude('PreToolUse', 'Write', { file_path: '/tmp/x', content: 'y' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'sure?' },
    });
    const halting = await bridge({ PreToolUse: [{ command: `echo 'stop everything' >&2; exit 49` }] });
    expect(await halting.ask(claude('PreToolUse', 'Grep', { pattern: 'x' }))).toEqual({
      continue: false,
      stopReason: 'stop everything',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'stop everything',
      },
    });
  });

  it('K8: a Claude tool with no Cosh twin keeps its name; an MCP tool is its own name for Cosh hooks', async () => {
    const { ask } = await bridge({
      PreToolUse: [
        { matcher: '^NotebookEdit$', command: `echo '{"decision": "deny", "reason": "no edits"}'` },
        { matcher: '^create_issue$', command: `echo '{"decision": "deny", "reason": "no issues"}'` },
      ],
    });
    expect(
      await ask(claude('PreToolUse', 'NotebookEdit', { notebook_path: '/a.ipynb', new_source: 'y' })),
    ).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no edits' },
    });
    expect(await ask(claude('PreToolUse', 'mcp__github__create_issue', { title: 't' }))).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no issues' },
    });
  });

  it("K8/K3: Claude's Edit and MultiEdit reach Cosh as fs_edit: a ^fs_edit$ guard denies a .env edit and rewrites others in Claude's fields", async () => {
    const { folder, ask } = await bridge({
      PreToolUse: [
        {
          matcher: '^fs_edit$',
          command:
            `input=$(cat); printf '%s\n' "$input" >> "$PWD/seen.jsonl"; ` +
            `case "$input" in *'"path":"'*'.env"'*) echo 'no edits of .env files' >&2; exit 2;; esac; ` +
            `case "$input" in *'"new_string":"TODO"'*) echo '{"updated_input": {"new_string": "DONE"}}';; esac`,
        },
      ],
    });
    const at = { cwd: folder };
    const edit = { file_path: join(folder, '.env'), old_string: 'A=1', new_string: 'A=2', replace_all: false };
    expect(await ask(claude('PreToolUse', 'Edit', edit, at))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no edits of .env files',
      },
    });
    const edits = [{ old_string: 'A=1', new_string: 'A=2' }];
    expect(await ask(claude('PreToolUse', 'MultiEdit', { file_path: join(folder, '.env'), edits }, at))).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no edits of .env files' },
    });
    const notes = { file_path: join(folder, 'notes.md'), old_string: 'x', new_string: 'TODO', replace_all: false };
    expect(await ask(claude('PreToolUse', 'Edit', notes, at))).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { ...notes, new_string: 'DONE' } },
    });
    const seen = (await readFile(join(folder, 'seen.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(seen.map((payload) => [payload.tool_name, payload.tool_input])).toEqual([
      ['fs_edit', { path: join(folder, '.env'), old_string: 'A=1', new_string: 'A=2', replace_all: false }],
      ['fs_edit', { path: join(folder, '.env'), edits }],
      ['fs_edit', { path: join(folder, 'notes.md'), old_string: 'x', new_string: 'TODO', replace_all: false }],
    ]);
  });

  it('K8: PostToolUse: tool_output is read from tool_response as bash_run prints it; a deny is decision "block"', async () => {
    const { folder, ask } = await bridge({
      PostToolUse: [
        {
          command: `cat > "$PWD/post.json"; echo '{"decision": "deny", "reason": "output leaks a key", "context": "scanned"}'`,
        },
      ],
    });
    const answer = await ask(
      claude(
        'PostToolUse',
        'Bash',
        { command: 'env' },
        {
          cwd: folder,
          tool_response: { stdout: 'KEY=1\n', stderr: 'warn', interrupted: false, isImage: false },
        },
      ),
    );
    expect(answer).toEqual({
      decision: 'block',
      reason: 'output leaks a key',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'scanned' },
    });
    expect(JSON.parse(await readFile(join(folder, 'post.json'), 'utf8'))).toEqual({
      event: 'PostToolUse',
      tool_name: 'bash_run',
      tool_input: { command: 'env' },
      tool_output: 'KEY=1\n[stderr]\nwarn\n',
    });
  });

  it("K8/K4: a Claude-protocol hook in setup.json gets Claude's session_id, transcript_path and tool_use_id", async () => {
    const { folder, ask } = await bridge({
      PreToolUse: [{ protocol: 'claude', matcher: 'Bash', command: `cat > "$PWD/claude.json"` }],
    });
    await ask(claude('PreToolUse', 'Bash', { command: 'ls', timeout: 120000 }, { cwd: folder }));
    expect(JSON.parse(await readFile(join(folder, 'claude.json'), 'utf8'))).toEqual({
      session_id: 'abc-123',
      transcript_path: '/home/me/.claude/projects/x/abc-123.jsonl',
      cwd: folder,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls', timeout: 120000 },
      tool_use_id: 'toolu_01ABC',
    });
  });

  it("K8/C10/K4: the project layer is found from Claude's cwd, and is its CLAUDE_PROJECT_DIR; --no-project leaves it out", async () => {
    const folder = makeFolder();
    const project = join(folder, 'project');
    await mkdir(join(project, '.cosh'), { recursive: true });
    await mkdir(join(project, 'src'));
    await writeFile(
      join(project, '.cosh', 'setup.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              name: 'project dir',
              protocol: 'claude',
              matcher: 'Bash',
              command: 'echo "$CLAUDE_PROJECT_DIR" >&2; exit 2',
            },
          ],
        },
      }),
    );
    // Started from elsewhere, as Claude Code may: the payload's cwd says where the tool runs.
    const answer = async (...flags: string[]) => {
      const run = await runCosh(['claude-hook', ...flags], {
        cwd: folder,
        input: JSON.stringify(claude('PreToolUse', 'Bash', { command: 'ls' }, { cwd: join(project, 'src') })),
      });
      expect(run.code).toBe(0);
      return answerOf(run.stdout);
    };
    expect(await answer()).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: project,
      },
    });
    expect(await answer('--no-project')).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse' } });
  });

  it('K8: a config error and stdin that is not a call both deny (fail closed) with a systemMessage; exit 0 always', async () => {
    const broken = await bridge('{"hooks": {"PreToolUse": [{"comand": "x"}]}}');
    const denied = await broken.ask(claude('PreToolUse', 'Bash', { command: 'ls' }));
    expect(denied).toMatchObject({
      systemMessage: expect.stringContaining('did you mean command?'),
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
    });
    const post = await broken.ask(claude('PostToolUse', 'Bash', { command: 'ls' }, { tool_response: {} }));
    expect(post).toMatchObject({ decision: 'block', systemMessage: expect.stringContaining('cosh claude-hook') });

    const fine = await bridge({});
    const notJson = expect.stringMatching(/^cosh claude-hook: stdin is not JSON/);
    expect(await fine.ask('not json')).toEqual({
      systemMessage: notJson,
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: notJson,
      },
    });
    const noTool = 'cosh claude-hook: tool_name is missing or not a string';
    expect(await fine.ask({ hook_event_name: 'PreToolUse', tool_input: {} })).toEqual({
      systemMessage: noTool,
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: noTool },
    });
    expect(await fine.ask({ hook_event_name: 'Notification' })).toMatchObject({
      systemMessage: expect.stringContaining(
        'register it under PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop and SessionEnd only',
      ),
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
    });
  });
});

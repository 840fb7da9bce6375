// The engine running `protocol: "claude"` hooks (K1–K5) with real /bin/sh processes.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { hooksConfig, printing, shellQuote, type TestEntry } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import type { HookEngineOptions } from './hook-engine-types.ts';
import { runToolCall } from './run-tool-call.ts';

const makeFolder = temporaryFolders('cosh-hooks-');
let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

const file = (name: string): string => join(directory, name);
const claude = (entry: TestEntry): TestEntry => ({ protocol: 'claude', ...entry });
/** A hook that saves its stdin and two variables of its environment, then prints nothing. */
const recording = (name: string): string =>
  `cat > ${shellQuote(file(`${name}.stdin`))}; printf '%s\\n%s' "$CLAUDE_PROJECT_DIR" "$COSH_TOOL_NAME" > ${shellQuote(file(`${name}.env`))}`;
const recorded = (name: string) => ({
  payload: JSON.parse(readFileSync(file(`${name}.stdin`), 'utf8')) as Record<string, unknown>,
  line: readFileSync(file(`${name}.stdin`), 'utf8'),
  env: readFileSync(file(`${name}.env`), 'utf8').split('\n'),
});

function engineWith(pre: readonly TestEntry[], post: readonly TestEntry[] = [], options: HookEngineOptions = {}) {
  return createHookEngine(hooksConfig({ PreToolUse: pre, PostToolUse: post }), options);
}

describe('Claude-protocol hooks in the engine (K1–K5)', () => {
  it("K4: the payload is one compact line in Claude's key order, with Claude names and fields; CLAUDE_PROJECT_DIR holds .claude/", async () => {
    const project = file('repo');
    mkdirSync(join(project, '.claude'), { recursive: true });
    mkdirSync(join(project, 'src'));
    const engine = engineWith([claude({ name: 'rec', matcher: 'Read', command: recording('pre') })], [], {
      sessionId: 'session-1',
      transcriptPath: '/tmp/history.jsonl',
    });
    const cwd = join(project, 'src');
    await engine.preToolUse({ toolName: 'fs_read', toolInput: { path: 'a.txt' }, cwd, toolUseId: 'toolu_1' });
    const { line, env } = recorded('pre');
    expect(line).toBe(
      `{"session_id":"session-1","transcript_path":"/tmp/history.jsonl","cwd":${JSON.stringify(cwd)},"permission_mode":"default",` +
        `"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":${JSON.stringify(join(cwd, 'a.txt'))}},"tool_use_id":"toolu_1"}\n`,
    );
    expect(env).toEqual([project, 'fs_read']);
  });

  it("K4: the project layer's folder is CLAUDE_PROJECT_DIR when there is one; the session id is one UUID per engine", async () => {
    const engine = engineWith([claude({ command: recording('a') })], [], { projectFolder: '/somewhere/project' });
    await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls', timeout: 2 }, cwd: directory });
    const first = recorded('a');
    expect(first.env[0]).toBe('/somewhere/project');
    expect(first.payload).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'ls', timeout: 2000 },
      transcript_path: '',
    });
    expect(first.payload['session_id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(first.payload['tool_use_id']).toMatch(/^toolu_[0-9a-f]{32}$/);
    await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' }, cwd: directory });
    expect(recorded('a').payload['session_id']).toBe(first.payload['session_id']);
  });

  it('K2/K3: Claude matchers see Claude names (a list is exact names); Cosh matchers keep Cosh names', async () => {
    const engine = engineWith([
      claude({ name: 'bash', matcher: 'Bash', command: 'true' }),
      claude({ name: 'list', matcher: 'Read | Write', command: 'true' }),
      claude({ name: 'star', matcher: '*', command: 'true' }),
      claude({ name: 'prefix', matcher: 'Bas', command: 'true' }),
      { name: 'cosh', matcher: 'Bash', command: 'true' },
      claude({ name: 'mcp', matcher: 'mcp__github__.*', command: 'true' }),
    ]);
    const selected = async (toolName: string, mcpServer?: string) =>
      (await engine.preToolUse({ toolName, toolInput: {}, cwd: directory, mcpServer })).hooks.map((hook) => hook.name);
    expect(await selected('bash_run')).toEqual(['bash', 'star']);
    expect(await selected('fs_write')).toEqual(['list', 'star']);
    expect(await selected('create_issue', 'github')).toEqual(['star', 'mcp']);
    expect(await selected('my_Bash_tool')).toEqual(['star', 'cosh']);
  });

  it('K3: fs_edit is Edit for one edit and MultiEdit for several; a Cosh ^fs_edit$ matcher sees both', async () => {
    const engine = engineWith([
      claude({ name: 'edit', matcher: 'Edit', command: recording('edit') }),
      claude({ name: 'multi', matcher: 'MultiEdit', command: recording('multi') }),
      claude({ name: 'both', matcher: 'Edit|MultiEdit|Write', command: 'true' }),
      { name: 'cosh', matcher: '^fs_edit$', command: 'true' },
    ]);
    const one = await engine.preToolUse({
      toolName: 'fs_edit',
      toolInput: { path: 'a.txt', old_string: 'x', new_string: 'y' },
      cwd: directory,
    });
    expect(one.hooks.map((hook) => hook.name)).toEqual(['edit', 'both', 'cosh']);
    expect(recorded('edit').payload).toMatchObject({
      tool_name: 'Edit',
      tool_input: { file_path: join(directory, 'a.txt'), old_string: 'x', new_string: 'y', replace_all: false },
    });
    const edits = [{ old_string: 'x', new_string: 'y', replace_all: true }];
    const several = await engine.preToolUse({
      toolName: 'fs_edit',
      toolInput: { path: 'a.txt', edits },
      cwd: directory,
    });
    expect(several.hooks.map((hook) => hook.name)).toEqual(['multi', 'both', 'cosh']);
    expect(recorded('multi').payload).toMatchObject({
      tool_name: 'MultiEdit',
      tool_input: { file_path: join(directory, 'a.txt'), edits },
    });
  });

  it('K5/K3: updatedInput comes back in Cosh fields (ms → s, file_path → path); an echoed field undoes nothing', async () => {
    const engine = engineWith([
      { name: 'cosh rewrite', command: printing({ updated_input: { command: 'ls -la' } }) },
      claude({
        name: 'claude rewrite',
        command: printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { command: 'ls', timeout: 30000, description: 'List files' },
          },
        }),
      }),
    ]);
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' }, cwd: directory });
    expect(pre.decision).toBe('allow');
    expect(pre.toolInput).toEqual({ command: 'ls -la', timeout: 30 });
    expect(pre.diagnostics).toEqual([
      {
        level: 'warning',
        hook: 'claude rewrite',
        message:
          'hook \'claude rewrite\' added Bash field "description" in updatedInput, which bash_run does not have; the change is dropped',
      },
    ]);
  });

  it('K5: exit 2 with stderr denies; continue:false halts; plain text is no opinion; exit 49 is an error', async () => {
    const engine = engineWith([
      claude({ name: 'text', command: 'echo hello' }),
      claude({ name: 'forty-nine', command: 'exit 49' }),
      claude({ name: 'deny', command: 'echo "no rm" >&2; exit 2' }),
    ]);
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm' }, cwd: directory });
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['none', 'error', 'deny']);
    expect(pre).toMatchObject({ decision: 'deny', reasons: ['no rm'], halt: false });
    const halting = engineWith([claude({ command: printing({ continue: false, stopReason: 'stop now' }) })]);
    expect(await halting.preToolUse({ toolName: 'bash_run', toolInput: {}, cwd: directory })).toMatchObject({
      halt: true,
      reasons: ['stop now'],
    });
  });

  it('K5: a Claude hook that prints an allow and then exits 1 does not allow: its stdout is not read', async () => {
    const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
    const engine = engineWith([claude({ name: 'failed allow', command: printing(allow, 1) })]);
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' }, cwd: directory });
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['error']);
    expect(pre.decision).toBe('none');
    const strict = engineWith([claude({ name: 'failed allow', command: printing(allow, 1), onError: 'deny' })]);
    expect((await strict.preToolUse({ toolName: 'bash_run', toolInput: {}, cwd: directory })).decision).toBe('deny');
    // The same JSON on exit 0 allows: the exit code alone made the difference.
    const fine = engineWith([claude({ command: printing(allow) })]);
    expect((await fine.preToolUse({ toolName: 'bash_run', toolInput: {}, cwd: directory })).decision).toBe('allow');
  });

  it('K5/O2: a Claude hook printing JSON that breaks the schema or is huge is invalid; broken JSON is plain text (none)', async () => {
    const engine = engineWith([
      claude({ name: 'broken', command: `printf '%s' '{"decision": "block", '` }),
      claude({ name: 'wrong', command: printing({ decision: 'ask' }) }),
      claude({ name: 'huge', command: `printf '{"reason": "'; head -c 2000000 /dev/zero | tr '\\0' x; printf '"}'` }),
    ]);
    const pre = await engine.preToolUse({ toolName: 'bash_run', toolInput: {}, cwd: directory });
    expect(pre.hooks.map((hook) => hook.outcome)).toEqual(['none', 'invalid', 'invalid']);
    const messages = pre.diagnostics.map((diagnostic) => diagnostic.message);
    expect(messages[0]).toMatch(/^hook 'wrong' printed invalid output: .*decision/);
    expect(messages[1]).toContain('1 MiB');
    expect(pre.decision).toBe('none');
  });

  it("K4: through runToolCall, Pre and Post share tool_use_id and tool_response is built from the tool's parts", async () => {
    const engine = engineWith([claude({ command: recording('pre') })], [claude({ command: recording('post') })]);
    const outcome = await runToolCall({
      engine,
      call: { toolName: 'bash_run', toolInput: { command: 'make' }, cwd: directory },
      checkPermission: () => ({ granted: true }),
      executeTool: () => ({
        ok: true,
        output: 'built\n[stderr]\nwarn\n',
        parts: { stdout: 'built\n', stderr: 'warn\n' },
      }),
    });
    expect(outcome.status).toBe('ok');
    const pre = recorded('pre').payload;
    const post = recorded('post').payload;
    expect(post['tool_use_id']).toBe(pre['tool_use_id']);
    expect(post).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_response: { stdout: 'built\n', stderr: 'warn\n', interrupted: false, isImage: false },
    });
  });

  it('K4/K3: a proxied MCP tool is mcp__<server>__<tool> with its input unchanged, and its response is text items', async () => {
    const engine = engineWith([], [claude({ matcher: 'mcp__gh__create_issue', command: recording('post') })]);
    await engine.postToolUse({
      toolName: 'create_issue',
      mcpServer: 'gh',
      toolInput: { title: 'x' },
      toolOutput: 'created #1',
      cwd: directory,
    });
    expect(recorded('post').payload).toMatchObject({
      tool_name: 'mcp__gh__create_issue',
      tool_input: { title: 'x' },
      tool_response: [{ type: 'text', text: 'created #1' }],
    });
  });

  it('K5/P2: a PostToolUse decision "block" is a [hook] line; additionalContext is context; systemMessage is for the person', async () => {
    const engine = engineWith(
      [],
      [
        claude({
          name: 'lint',
          command: printing({
            decision: 'block',
            reason: 'lint failed',
            systemMessage: 'see the log',
            hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ran eslint' },
          }),
        }),
      ],
    );
    const post = await engine.postToolUse({
      toolName: 'fs_write',
      toolInput: { path: 'a', content: 'b' },
      toolOutput: 'wrote',
      cwd: directory,
    });
    expect(post.toolOutput).toBe('wrote\nran eslint\n[hook] lint failed');
    expect(post.diagnostics).toEqual([{ level: 'info', hook: 'lint', message: "hook 'lint': see the log" }]);
  });
});

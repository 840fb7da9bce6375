// The Codex CLI (K9) and Gemini CLI (K10) bridges and `cosh connect` (X), end to end: the built
// binary given each agent's hook stdin, and wiring agents' settings files in a temporary HOME.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders, withoutTrustAllWarning, withoutUnfencedWarning } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-agent-bridges-');

beforeAll(async () => {
  await assertBuilt();
});

/** The Cosh hooks every case below runs: a deny, a halt, a rewrite, an allowed rewrite, contexts. */
const HOOKS = {
  PreToolUse: [
    { matcher: '^bash_run$', command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0` },
    { matcher: '^bash_run$', command: `grep -q 'stop-now' && { echo 'stop the turn' >&2; exit 49; }; exit 0` },
    {
      matcher: '^bash_run$',
      command: `grep -q 'rewrite-me' && echo '{"updated_input": {"command": "echo safe"}}'; exit 0`,
    },
    {
      matcher: '^bash_run$',
      command: `grep -q 'allow-rewrite' && echo '{"decision": "allow", "updated_input": {"command": "echo allowed"}}'; exit 0`,
    },
    { matcher: '^fs_(edit|write)$', command: `grep -q '[.]env' && { echo 'no edits to .env' >&2; exit 2; }; exit 0` },
    { matcher: '^fs_read$', command: `echo '{"context": "read with care"}'` },
  ],
  PostToolUse: [{ matcher: '^bash_run$', command: `echo '{"context": "ran a command"}'` }],
};

// setup.json lies in a folder of its own: its folder is Cosh's (B2, B8), not the project's files.
async function setup() {
  const folder = makeFolder();
  await mkdir(join(folder, 'config'));
  await writeFile(join(folder, 'config', 'setup.json'), JSON.stringify({ hooks: HOOKS }));
  return folder;
}

function withoutTrustAll(answer: Record<string, unknown>): Record<string, unknown> {
  if (typeof answer['systemMessage'] === 'string') {
    const rest = withoutUnfencedWarning(withoutTrustAllWarning(`${answer['systemMessage']}\n`)).trimEnd();
    if (rest === '') delete answer['systemMessage'];
    else answer['systemMessage'] = rest;
  }
  return answer;
}

describe('cosh claude-hook --client codex (K9)', () => {
  const codex = async (folder: string, event: string, toolName: string, toolInput: object) => {
    const run = await runCosh(['claude-hook', '--client', 'codex', '--config', join(folder, 'config', 'setup.json')], {
      cwd: folder,
      input: JSON.stringify({
        session_id: 's-1',
        turn_id: 't-1',
        transcript_path: null,
        cwd: folder,
        hook_event_name: event,
        model: 'gpt-5',
        permission_mode: 'default',
        tool_name: toolName,
        tool_input: toolInput,
        tool_use_id: 'call-1',
        ...(event === 'PostToolUse' ? { tool_response: 'out\n' } : {}),
      }),
    });
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    return withoutTrustAll(JSON.parse(run.stdout) as Record<string, unknown>);
  };

  it('K9: a deny of bash_run answers Codex\'s Bash call with permissionDecision "deny" and the reason', async () => {
    const folder = await setup();
    expect(await codex(folder, 'PreToolUse', 'Bash', { command: 'rm -rf /' })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf is not allowed',
      },
    });
    // Older Codex releases name the shell tool itself.
    expect(await codex(folder, 'PreToolUse', 'shell', { command: ['bash', '-lc', 'rm -rf /'] })).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny' },
    });
  });

  it('K9: a halt is answered as a deny (Codex lets a call through on continue: false)', async () => {
    const folder = await setup();
    const answer = await codex(folder, 'PreToolUse', 'Bash', { command: 'stop-now' });
    expect(answer).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'stop the turn',
      },
    });
    expect(answer).not.toHaveProperty('continue');
  });

  it('K9: a rewrite goes only with an allow; a rewrite without an allow is a deny that shows the rewritten input', async () => {
    const folder = await setup();
    expect(await codex(folder, 'PreToolUse', 'Bash', { command: 'allow-rewrite' })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'echo allowed' },
      },
    });
    const denied = await codex(folder, 'PreToolUse', 'Bash', { command: 'rewrite-me' });
    expect(denied).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } });
    expect(JSON.stringify(denied)).toContain('echo safe');
    expect(denied['hookSpecificOutput']).not.toHaveProperty('updatedInput');
  });

  it('K9: a plain call gets no decision (Codex refuses a bare allow); apply_patch of .env is read as fs_edit and denied', async () => {
    const folder = await setup();
    expect(await codex(folder, 'PreToolUse', 'Bash', { command: 'ls' })).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse' },
    });
    const patch = '*** Begin Patch\n*** Update File: .env\n@@\n-A=1\n+A=2\n*** End Patch\n';
    expect(await codex(folder, 'PreToolUse', 'apply_patch', { command: patch })).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no edits to .env' },
    });
    expect(await codex(folder, 'PostToolUse', 'Bash', { command: 'ls' })).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ran a command' },
    });
  });
});

describe('cosh gemini-hook (K10)', () => {
  const gemini = async (folder: string, event: string, toolName: string, toolInput: object, extra: object = {}) => {
    const run = await runCosh(['gemini-hook', '--config', join(folder, 'config', 'setup.json')], {
      cwd: folder,
      env: { XDG_STATE_HOME: join(folder, 'state') },
      input: JSON.stringify({
        session_id: 'g-1',
        transcript_path: join(folder, 't.json'),
        cwd: folder,
        hook_event_name: event,
        timestamp: '2026-01-01T00:00:00Z',
        tool_name: toolName,
        tool_input: toolInput,
        ...extra,
      }),
    });
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    return {
      code: run.code,
      stderr: run.stderr,
      answer: withoutTrustAll(JSON.parse(run.stdout) as Record<string, unknown>),
    };
  };

  it('K10: a deny exits 2 with the reasons on stderr and a JSON deny; an allow is {"decision":"allow"}', async () => {
    const folder = await setup();
    const denied = await gemini(folder, 'BeforeTool', 'run_shell_command', {
      command: 'rm -rf /',
      description: 'wipe',
    });
    expect(denied.code).toBe(2);
    expect(denied.stderr).toContain('rm -rf is not allowed');
    expect(denied.answer).toEqual({ decision: 'deny', reason: 'rm -rf is not allowed' });
    const allowed = await gemini(folder, 'BeforeTool', 'run_shell_command', {
      command: 'allow-rewrite',
      description: 'd',
    });
    expect(allowed.code).toBe(0);
    expect(allowed.answer).toEqual({
      decision: 'allow',
      hookSpecificOutput: { tool_input: { command: 'echo allowed', description: 'd' } },
    });
  });

  it('K10: a rewrite is the whole input in hookSpecificOutput.tool_input; a halt is continue: false', async () => {
    const folder = await setup();
    const rewritten = await gemini(folder, 'BeforeTool', 'run_shell_command', {
      command: 'rewrite-me',
      description: 'd',
    });
    expect(rewritten.answer).toEqual({
      hookSpecificOutput: { tool_input: { command: 'echo safe', description: 'd' } },
    });
    const halted = await gemini(folder, 'BeforeTool', 'run_shell_command', { command: 'stop-now' });
    expect(halted.code).toBe(0);
    expect(halted.answer).toEqual({ continue: false, stopReason: 'stop the turn' });
  });

  it("K10: Gemini's replace and write_file are fs_edit and fs_write; a BeforeTool context comes with that call's AfterTool", async () => {
    const folder = await setup();
    const edit = await gemini(folder, 'BeforeTool', 'replace', {
      file_path: '.env',
      old_string: 'A=1',
      new_string: 'A=2',
    });
    expect(edit.code).toBe(2);
    expect(edit.answer).toEqual({ decision: 'deny', reason: 'no edits to .env' });
    expect((await gemini(folder, 'BeforeTool', 'write_file', { file_path: 'x/.env', content: '' })).code).toBe(2);

    const before = await gemini(folder, 'BeforeTool', 'read_file', { file_path: 'a.txt' });
    expect(before.answer).toEqual({});
    const after = await gemini(
      folder,
      'AfterTool',
      'read_file',
      { file_path: 'a.txt' },
      { tool_response: { llmContent: 'hi' } },
    );
    expect(after.answer).toEqual({ hookSpecificOutput: { additionalContext: 'read with care' } });
    // Delivered once.
    const again = await gemini(
      folder,
      'AfterTool',
      'read_file',
      { file_path: 'a.txt' },
      { tool_response: { llmContent: 'hi' } },
    );
    expect(again.answer).toEqual({});
    const shell = await gemini(
      folder,
      'AfterTool',
      'run_shell_command',
      { command: 'ls' },
      { tool_response: { llmContent: 'x' } },
    );
    expect(shell.answer).toEqual({ hookSpecificOutput: { additionalContext: 'ran a command' } });
  });

  it('K10: stdin that is not a call, or a config that does not load, is a deny (fail closed)', async () => {
    const folder = await setup();
    const bad = await gemini(folder, 'Nope', 'x', {});
    expect(bad.code).toBe(2);
    expect(bad.answer).toMatchObject({ decision: 'deny' });
    await writeFile(join(folder, 'config', 'setup.json'), '{"hooks": {"PreToolUse": [{"comand": "x"}]}}');
    const broken = await gemini(folder, 'BeforeTool', 'run_shell_command', { command: 'ls' });
    expect(broken.code).toBe(2);
    expect(broken.answer).toMatchObject({ decision: 'deny', reason: expect.stringContaining('could not be loaded') });
  });
});

describe('cosh connect (X)', () => {
  const connect = (home: string, ...args: string[]) => runCosh(['connect', ...args], { cwd: home });

  it('X, E5: connect claude writes the fail-closed bridge by absolute path, keeps the file, is idempotent; --check says so', async () => {
    const home = makeFolder();
    await mkdir(join(home, '.claude'));
    const settings = join(home, '.claude', 'settings.json');
    await writeFile(
      settings,
      '{\n  // mine\n  "model": "opus",\n  "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "my-hook"}]}], "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "my-prompt-hook"}]}]}\n}\n',
    );
    expect((await connect(home, 'claude', '--check')).code).toBe(1);
    const dry = await connect(home, 'claude', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("claude-hook || { echo 'cosh claude-hook failed' >&2; exit 2; }");
    expect(await readFile(settings, 'utf8')).not.toContain('claude-hook');

    const wired = await connect(home, 'claude');
    expect(wired.code).toBe(0);
    expect(wired.stdout).toContain("Fenced Claude Code's shell and file tools");
    const text = await readFile(settings, 'utf8');
    expect(text).toContain('"denyWrite"');
    expect(text).toContain('// mine');
    expect(text).toContain('"model": "opus"');
    expect(text).toContain('"command": "my-hook"');
    expect(text).toContain('"command": "my-prompt-hook"');
    // E5: every event Claude Code has is wired: its two tool events and its four session events.
    expect(text.match(/claude-hook \|\|/g)).toHaveLength(6);
    expect(text).toContain('"timeout": 900');
    const wiredHooks = (
      JSON.parse(text.replace('  // mine\n', '')) as {
        hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
      }
    ).hooks;
    const bridgeOf = (event: string) =>
      wiredHooks[event]?.flatMap((group) => group.hooks).find((handler) => handler.command.includes('claude-hook'));
    // K8: the tool events fail closed (exit 2 blocks the call when cosh cannot start).
    for (const event of ['PreToolUse', 'PostToolUse'])
      expect(bridgeOf(event)?.command).toMatch(
        /^\/\S+ claude-hook \|\| \{ echo 'cosh claude-hook failed' >&2; exit 2; \}$/,
      );
    // E5: a session event warns and goes on (exit 1): a cosh that cannot start never blocks every prompt.
    for (const event of ['UserPromptSubmit', 'SessionStart', 'Stop', 'SessionEnd'])
      expect(bridgeOf(event)?.command).toMatch(
        /^\/\S+ claude-hook \|\| \{ echo 'cosh claude-hook failed' >&2; exit 1; \}$/,
      );
    // The person's own prompt hook stays, beside the bridge.
    expect(wiredHooks['UserPromptSubmit']?.flatMap((group) => group.hooks).map((handler) => handler.command)).toEqual([
      'my-prompt-hook',
      expect.stringContaining('claude-hook'),
    ]);
    // The person's UserPromptSubmit keeps its place; the events connect adds follow.
    expect(Object.keys(wiredHooks)).toEqual([
      'PreToolUse',
      'UserPromptSubmit',
      'PostToolUse',
      'SessionStart',
      'Stop',
      'SessionEnd',
    ]);
    // A session event's group has no matcher (it runs for every prompt, start, stop and end).
    expect(wiredHooks['Stop']?.[0]).not.toHaveProperty('matcher');

    expect((await connect(home, 'claude')).code).toBe(0);
    expect(await readFile(settings, 'utf8')).toBe(text);
    const check = await connect(home, 'claude', '--check');
    expect(check.code).toBe(0);
  });

  it('E5: --check judges the session events too, and connect rewrites a session entry written fail-closed', async () => {
    const home = makeFolder();
    expect((await connect(home, 'codex')).code).toBe(0);
    const file = join(home, '.codex', 'hooks.json');
    const wired = await readFile(file, 'utf8');
    const hooks = JSON.parse(wired) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    // An entry of the first wiring, fail-closed on a prompt (exit 2): every prompt would be blocked
    // whenever cosh cannot start.
    const bridge = hooks.hooks['UserPromptSubmit']?.[0]?.hooks[0];
    if (bridge === undefined) throw new Error('no UserPromptSubmit bridge');
    bridge.command = bridge.command.replace('exit 1;', 'exit 2;');
    delete hooks.hooks['Stop'];
    await writeFile(file, `${JSON.stringify(hooks, null, 2)}\n`);
    const check = await connect(home, 'codex', '--check');
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('UserPromptSubmit, Stop have no cosh claude-hook --client codex hook of this cosh');
    expect((await connect(home, 'codex')).code).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(JSON.parse(wired));
  });

  it('X, E5: connect codex writes ~/.codex/hooks.json with --client codex and says to review it in /hooks', async () => {
    const home = makeFolder();
    const wired = await connect(home, 'codex');
    expect(wired.code).toBe(0);
    expect(wired.stdout).toContain('/hooks');
    const file = JSON.parse(await readFile(join(home, '.codex', 'hooks.json'), 'utf8')) as {
      hooks: Record<string, { hooks: { command: string; timeout: number }[] }[]>;
    };
    expect(Object.keys(file)).toEqual(['hooks']);
    // E5: Codex's session events are wired as well.
    expect(Object.keys(file.hooks)).toEqual([
      'PreToolUse',
      'PostToolUse',
      'UserPromptSubmit',
      'SessionStart',
      'Stop',
      'SessionEnd',
    ]);
    for (const event of Object.keys(file.hooks)) {
      const status = event.endsWith('ToolUse') ? 2 : 1;
      expect(file.hooks[event]?.[0]?.hooks[0]?.command).toMatch(
        new RegExp(
          `^/\\S+ claude-hook --client codex \\|\\| \\{ echo 'cosh claude-hook failed' >&2; exit ${status}; \\}$`,
        ),
      );
    }
    // Wired, but Codex's shell is not fenced until --fence writes its permission profile (B9).
    const unfenced = await connect(home, 'codex', '--check');
    expect(unfenced.code).toBe(1);
    expect(unfenced.stderr).toContain('Codex CLI is wired to Cosh');
    expect((await connect(home, 'codex', '--fence')).code).toBe(0);
    expect((await connect(home, 'codex', '--check')).code).toBe(0);
  });

  it('X, E5: connect gemini writes BeforeTool, AfterTool and its session events with a timeout above the bridge bound; --project uses .gemini/', async () => {
    const home = makeFolder();
    expect((await connect(home, 'gemini', '--project')).code).toBe(0);
    const file = JSON.parse(await readFile(join(home, '.gemini', 'settings.json'), 'utf8')) as {
      hooks: Record<string, { matcher: string; hooks: { command: string; timeout: number }[] }[]>;
    };
    // E5: Gemini's session events under its names (BeforeAgent, AfterAgent), with the tool events'.
    expect(Object.keys(file.hooks)).toEqual([
      'BeforeTool',
      'AfterTool',
      'BeforeAgent',
      'SessionStart',
      'AfterAgent',
      'SessionEnd',
    ]);
    for (const event of Object.keys(file.hooks)) {
      const handler = file.hooks[event]?.[0]?.hooks[0];
      // K10: the tool events fail closed (exit 2); E5: a session event warns and goes on (exit 1).
      const status = event.endsWith('Tool') ? 2 : 1;
      expect(handler?.command).toMatch(
        new RegExp(`^/\\S+ gemini-hook \\|\\| \\{ echo 'cosh gemini-hook failed' >&2; exit ${status}; \\}$`),
      );
      expect(handler?.timeout).toBe(60000);
    }
    // Wired; its shell cannot be fenced here (B9: only its own tools.sandbox does), so --check exits 1.
    const check = await connect(home, 'gemini', '--check', '--project');
    expect(check.stderr).toContain('Gemini CLI is wired to Cosh');
    expect(check.stderr).toContain("Gemini CLI's shell is not fenced");
    expect(check.code).toBe(1);
    expect((await connect(home, 'nobody')).code).toBe(64);
  });
});

describe('cosh claude-hook hardening (K8)', () => {
  const denyAll = JSON.stringify({
    hooks: { PreToolUse: [{ matcher: '^bash_run$', command: "echo 'root project file' >&2; exit 2" }] },
  });
  const ask = async (home: string, cwd: string, env: NodeJS.ProcessEnv) => {
    const run = await runCosh(['claude-hook'], {
      cwd: home,
      env,
      input: JSON.stringify({
        session_id: 'k8',
        cwd,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      }),
    });
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    return withoutTrustAll(JSON.parse(run.stdout) as Record<string, unknown>);
  };

  it('K8: the project layer comes from CLAUDE_PROJECT_DIR; a .git or .cosh/ below it never hides the root file', async () => {
    const home = makeFolder();
    const root = join(home, 'project');
    const nested = join(root, 'vendor', 'clone');
    await mkdir(join(root, '.cosh'), { recursive: true });
    await mkdir(join(nested, '.git'), { recursive: true });
    await mkdir(join(nested, '.cosh'), { recursive: true });
    await writeFile(join(root, '.cosh', 'setup.json'), denyAll);
    await writeFile(join(nested, '.cosh', 'setup.json'), JSON.stringify({ hooks: {} }));
    const denied = await ask(home, nested, { CLAUDE_PROJECT_DIR: root });
    expect(denied).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'root project file' },
    });
    // Without it (or naming a folder that does not exist), the call's cwd decides: the nested file.
    expect(await ask(home, nested, {})).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse' } });
    expect(await ask(home, nested, { CLAUDE_PROJECT_DIR: join(home, 'gone') })).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse' },
    });
  });

  it('K8: an untrusted project file that is not loaded is told in the systemMessage as well as stderr', async () => {
    const home = makeFolder();
    const root = join(home, 'project');
    await mkdir(join(root, '.cosh'), { recursive: true });
    await mkdir(join(root, '.git'), { recursive: true });
    await writeFile(join(root, '.cosh', 'setup.json'), denyAll);
    const answer = await ask(home, root, { COSH_TRUST: undefined, CLAUDE_PROJECT_DIR: root });
    expect(answer['hookSpecificOutput']).toEqual({ hookEventName: 'PreToolUse' });
    expect(answer['systemMessage']).toEqual(expect.stringContaining(join(root, '.cosh', 'setup.json')));
  });
});

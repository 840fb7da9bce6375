// `cosh connect … --fence`, `--check` on every layer, `cosh disconnect` (SPEC B9, X) and the
// bridges' unfenced-client warning and `required` deny (B10), end to end: the built binary
// against temporary HOMEs.
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-connect-fence-');

beforeAll(async () => {
  await assertBuilt();
});

/** A HOME and a project folder inside it; cosh runs in the project. */
async function scene() {
  const home = makeFolder();
  const project = join(home, 'project');
  await mkdir(project, { recursive: true });
  const run = (args: readonly string[], input?: string, env: NodeJS.ProcessEnv = {}) =>
    runCosh(args, { cwd: project, env: { HOME: home, ...env }, ...(input === undefined ? {} : { input }) });
  return { home, project, run, claudeSettings: join(home, '.claude', 'settings.json') };
}

const WARNING = (agent: string) =>
  `cosh: ${agent}'s shell is not sandboxed: it can change your guards; run cosh connect ${agent} --fence`;

describe('cosh connect claude: the fence (B9)', () => {
  it('B9: writes the sandbox block and Edit deny rules for every Cosh folder and the settings file; --check passes', async () => {
    const { home, run, claudeSettings } = await scene();
    const wired = await run(['connect', 'claude']);
    expect(wired.code).toBe(0);
    const settings = JSON.parse(await readFile(claudeSettings, 'utf8')) as {
      sandbox: Record<string, unknown> & { filesystem: { denyWrite: string[] } };
      permissions: { deny: string[]; allow?: unknown };
    };
    expect(settings.sandbox).toMatchObject({
      enabled: true,
      failIfUnavailable: true,
      autoAllowBashIfSandboxed: true,
      allowUnsandboxedCommands: false,
    });
    for (const folder of ['~/.config/cosh', '~/.local/state/cosh', '~/.cache/cosh', '~/.claude/settings.json'])
      expect(settings.sandbox.filesystem.denyWrite).toContain(folder);
    for (const rule of ['Edit(~/.config/cosh/**)', 'Edit(~/.local/state/cosh/**)', 'Edit(~/.cache/cosh/**)'])
      expect(settings.permissions.deny).toContain(rule);
    // The installation folder, outside HOME: the double-slash spelling (a single slash does not match).
    expect(settings.permissions.deny.some((rule) => /^Edit\(\/\/[^/]/.test(rule))).toBe(true);
    expect(settings.permissions.allow).toBeUndefined();
    expect(JSON.stringify(settings)).not.toContain('Bash(');
    // X: a new file is two spaces, one key per line.
    expect(await readFile(claudeSettings, 'utf8')).toMatch(/^\{\n {2}"hooks": \{\n {4}"PreToolUse": \[\n/);
    const check = await run(['connect', 'claude', '--check']);
    expect(check.stdout).toContain("Claude Code's shell is fenced");
    expect(check.code).toBe(0);
    expect(existsSync(join(home, '.local', 'state', 'cosh', 'connect.json'))).toBe(true);
  });

  it('B9: an existing "enabled": false is reported, not overwritten, unless --fence; disconnect restores it', async () => {
    const { run, claudeSettings } = await scene();
    await mkdir(join(claudeSettings, '..'), { recursive: true });
    const original = '{\n    // mine\n    "model": "opus",\n    "sandbox": {\n        "enabled": false\n    }\n}\n';
    await writeFile(claudeSettings, original);
    const wired = await run(['connect', 'claude']);
    expect(wired.code).toBe(0);
    expect(wired.stdout).toContain('"sandbox"."enabled" is false: kept');
    expect(wired.stdout).toContain('NOT fenced');
    expect(await readFile(claudeSettings, 'utf8')).toContain('"enabled": false');
    expect((await run(['connect', 'claude', '--check'])).code).toBe(1);

    expect((await run(['connect', 'claude', '--fence'])).code).toBe(0);
    const fenced = await readFile(claudeSettings, 'utf8');
    expect(fenced).toContain('"enabled": true');
    // The file's own indentation (four spaces) and its comment are kept.
    expect(fenced).toMatch(/\n {4}\/\/ mine\n {4}"model": "opus",\n/);
    expect(fenced).toMatch(/\n {8}"failIfUnavailable": true,\n/);
    expect((await run(['connect', 'claude', '--check'])).code).toBe(0);

    const gone = await run(['disconnect', 'claude']);
    expect(gone.code).toBe(0);
    expect(await readFile(claudeSettings, 'utf8')).toBe(original);
    expect((await run(['disconnect', 'claude'])).stdout).toContain('nothing to change');
  });

  it('X: disconnect removes a settings file connect created when nothing else is in it', async () => {
    const { run, claudeSettings } = await scene();
    expect((await run(['connect', 'claude'])).code).toBe(0);
    expect((await run(['disconnect', 'claude'])).code).toBe(0);
    expect(existsSync(claudeSettings)).toBe(false);
  });

  it('X: disconnect keeps what the person added after connect', async () => {
    const { run, claudeSettings } = await scene();
    expect((await run(['connect', 'claude'])).code).toBe(0);
    const value = JSON.parse(await readFile(claudeSettings, 'utf8')) as Record<string, unknown> & {
      sandbox: { filesystem: { denyWrite: string[] } };
    };
    value['model'] = 'opus';
    value.sandbox.filesystem.denyWrite.push('~/secrets');
    await writeFile(claudeSettings, `${JSON.stringify(value, null, 2)}\n`);
    expect((await run(['disconnect', 'claude'])).code).toBe(0);
    expect(JSON.parse(await readFile(claudeSettings, 'utf8'))).toEqual({
      model: 'opus',
      sandbox: { filesystem: { denyWrite: ['~/secrets'] } },
    });
  });

  it('B9: a project .claude/settings.json with enabled:false or excludedCommands makes it unfenced there', async () => {
    const { project, run } = await scene();
    expect((await run(['connect', 'claude'])).code).toBe(0);
    await mkdir(join(project, '.claude'));
    await writeFile(join(project, '.claude', 'settings.json'), '{"sandbox": {"enabled": false}}\n');
    const lifted = await run(['connect', 'claude', '--check']);
    expect(lifted.code).toBe(1);
    expect(lifted.stderr).toContain(`${join(project, '.claude', 'settings.json')} sets "sandbox"."enabled": false`);
    await writeFile(join(project, '.claude', 'settings.local.json'), '{"sandbox": {"excludedCommands": ["docker"]}}\n');
    await writeFile(join(project, '.claude', 'settings.json'), '{}\n');
    const excluded = await run(['connect', 'claude', '--check']);
    expect(excluded.code).toBe(1);
    expect(excluded.stderr).toContain('runs commands outside the sandbox ("sandbox"."excludedCommands")');
  });

  it('B9: settings that are not JSON, or a sandbox of the wrong type, are reported with file:line and never overwritten', async () => {
    const { run, claudeSettings } = await scene();
    await mkdir(join(claudeSettings, '..'), { recursive: true });
    for (const [text, where] of [
      ['{\n  "model": "opus",\n  "sandbox": true\n}\n', `${claudeSettings}:3:14: "sandbox" is not an object`],
      ['{\n  "model": "opus",\n  "sandbox": {"filesystem": {"denyWrite": "~/x"}}\n}\n', `${claudeSettings}:3:43:`],
      ['{\n  "model": \n', `${claudeSettings}:3:1:`],
    ] as const) {
      await writeFile(claudeSettings, text);
      for (const args of [
        ['connect', 'claude'],
        ['connect', 'claude', '--fence'],
      ]) {
        const refused = await run(args);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(where);
        expect(await readFile(claudeSettings, 'utf8')).toBe(text);
      }
    }
  });

  it("B9: --project fences in the project's .claude/settings.json, its .cosh/ included; --check passes there", async () => {
    const { project, run } = await scene();
    await mkdir(join(project, '.cosh'));
    expect((await run(['connect', 'claude', '--project'])).code).toBe(0);
    const settings = JSON.parse(await readFile(join(project, '.claude', 'settings.json'), 'utf8')) as {
      sandbox: { filesystem: { denyWrite: string[] } };
      permissions: { deny: string[] };
    };
    expect(settings.sandbox.filesystem.denyWrite).toContain('~/project/.cosh');
    expect(settings.permissions.deny).toContain('Edit(~/project/.cosh/**)');
    expect(settings.permissions.deny).toContain('Edit(~/project/.claude/settings.json)');
    const check = await run(['connect', 'claude', '--project', '--check']);
    expect(check.stdout).toContain("Claude Code's shell is fenced");
    expect(check.code).toBe(0);
  });

  it("B9: connect says which of bwrap and socat Claude Code's sandbox is missing on PATH", async () => {
    const { home, project } = await scene();
    const bin = join(home, 'bin');
    await mkdir(bin);
    await symlink('/usr/bin/bwrap', join(bin, 'bwrap'));
    const wired = await runCosh(['connect', 'claude'], { cwd: project, env: { HOME: home, PATH: bin } });
    expect(wired.code).toBe(0);
    expect(wired.stdout).toContain("Claude Code's sandbox needs bwrap and socat on PATH: socat is missing");
    const none = await runCosh(['connect', 'claude'], { cwd: project, env: { HOME: home, PATH: join(home, 'empty') } });
    expect(none.stdout).toContain('bwrap and socat are missing (install bubblewrap and socat)');
  });

  // On a machine whose Claude Code has managed settings already, what would change differs.
  it.skipIf(existsSync('/etc/claude-code/managed-settings.json'))(
    "B9: --managed names Claude Code's managed settings, with their own Edit rule; --dry-run writes nothing",
    async () => {
      const { run } = await scene();
      const dry = await run(['connect', 'claude', '--managed', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('cosh connect claude would write /etc/claude-code/managed-settings.json');
      expect(dry.stdout).toContain('"Edit(//etc/claude-code/managed-settings.json)"');
      expect(existsSync('/etc/claude-code/managed-settings.json')).toBe(false);
      expect((await run(['connect', 'codex', '--managed'])).code).toBe(64);
    },
  );

  it('X: an unknown agent gets "did you mean"', async () => {
    const { run } = await scene();
    for (const command of ['connect', 'disconnect']) {
      const typo = await run([command, 'claud']);
      expect(typo.code).toBe(64);
      expect(typo.stderr).toContain(
        'unknown agent "claud": expected one of claude, codex, gemini (did you mean "claude"?)',
      );
    }
  });
});

describe('cosh connect codex / gemini: the fence (B9)', () => {
  it('B9: codex --fence writes the permission profile and no sandbox_mode; disconnect puts config.toml back', async () => {
    const { home, run } = await scene();
    const config = join(home, '.codex', 'config.toml');
    await mkdir(join(home, '.codex'));
    const original = 'model = "gpt-5"\nsandbox_mode = "danger-full-access"\n\n[analytics]\nenabled = false\n';
    await writeFile(config, original);
    const plain = await run(['connect', 'codex']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('sandbox_mode = "danger-full-access"');
    expect(await readFile(config, 'utf8')).toBe(original);
    expect((await run(['connect', 'codex', '--check'])).code).toBe(1);

    expect((await run(['connect', 'codex', '--fence'])).code).toBe(0);
    const fenced = await readFile(config, 'utf8');
    expect(fenced).not.toContain('sandbox_mode');
    expect(fenced).toContain('default_permissions = "cosh"');
    expect(fenced).toContain('[permissions.cosh]\nextends = ":workspace"');
    expect(fenced).toContain('".cosh" = "read"\n".git" = "write"\n".git/hooks" = "read"\n".git/config" = "read"');
    expect(fenced).toContain('[analytics]\nenabled = false');
    expect((await run(['connect', 'codex', '--check'])).code).toBe(0);

    expect((await run(['disconnect', 'codex'])).code).toBe(0);
    expect(await readFile(config, 'utf8')).toBe(original);
    expect(existsSync(join(home, '.codex', 'hooks.json'))).toBe(false);
  });

  it('B9: a config.toml that is not TOML is reported with file:line and never overwritten', async () => {
    const { home, run } = await scene();
    const config = join(home, '.codex', 'config.toml');
    await mkdir(join(home, '.codex'));
    await writeFile(config, 'model = "gpt-5"\nsandbox_mode = = 1\n');
    const refused = await run(['connect', 'codex', '--fence']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${config}:2:`);
    expect(await readFile(config, 'utf8')).toBe('model = "gpt-5"\nsandbox_mode = = 1\n');
  });

  it('B9: gemini is reported unfenced unless its own tools.sandbox is set; --fence cannot fence it', async () => {
    const { run } = await scene();
    const wired = await run(['connect', 'gemini']);
    expect(wired.code).toBe(0);
    expect(wired.stdout).toContain('NOT fenced');
    expect(wired.stdout).toContain('"tools"."sandbox"');
    const fence = await run(['connect', 'gemini', '--fence']);
    expect(fence.code).toBe(1);
    expect(fence.stderr).toContain('can only be fenced by its own "tools"."sandbox"');
  });
});

describe('bridges tell an unfenced client (B10)', () => {
  const claudeCall = (cwd: string, session: string, toolName: string, toolInput: object) =>
    JSON.stringify({
      session_id: session,
      transcript_path: '/dev/null',
      cwd,
      hook_event_name: 'PreToolUse',
      tool_name: toolName,
      tool_input: toolInput,
    });

  it('B10: the warning comes once per session in the systemMessage, not at all once fenced', async () => {
    const { project, run } = await scene();
    const ask = async (session: string) => {
      const answer = await run(['claude-hook'], claudeCall(project, session, 'Read', { file_path: '/etc/hostname' }));
      expect(answer.code).toBe(0);
      return JSON.parse(answer.stdout) as { systemMessage?: string; hookSpecificOutput?: Record<string, unknown> };
    };
    const first = await ask('s-1');
    expect(first.systemMessage).toContain(WARNING('claude'));
    expect((await ask('s-1')).systemMessage ?? '').not.toContain(WARNING('claude'));
    expect((await ask('s-2')).systemMessage).toContain(WARNING('claude'));
    expect((await run(['connect', 'claude'])).code).toBe(0);
    expect((await ask('s-3')).systemMessage ?? '').not.toContain(WARNING('claude'));
  });

  it('B10: under "sandbox": {"mode": "required"} the unfenced shell tool is denied, other tools run; fenced, it runs', async () => {
    const { home, project, run } = await scene();
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    await writeFile(join(home, '.config', 'cosh', 'setup.json'), '{"sandbox": {"mode": "required"}, "hooks": {}}\n');
    // B5: COSH_SANDBOX=off (the tests' default) would mean "off"; this test needs the file's mode.
    const required = (args: readonly string[], input?: string) => run(args, input, { COSH_SANDBOX: undefined });
    const bash = await required(['claude-hook'], claudeCall(project, 's-1', 'Bash', { command: 'ls' }));
    const denied = JSON.parse(bash.stdout) as { hookSpecificOutput: Record<string, unknown> };
    expect(denied.hookSpecificOutput['permissionDecision']).toBe('deny');
    expect(denied.hookSpecificOutput['permissionDecisionReason']).toBe(WARNING('claude'));
    const read = JSON.parse(
      (await required(['claude-hook'], claudeCall(project, 's-1', 'Read', { file_path: '/x' }))).stdout,
    ) as {
      hookSpecificOutput: Record<string, unknown>;
    };
    expect(read.hookSpecificOutput['permissionDecision']).toBeUndefined();
    // Codex's shell tool, through --client codex.
    const codex = await required(
      ['claude-hook', '--client', 'codex'],
      claudeCall(project, 's-1', 'exec_command', { cmd: 'ls' }),
    );
    expect(JSON.parse(codex.stdout).hookSpecificOutput.permissionDecisionReason).toBe(WARNING('codex'));
    // Gemini: a deny is exit 2 with the reason on stderr.
    const gemini = await required(
      ['gemini-hook'],
      JSON.stringify({
        session_id: 's-1',
        cwd: project,
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
      }),
    );
    expect(gemini.code).toBe(2);
    expect(gemini.stderr).toContain(WARNING('gemini'));

    expect((await required(['connect', 'claude'])).code).toBe(0);
    const fenced = JSON.parse(
      (await required(['claude-hook'], claudeCall(project, 's-2', 'Bash', { command: 'ls' }))).stdout,
    ) as {
      hookSpecificOutput: Record<string, unknown>;
    };
    expect(fenced.hookSpecificOutput['permissionDecision']).toBeUndefined();
  });

  it('B10: Gemini gets the warning as one stderr line, once per session', async () => {
    const { project, run } = await scene();
    const call = JSON.stringify({
      session_id: 'g-1',
      cwd: project,
      hook_event_name: 'BeforeTool',
      tool_name: 'read_file',
      tool_input: { absolute_path: '/etc/hostname' },
    });
    const first = await run(['gemini-hook'], call);
    expect(first.code).toBe(0);
    expect(first.stderr.split('\n').filter((line) => line === WARNING('gemini'))).toHaveLength(1);
    expect((await run(['gemini-hook'], call)).stderr).not.toContain(WARNING('gemini'));
  });
});

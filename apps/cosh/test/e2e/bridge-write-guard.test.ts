// SPEC B8 and B13 end to end, playing the client: each bridge gets the client's real stdin for a
// write of one of Cosh's own files (the trust store, a guard script, setup.json, the client's
// settings, Cosh's entry point); the test performs the write only when the bridge did not deny,
// and then asks the bridge, the way the client runs it (the command its settings name, through
// /bin/sh), about an `rm -rf`: the guard must still deny it.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runNode, TRUST_ALL_ENV, temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-bridge-write-guard-');

beforeAll(async () => {
  await assertBuilt();
});

type Client = 'claude' | 'codex' | 'gemini';

interface World {
  readonly home: string;
  readonly project: string;
  readonly setup: string;
  readonly guard: string;
  readonly trustStore: string;
  /** `<project>/node_modules/.bin/cosh`, a link to the built bin/cosh.js, named in the settings. */
  readonly link: string;
  readonly settings: Readonly<Record<Client, string>>;
}

const BRIDGE: Readonly<Record<Client, string>> = {
  claude: 'claude-hook',
  codex: 'claude-hook --client codex',
  gemini: 'gemini-hook',
};

/** A home with a user setup.json whose guard script denies `rm -rf`, and a project wired to all three clients through a `node_modules/.bin/cosh` link. */
async function world(): Promise<World> {
  const home = makeFolder();
  const project = join(home, 'project');
  const userDir = join(home, '.config', 'cosh');
  await mkdir(userDir, { recursive: true });
  await mkdir(join(project, '.git'), { recursive: true });
  const guard = join(userDir, 'guard.sh');
  await writeFile(guard, `#!/bin/sh\ngrep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }\nexit 0\n`);
  await chmod(guard, 0o755);
  const setup = join(userDir, 'setup.json');
  await writeFile(
    setup,
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: '^bash_run$', command: '"$COSH_CONFIG_DIR/guard.sh"' }] } }),
  );
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  const link = join(project, 'node_modules', '.bin', 'cosh');
  await symlink(coshBin, link);
  const command = (client: Client) => `'${link}' ${BRIDGE[client]} || { echo 'cosh failed' >&2; exit 2; }`;
  const settings = {
    claude: join(project, '.claude', 'settings.json'),
    codex: join(project, '.codex', 'hooks.json'),
    gemini: join(project, '.gemini', 'settings.json'),
  };
  for (const client of ['claude', 'codex', 'gemini'] as const) {
    const event = client === 'gemini' ? 'BeforeTool' : 'PreToolUse';
    await mkdir(join(settings[client], '..'), { recursive: true });
    await writeFile(
      settings[client],
      JSON.stringify({
        hooks: { [event]: [{ matcher: '*', hooks: [{ type: 'command', command: command(client) }] }] },
      }),
    );
  }
  const trustStore = join(home, '.local', 'state', 'cosh', 'trust.json');
  // Its folder only: the store itself is written by `cosh hooks trust` where a case needs it.
  await mkdir(join(trustStore, '..'), { recursive: true });
  return { home, project, setup, guard, trustStore, link, settings };
}

const env = (w: World): NodeJS.ProcessEnv => ({ PATH: process.env['PATH'], HOME: w.home, ...TRUST_ALL_ENV });

/** The client's PreToolUse stdin for one tool call. */
function stdinOf(w: World, client: Client, toolName: string, toolInput: object): string {
  const common = {
    session_id: 's-1',
    transcript_path: null,
    cwd: w.project,
    tool_name: toolName,
    tool_input: toolInput,
  };
  if (client === 'gemini') return JSON.stringify({ ...common, hook_event_name: 'BeforeTool', timestamp: 'now' });
  if (client === 'codex') {
    return JSON.stringify({
      ...common,
      hook_event_name: 'PreToolUse',
      turn_id: 't-1',
      model: 'gpt-5',
      tool_use_id: 'c-1',
    });
  }
  return JSON.stringify({ ...common, hook_event_name: 'PreToolUse', permission_mode: 'default', tool_use_id: 'u-1' });
}

/** The bridge's answer: denied or not, and the reason given. */
interface Answer {
  readonly denied: boolean;
  readonly reason: string;
}

function answerOf(client: Client, code: number | null, stdout: string, stderr: string): Answer {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // No JSON: no decision (Claude and Codex), unless the exit status says otherwise.
  }
  if (client === 'gemini') {
    return { denied: code === 2 || json['decision'] === 'deny', reason: String(json['reason'] ?? stderr.trim()) };
  }
  const specific = (json['hookSpecificOutput'] ?? {}) as Record<string, unknown>;
  return {
    denied: code === 2 || specific['permissionDecision'] === 'deny',
    reason: String(specific['permissionDecisionReason'] ?? stderr.trim()),
  };
}

/** The built bridge given the client's stdin for a call. */
async function bridge(
  w: World,
  client: Client,
  toolName: string,
  toolInput: object,
  environment: NodeJS.ProcessEnv = env(w),
): Promise<Answer> {
  const run = await runNode(coshBin, BRIDGE[client].split(' '), {
    cwd: w.project,
    env: environment,
    input: stdinOf(w, client, toolName, toolInput),
    detached: true,
  });
  return answerOf(client, run.code, run.stdout, run.stderr);
}

/** The client's own run of its hook: the command its settings name, through /bin/sh, for an `rm -rf`. */
async function rmRfAnswer(w: World, client: Client, environment: NodeJS.ProcessEnv = env(w)): Promise<Answer> {
  const text = await readFile(w.settings[client], 'utf8').catch(() => '{}');
  const command = /"command":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  if (command === undefined) return { denied: false, reason: 'no bridge in the settings' };
  const shell = client === 'gemini' ? 'run_shell_command' : 'Bash';
  const run = spawnSync('/bin/sh', ['-c', JSON.parse(`"${command}"`) as string], {
    cwd: w.project,
    env: environment,
    input: stdinOf(w, client, shell, { command: 'rm -rf /' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return answerOf(client, run.status, run.stdout, run.stderr);
}

/** How each client writes `content` to `path` with its own file tool. */
function writeCall(client: Client, path: string, content: string): [string, object] {
  if (client === 'claude') return ['Write', { file_path: path, content }];
  if (client === 'gemini') return ['write_file', { file_path: path, content }];
  const lines = content.split('\n').map((line) => `+${line}`);
  return [
    'apply_patch',
    { command: ['*** Begin Patch', `*** Add File: ${path}`, ...lines, '*** End Patch'].join('\n') },
  ];
}

/**
 * The write the client would have made: a link is replaced, never written through (the agent's
 * shell replaces `node_modules/.bin/cosh`; writing through it would change this worktree's build).
 */
async function performWrite(path: string, content: string): Promise<void> {
  await rm(path, { force: true });
  await writeFile(path, content, { mode: 0o755 });
}

const SETTINGS_WHAT: Readonly<Record<Client, string>> = {
  claude: "Claude Code's settings",
  codex: "Codex's hooks",
  gemini: "Gemini CLI's settings",
};

const CLIENTS = ['claude', 'codex', 'gemini'] as const;

describe.each(CLIENTS)('the %s bridge refuses writes of Cosh’s own files (B8, B13)', (client) => {
  const targets: [string, (w: World) => string, string, string][] = [
    ['the trust store', (w) => w.trustStore, '{"hooks":{}}', 'the trust store'],
    ['a guard script', (w) => w.guard, '#!/bin/sh\nexit 0', 'a hook script'],
    ['setup.json', (w) => w.setup, '{"hooks":{}}', 'a setup.json'],
    ["the client's settings file", (w) => w.settings[client], '{"hooks":{}}', SETTINGS_WHAT[client]],
    ['the node_modules/.bin/cosh link the settings name', (w) => w.link, '#!/bin/sh\necho "{}"', "Cosh's"],
  ];

  it.each(targets)(
    `B8: %s: denied before any hook runs, and the guard still denies rm -rf`,
    async (_name, pathOf, content, what) => {
      const w = await world();
      const path = pathOf(w);
      const [toolName, toolInput] = writeCall(client, path, content);
      const answer = await bridge(w, client, toolName, toolInput);
      if (!answer.denied) await performWrite(path, content);
      expect(answer.denied).toBe(true);
      expect(answer.reason).toContain(`cosh: ${path} is one of Cosh's own files (`);
      expect(answer.reason).toContain(what);
      expect((await rmRfAnswer(w, client)).denied).toBe(true);
    },
  );

  it("B13: Cosh's own bin/cosh.js (its installation) is refused; nothing is written", async () => {
    const w = await world();
    const entry = realpathSync(coshBin);
    const [toolName, toolInput] = writeCall(client, entry, 'process.exit(0)');
    const answer = await bridge(w, client, toolName, toolInput);
    // Never written by this test, even when not denied: it is the worktree's own file. The link
    // the settings name resolves to it, so it is Cosh's entry point as well as its installation.
    expect(answer.denied).toBe(true);
    expect(answer.reason).toMatch(
      new RegExp(
        `^cosh: ${entry.replaceAll('.', '[.]')} is one of Cosh's own files \\(Cosh's (installation|entry point, named in a client's settings)\\)$`,
      ),
    );
  });

  it('B8: a write elsewhere in the project is not refused by the bridge (the hooks decide)', async () => {
    const w = await world();
    const [toolName, toolInput] = writeCall(client, join(w.project, 'notes.txt'), 'hello');
    expect((await bridge(w, client, toolName, toolInput)).denied).toBe(false);
  });
});

describe('the Codex bridge reads apply_patch as Codex does (B8)', () => {
  const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

  it('B8: a hunk header with a leading space still names the file: denied, the guard still denies rm -rf', async () => {
    const w = await world();
    const text = patch(` *** Update File: ${w.setup}`, '@@', '-{', '+{"hooks":{}}');
    const answer = await bridge(w, 'codex', 'apply_patch', { command: text });
    if (!answer.denied) await performWrite(w.setup, '{"hooks":{}}');
    expect(answer).toEqual({ denied: true, reason: `cosh: ${w.setup} is one of Cosh's own files (a setup.json)` });
    expect((await rmRfAnswer(w, 'codex')).denied).toBe(true);
  });

  it('B8: *** Move to: onto the trust store is denied', async () => {
    const w = await world();
    await writeFile(join(w.project, 'mine.json'), '{"hooks":{}}\n');
    const text = patch('*** Update File: mine.json', `*** Move to: ${w.trustStore}`, '@@', ' {"hooks":{}}');
    const answer = await bridge(w, 'codex', 'apply_patch', { command: text });
    if (!answer.denied) await performWrite(w.trustStore, '{"hooks":{}}\n');
    expect(answer).toEqual({
      denied: true,
      reason: `cosh: ${w.trustStore} is one of Cosh's own files (the trust store)`,
    });
    expect((await rmRfAnswer(w, 'codex')).denied).toBe(true);
  });

  it("B8: apply_patch <<'EOF' through Codex's shell tool (also after cd) is denied", async () => {
    const w = await world();
    const body = patch('*** Add File: guard.sh', '+#!/bin/sh', '+exit 0');
    for (const command of [
      `apply_patch <<'EOF'\n${patch(`*** Add File: ${w.guard}`, '+exit 0')}\nEOF\n`,
      `cd '${join(w.home, '.config', 'cosh')}' && apply_patch <<'EOF'\n${body}\nEOF\n`,
    ]) {
      const answer = await bridge(w, 'codex', 'Bash', { command });
      if (!answer.denied) await performWrite(w.guard, '#!/bin/sh\nexit 0\n');
      expect(answer).toEqual({ denied: true, reason: `cosh: ${w.guard} is one of Cosh's own files (a hook script)` });
    }
    expect((await rmRfAnswer(w, 'codex')).denied).toBe(true);
  });
});

/** The trust store with the user file's record made the attack's: its snapshot `{"hooks":{}}`, its hash another file's. */
function emptiedTrust(text: string, setup: string): string {
  const store = JSON.parse(text) as unknown;
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record['path'] === setup && typeof record['snapshot'] === 'string') {
      record['snapshot'] = '{"hooks":{}}';
      record['sha256'] = '0'.repeat(64);
    }
    for (const each of Object.values(record)) visit(each);
  };
  visit(store);
  return `${JSON.stringify(store)}\n`;
}

describe.each(CLIENTS)('the %s bridge with trust checked (B8, S5)', (client) => {
  it('B8: the write of a trust store whose record holds an empty snapshot is denied; the trusted guard still denies rm -rf', async () => {
    const w = await world();
    const person = new TerminalSession(coshCommandLine(['hooks', 'trust', '--yes']), {
      cwd: w.project,
      env: { HOME: w.home },
    });
    expect((await person.exited).exitCode).toBe(0);
    const trusted = { PATH: process.env['PATH'], HOME: w.home };
    expect((await rmRfAnswer(w, client, trusted)).denied).toBe(true);
    const attack = emptiedTrust(await readFile(w.trustStore, 'utf8'), w.setup);
    expect(attack).toContain('{\\"hooks\\":{}}');
    const [toolName, toolInput] = writeCall(client, w.trustStore, attack.trimEnd());
    const answer = await bridge(w, client, toolName, toolInput, trusted);
    if (!answer.denied) await performWrite(w.trustStore, attack);
    expect(answer).toEqual({
      denied: true,
      reason: `cosh: ${w.trustStore} is one of Cosh's own files (the trust store)`,
    });
    expect((await rmRfAnswer(w, client, trusted)).denied).toBe(true);
  });
});

describe('cosh connect from a project-local install (B13)', () => {
  it('B13: writes the real path of the installed bin/cosh.js, never the node_modules/.bin link', async () => {
    const w = await world();
    const run = await runNode(w.link, ['connect', 'claude'], { cwd: w.home, env: env(w), detached: true });
    expect(run.code).toBe(0);
    const text = await readFile(join(w.home, '.claude', 'settings.json'), 'utf8');
    expect(text).toContain(`"command": "${realpathSync(coshBin)} claude-hook ||`);
    expect(text).not.toContain('node_modules');
  });
});

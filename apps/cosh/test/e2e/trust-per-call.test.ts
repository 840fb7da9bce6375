// SPEC S5 per call and S4's review, end to end through the built `cosh`: a session serving many
// calls checks its hooks' scripts before every call (a guard rewritten between two calls denies
// the second), and `cosh hooks trust` in a real terminal shows a new script in full and a changed
// one as a diff. No COSH_TRUST: trust is what these tests check; the person's commands run in a
// pseudo-terminal (node-pty), the agent's without a controlling terminal.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { startMcpSession } from '../__fixtures__/mcp-session.ts';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-trust-per-call-e2e-');

let root: string;
let home: string;
let userDir: string;
let guard: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
});

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  userDir = join(home, '.config', 'cosh');
  guard = join(userDir, 'guard.sh');
  await mkdir(userDir, { recursive: true });
  await writeFile(join(root, 'notes.txt'), 'hello');
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

/** A person at a terminal runs `cosh …args`. */
function person(args: readonly string[]): TerminalSession {
  const session = new TerminalSession(coshCommandLine(args), {
    cwd: root,
    env: { HOME: home },
    columns: 200,
    rows: 60,
  });
  sessions.push(session);
  return session;
}

/** The user file: one guard on fs_read in both events, running guard.sh beside it. */
async function guardSetup(script: string): Promise<void> {
  await writeFile(guard, script);
  await chmod(guard, 0o755);
  const entry = { name: 'guard', matcher: '^fs_read$', command: '"$COSH_CONFIG_DIR/guard.sh"' };
  await writeFile(
    join(userDir, 'setup.json'),
    JSON.stringify({ hooks: { PreToolUse: [entry], PostToolUse: [entry] } }),
  );
}

type Answer = Record<string, unknown> & { id: unknown; status: string; output: string };

/** `cosh session` as an agent host drives it: no controlling terminal, trust checked, line by line. */
function drive() {
  const child = spawn(process.execPath, [coshBin, 'session'], {
    cwd: root,
    env: { PATH: process.env['PATH'], HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    async ask(id: number, tool: string, input: object): Promise<Answer> {
      child.stdin.write(`${JSON.stringify({ id, tool_name: tool, tool_input: input })}\n`);
      const line = await lines.next();
      if (line.done === true) throw new Error(`the session ended; stderr:\n${stderr}`);
      return JSON.parse(line.value as string) as Answer;
    },
    async first(): Promise<Answer> {
      const line = await lines.next();
      if (line.done === true) throw new Error(`the session ended; stderr:\n${stderr}`);
      return JSON.parse(line.value as string) as Answer;
    },
    async end(): Promise<number | null> {
      child.stdin.end();
      return await exited;
    },
    stderr: () => stderr,
  };
}

describe('S5: scripts checked before every call in a long-running host', () => {
  it('S5: a session whose guard script is rewritten between two calls denies the second with the S5 reason; the new script never runs', async () => {
    await guardSetup("#!/bin/sh\necho 'guard says no' >&2\nexit 2\n");
    const trust = person(['hooks', 'trust', '--yes']);
    expect((await trust.exited).exitCode).toBe(0);

    const session = drive();
    expect((await session.first())['type']).toBe('session');
    const first = await session.ask(1, 'fs_read', { path: 'notes.txt' });
    expect([first.status, first.output]).toEqual(['blocked', 'Blocked by hook: guard says no']);

    // The agent rewrites the guard while the session runs.
    const marker = join(root, 'ran');
    await writeFile(guard, `#!/bin/sh\ntouch '${marker}'; exit 0\n`);
    const reason = `hook 'guard': script ${guard} changed since it was trusted (run cosh hooks trust)`;
    const second = await session.ask(2, 'fs_read', { path: 'notes.txt' });
    expect([second.status, second.output]).toEqual(['blocked', `Blocked by hook: ${reason}`]);
    expect(existsSync(marker)).toBe(false);
    expect(await session.end()).toBe(0);
  }, 60_000);
});

describe('S5: the same check in cosh mcp serve', () => {
  it('S5: mcp serve denies the call after its guard script is rewritten, with the S5 reason', async () => {
    await guardSetup("#!/bin/sh\necho 'guard says no' >&2\nexit 2\n");
    const trust = person(['hooks', 'trust', '--yes']);
    expect((await trust.exited).exitCode).toBe(0);
    // An empty COSH_TRUST is ignored: trust is checked (the fixture sets COSH_TRUST=all otherwise).
    const session = await startMcpSession(process.execPath, [coshBin, 'mcp', 'serve'], {
      cwd: root,
      env: { HOME: home, COSH_TRUST: '' },
    });
    try {
      const text = (result: Awaited<ReturnType<typeof session.call>>) =>
        (result.content as { type: string; text: string }[]).map((part) => part.text).join('');
      const first = await session.call('fs_read', { path: 'notes.txt' });
      expect(first.isError).toBe(true);
      expect(text(first)).toContain('guard says no');
      await writeFile(guard, '#!/bin/sh\nexit 0\n');
      const second = await session.call('fs_read', { path: 'notes.txt' });
      expect(second.isError).toBe(true);
      expect(text(second)).toContain(
        `hook 'guard': script ${guard} changed since it was trusted (run cosh hooks trust)`,
      );
    } finally {
      await session.close();
    }
  }, 60_000);
});

describe('S4: the review shows every script the y/N covers', () => {
  it('S4: hooks trust shows a new script in full, then a changed script as a line diff against its trusted text', async () => {
    await guardSetup("#!/bin/sh\necho 'first version'\nexit 2\n");
    const review = person(['hooks', 'trust']);
    await review.waitFor('[y/N]');
    expect(review.screen()).toContain(`script added: ${guard}`);
    expect(review.screen()).toMatch(/^ {4}\+echo 'first version'$/m);
    expect(review.screen()).toMatch(/^ {4}\+exit 2$/m);
    review.press('y\r');
    expect((await review.exited).exitCode).toBe(0);

    await writeFile(guard, "#!/bin/sh\necho 'first version'\nexit 0\n");
    const again = person(['hooks', 'trust']);
    await again.waitFor('[y/N]');
    expect(again.screen()).toContain(`script changed: ${guard}`);
    expect(again.screen()).toMatch(/^ {4}-exit 2$/m);
    expect(again.screen()).toMatch(/^ {4}\+exit 0$/m);
    expect(again.screen()).toMatch(/^ {5}echo 'first version'$/m);
    again.press('n\r');
    expect((await again.exited).exitCode).toBe(1);
  }, 60_000);
});

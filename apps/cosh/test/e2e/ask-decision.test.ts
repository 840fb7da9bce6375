// K7 end to end: a hook's `ask` through the built `cosh` in every host. Never approved silently:
// a person confirms it at a terminal, or the call is refused with the hooks' reasons.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders, TRUST_ALL_ENV } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';
import { startMcpSession } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-ask-');

beforeAll(async () => {
  await assertBuilt();
});

/** A folder with notes.txt and a setup.json whose hooks allow everything, then ask about fs_read and bash_run. */
async function askingProject() {
  const folder = makeFolder();
  await writeFile(join(folder, 'notes.txt'), 'hello');
  const config = join(folder, 'setup.json');
  await writeFile(
    config,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { name: 'allow all', command: `echo '{"decision": "allow"}'` },
          {
            name: 'asker',
            matcher: '^(fs_read|bash_run)$',
            command: `echo '{"decision": "ask", "reason": "check this first", "context": "asked by policy"}'`,
          },
        ],
      },
    }),
  );
  return { folder, config };
}

const refusal = 'Permission denied: fs_read (a hook asked for confirmation: check this first)';

describe('K7: the ask decision through the hosts', () => {
  it('K7/X: hooks run --json reports "decision": "ask" with the asking hooks\' reasons', async () => {
    const { folder, config } = await askingProject();
    const run = await runCosh(
      [
        'hooks',
        'run',
        'PreToolUse',
        '--tool',
        'fs_read',
        '--input',
        '{"path": "notes.txt"}',
        '--config',
        config,
        '--json',
      ],
      { cwd: folder },
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      decision: 'ask',
      halt: false,
      reasons: ['check this first'],
      context: 'asked by policy',
    });
    expect((result['hooks'] as { outcome: string }[]).map((hook) => hook.outcome)).toEqual(['allow', 'ask']);
  });

  it('K7: exec --permission allow cannot confirm an asked call: refused (exit 2), even for fs_read which needs no permission', async () => {
    const { folder, config } = await askingProject();
    const run = await runCosh(
      ['exec', 'fs_read', '--input', '{"path": "notes.txt"}', '--config', config, '--permission', 'allow'],
      {
        cwd: folder,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`${refusal}\nasked by policy\n`);
  });

  it('K7: exec without a terminal refuses an asked call and says a person must confirm it', async () => {
    const { folder, config } = await askingProject();
    const run = await runCosh(['exec', 'fs_read', '--input', '{"path": "notes.txt"}', '--config', config], {
      cwd: folder,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`${refusal}\nasked by policy\n`);
    expect(run.stderr).toContain('a hook asked for confirmation');
  });

  it('K7: a session cannot prompt, so an asked call is refused', async () => {
    const { folder, config } = await askingProject();
    const input = `${JSON.stringify({ id: 1, tool_name: 'fs_read', tool_input: { path: 'notes.txt' } })}\n`;
    const run = await runCosh(['session', '--config', config, '--permission', 'allow'], { cwd: folder, input });
    expect(run.code).toBe(0);
    // The session's first line describes it; the call's answer is the last.
    const answer = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
    expect(answer).toMatchObject({
      id: 1,
      status: 'blocked',
      blocked_by: 'permission',
      output: `${refusal}\nasked by policy`,
    });
  });

  it('K7: MCP serve refuses an asked call (no prompt in MCP) as a tool error', async () => {
    const { folder, config } = await askingProject();
    const session = await startMcpSession(process.execPath, [coshBin, 'mcp', 'serve', '--config', config], {
      cwd: folder,
    });
    try {
      const result = await session.call('fs_read', { path: 'notes.txt' });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: `${refusal}\nasked by policy` }]);
      // A tool no hook asked about runs as before.
      const grep = await session.call('find_grep', { pattern: 'hello' });
      expect(grep.isError).not.toBe(true);
    } finally {
      await session.close();
    }
  });
});

const hasPythonPty = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;
const onTerminal = fileURLToPath(new URL('../__fixtures__/exec-on-terminal.py', import.meta.url));

describe.skipIf(!hasPythonPty)('K7 on a terminal: the forced prompt', () => {
  function execOnTerminal(folder: string, config: string, answer: string, ...args: string[]) {
    const run = spawnSync(
      'python3',
      [onTerminal, answer, process.execPath, coshBin, 'exec', ...args, '--config', config],
      {
        cwd: folder,
        // The file is used as it is (SPEC S4): this test is about the prompt, not trust.
        env: { PATH: process.env['PATH'], HOME: folder, TERM: 'dumb', ...TRUST_ALL_ENV },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    return { status: run.status, screen: run.stdout };
  }

  it('K7: fs_read (no permission needed) is prompted anyway, the prompt shows the reasons, and y runs it', async () => {
    const { folder, config } = await askingProject();
    const { status, screen } = execOnTerminal(folder, config, 'y\r', 'fs_read', '--input', '{"path": "notes.txt"}');
    expect(screen).toContain('fs_read wants to read notes.txt');
    expect(screen).toContain('A hook asked for confirmation:');
    expect(screen).toContain('  - check this first');
    expect(status).toBe(0);
    expect(screen).toContain('hello');
  });

  it("K7: n refuses with the hooks' reasons, and the command never runs", async () => {
    const { folder, config } = await askingProject();
    const { status, screen } = execOnTerminal(folder, config, 'n\r', 'bash_run', '--input', '{"command": "touch ran"}');
    expect(status).toBe(2);
    expect(screen).toContain('Permission denied: bash_run (a hook asked for confirmation: check this first)');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
  });
});

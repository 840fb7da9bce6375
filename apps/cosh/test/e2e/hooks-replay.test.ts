// SPEC X `cosh hooks replay` end to end: a Claude Code transcript recorded by the real Claude Code
// (test/clients/claude-code-replay.test.ts keeps it as a fixture), a --history file written by
// the built `cosh exec`, and bad files, through the built binary.
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-replay-e2e-');
/** Claude Code 2.1's transcript of two Bash calls: `rm -rf victim` (denied by a Cosh guard), `echo replay-ran` (ran). */
const transcript = fileURLToPath(new URL('../__fixtures__/claude-transcript.jsonl', import.meta.url));

beforeAll(async () => {
  await assertBuilt();
});

function setup(folder: string, hooks: object): string {
  const file = join(folder, 'setup.json');
  writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: hooks } }));
  return file;
}

const DENY_RM = { matcher: '^bash_run$', command: `grep -q 'rm -r' && { echo 'no rm' >&2; exit 2; }; exit 0` };
const DENY_ECHO = { matcher: '^bash_run$', command: `grep -q echo && { echo 'no echo' >&2; exit 2; }; exit 0` };

describe('X hooks replay', () => {
  it('X/K3: a recorded Claude Code transcript: unchanged guards exit 0; a changed guard lists both calls and exits 1', async () => {
    const folder = makeFolder();
    const same = await runCosh(['hooks', 'replay', transcript, '--config', setup(folder, [DENY_RM]), '--no-project'], {
      cwd: folder,
    });
    expect(same.stdout).toBe('2 calls replayed from a Claude Code transcript: 0 changed (0 now blocked, 0 now run)\n');
    expect(same.code).toBe(0);
    const changed = await runCosh(
      ['hooks', 'replay', transcript, '--config', setup(folder, [DENY_ECHO]), '--no-project'],
      { cwd: folder },
    );
    expect(changed.stdout).toBe(
      '- blocked → none  bash_run  rm -rf victim\n- ran → deny  bash_run  echo replay-ran\n2 calls replayed from a Claude Code transcript: 2 changed (1 now blocked, 1 now run)\n',
    );
    expect(changed.code).toBe(1);
    const json = await runCosh(['hooks', 'replay', transcript, '--config', join(folder, 'setup.json'), '--json'], {
      cwd: folder,
    });
    const parsed = JSON.parse(json.stdout) as { source: string; changed: number; calls: Record<string, unknown>[] };
    expect(parsed).toMatchObject({ source: 'transcript', replayed: 2, changed: 2 });
    expect(parsed.calls[1]).toMatchObject({
      tool_name: 'bash_run',
      agent_tool_name: 'Bash',
      input: 'echo replay-ran',
      recorded: 'ran',
      now: 'blocked',
      decision: 'deny',
      reasons: ['no echo'],
      changed: true,
    });
  });

  it('X: a --history file written by cosh exec: the recorded deny now allowed is listed', async () => {
    const folder = makeFolder();
    const history = join(folder, 'calls.jsonl');
    const guard = setup(folder, [DENY_RM]);
    for (const command of ['rm -rf build', 'echo hi']) {
      await runCosh(
        [
          'exec',
          'bash_run',
          '--input',
          JSON.stringify({ command }),
          '--permission',
          'allow',
          '--config',
          guard,
          '--history',
          history,
        ],
        { cwd: folder, env: { COSH_SANDBOX: 'off' } },
      );
    }
    expect(readFileSync(history, 'utf8').trimEnd().split('\n')).toHaveLength(2);
    const replay = await runCosh(['hooks', 'replay', history, '--config', setup(folder, []), '--no-project'], {
      cwd: folder,
    });
    expect(replay.stdout).toBe(
      '- deny → none  bash_run  rm -rf build\n2 calls replayed from a --history file: 1 changed (0 now blocked, 1 now run)\n',
    );
    expect(replay.code).toBe(1);
  });

  it('X: a transcript with a line that is not JSON, an older history line, a FIFO, a link to /dev/zero: a message naming it (64), never a hang', async () => {
    const folder = makeFolder();
    const broken = join(folder, 'broken.jsonl');
    const lines = readFileSync(transcript, 'utf8').split('\n');
    lines.splice(5, 0, '{"type": "assistant", "mess');
    writeFileSync(broken, lines.join('\n'));
    const run = await runCosh(['hooks', 'replay', broken], { cwd: folder });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain(`${broken}:6: line 6 is not JSON`);
    const old = join(folder, 'old.jsonl');
    writeFileSync(old, `${JSON.stringify({ timestamp: 't', tool_name: 'bash_run', status: 'ok', output: '' })}\n`);
    const older = await runCosh(['hooks', 'replay', old], { cwd: folder });
    expect(older.code).toBe(64);
    expect(older.stderr).toContain(`${old}:1: line 1: a --history line of an older version of cosh`);
    const fifo = join(folder, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const piped = await runCosh(['hooks', 'replay', fifo], { cwd: folder, timeoutMs: 20_000 });
    expect(piped.code).toBe(64);
    expect(piped.stderr).toContain('this is a FIFO (named pipe), not a file of recorded calls');
    // A link to a device that never ends: refused before a byte is read.
    const zero = join(folder, 'zero.jsonl');
    symlinkSync('/dev/zero', zero);
    const endless = await runCosh(['hooks', 'replay', zero], { cwd: folder, timeoutMs: 20_000 });
    expect(endless.code).toBe(64);
    expect(endless.stderr).toContain('this is a device, not a file of recorded calls');
  });
});

// SPEC J1, J2, J4 end to end: the built `cosh` writes the decision journal from its hosts and
// bridges, and `cosh journal verify|stats` read it back, bad files included.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-journal-e2e-');

beforeAll(async () => {
  await assertBuilt();
});

const GUARD = {
  name: 'no rm',
  matcher: 'bash_run',
  command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0`,
};

/** A home folder whose user setup.json sets the journal (and the guard). */
function homeWithJournal(journal: Record<string, unknown> = {}): { home: string; journal: string } {
  const home = makeFolder();
  const file = join(home, 'journal.jsonl');
  mkdirSync(join(home, '.config', 'cosh'), { recursive: true });
  writeFileSync(
    join(home, '.config', 'cosh', 'setup.json'),
    JSON.stringify({ journal: { file, ...journal }, hooks: { PreToolUse: [GUARD] } }),
  );
  return { home, journal: file };
}

function lines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('J1 every host and bridge journals', () => {
  it('J1: claude-hook (agent claude, Claude name kept), hooks run and exec each append one chained line', async () => {
    const { home, journal } = homeWithJournal();
    // F2: a shell word is a path when it holds a `/` or names an entry of the folder.
    mkdirSync(join(home, 'build'));
    const claude = await runCosh(['claude-hook'], {
      cwd: home,
      input: JSON.stringify({
        session_id: 'claude-session',
        transcript_path: '',
        cwd: home,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf build' },
      }),
    });
    expect(claude.code).toBe(0);
    expect(claude.stdout).toContain('"permissionDecision":"deny"');
    const run = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "ls"}'], {
      cwd: home,
    });
    expect(run.code).toBe(0);
    const exec = await runCosh(['exec', 'fs_read', '--input', JSON.stringify({ path: journal })], {
      cwd: home,
      env: { COSH_SANDBOX: 'off' },
    });
    expect(exec.code).toBe(0);
    const written = lines(journal);
    expect(
      written.map((line) => [line['agent'], line['event'], line['tool_name'], line['decision'], line['seq']]),
    ).toEqual([
      ['claude', 'PreToolUse', 'bash_run', 'deny', 1],
      ['cosh', 'PreToolUse', 'bash_run', 'none', 2],
      ['cosh', 'PreToolUse', 'fs_read', 'none', 3],
      ['cosh', 'PostToolUse', 'fs_read', 'none', 4],
    ]);
    expect(written[0]).toMatchObject({ session_id: 'claude-session', agent_tool_name: 'Bash' });
    expect(written[1]).not.toHaveProperty('agent_tool_name');
    // F3: each line's paths are what its call touches, absolute, though no hook here has `paths`.
    expect(written[0]?.['paths']).toEqual([join(realpathSync(home), 'build')]);
    expect(written[2]?.['paths']).toEqual([realpathSync(journal)]);
    const verify = await runCosh(['journal', 'verify'], { cwd: home });
    expect(verify.stdout).toContain('4 lines, the chain holds');
    expect(verify.code).toBe(0);
  });

  it('J1: --journal on hooks run writes there; a project file setting journal is a C6 error (78)', async () => {
    const folder = makeFolder();
    const run = await runCosh(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--journal', 'calls.jsonl', '--input', '{"command":"ls"}'],
      { cwd: folder },
    );
    expect(run.code).toBe(0);
    expect(lines(join(folder, 'calls.jsonl'))).toHaveLength(1);
    mkdirSync(join(folder, '.cosh'));
    mkdirSync(join(folder, '.git'));
    writeFileSync(join(folder, '.cosh', 'setup.json'), '{"journal": {"file": "/tmp/elsewhere.jsonl"}}');
    const refused = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run'], { cwd: folder });
    expect(refused.code).toBe(78);
    expect(refused.stderr).toContain('"journal" cannot be set in a project file');
  });

  it('J4: a journal in a missing folder is a warning on every load; the verdict stands', async () => {
    const home = makeFolder();
    mkdirSync(join(home, '.config', 'cosh'), { recursive: true });
    writeFileSync(
      join(home, '.config', 'cosh', 'setup.json'),
      JSON.stringify({ journal: { file: join(home, 'missing', 'journal.jsonl') }, hooks: { PreToolUse: [GUARD] } }),
    );
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const run = await runCosh(
        ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "rm -rf /"}', '--json'],
        { cwd: home },
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny' });
      expect(run.stderr).toContain('does not exist); calls are not journaled');
    }
    const bridge = await runCosh(['claude-hook'], {
      cwd: home,
      input: JSON.stringify({
        session_id: 's',
        cwd: home,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
      }),
    });
    const answer = JSON.parse(bridge.stdout) as {
      systemMessage?: string;
      hookSpecificOutput: { permissionDecision: string };
    };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.systemMessage).toContain('calls are not journaled');
  });

  it('J4: a read-only journal file is a warning, never a failed call', async () => {
    if (process.getuid?.() === 0) return;
    const { home, journal } = homeWithJournal();
    writeFileSync(journal, '');
    chmodSync(journal, 0o400);
    const run = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "ls"}'], {
      cwd: home,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('is read-only');
  });
});

describe('J2 the journal is protected (B2, B8)', () => {
  it("J2/B8: a client's Write of the journal is refused by the bridge before any hook runs", async () => {
    const { home, journal } = homeWithJournal();
    writeFileSync(journal, '');
    const write = await runCosh(['claude-hook'], {
      cwd: home,
      input: JSON.stringify({
        session_id: 's',
        cwd: home,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_input: { file_path: journal, content: '' },
      }),
    });
    expect(write.code).toBe(0);
    expect(JSON.parse(write.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(readFileSync(journal, 'utf8')).toBe('');
  });
});

describe('J2 journal verify and stats', () => {
  async function journalOf(count: number): Promise<{ home: string; journal: string }> {
    const made = homeWithJournal();
    for (let index = 0; index < count; index += 1) {
      const command = index % 2 === 0 ? 'ls' : 'rm -rf build';
      const run = await runCosh(
        ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', JSON.stringify({ command })],
        {
          cwd: made.home,
        },
      );
      expect(run.code).toBe(0);
    }
    return made;
  }

  it('J2: verify names the first line that does not follow after a middle line is edited or removed', async () => {
    const { home, journal } = await journalOf(5);
    const original = readFileSync(journal, 'utf8');
    const rows = original.trimEnd().split('\n');
    writeFileSync(
      journal,
      `${rows.map((row, index) => (index === 2 ? row.replace('"decision":"none"', '"decision":"allow"') : row)).join('\n')}\n`,
    );
    const edited = await runCosh(['journal', 'verify', journal], { cwd: home });
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain(`${journal}:4: line 4 does not follow`);
    writeFileSync(journal, `${rows.filter((_, index) => index !== 2).join('\n')}\n`);
    const removed = await runCosh(['journal', 'verify', journal, '--json'], { cwd: home });
    expect(removed.code).toBe(1);
    expect(JSON.parse(removed.stdout)).toMatchObject({ ok: false, line: 3 });
    writeFileSync(journal, original.slice(0, -20));
    const cut = await runCosh(['journal', 'verify', journal], { cwd: home });
    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain(':5: line 5 does not follow: it is cut short');
  });

  it('J2: stats gives per hook its count, outcomes and p50/p90', async () => {
    const { home } = await journalOf(4);
    const stats = await runCosh(['journal', 'stats', '--json'], { cwd: home });
    expect(stats.code).toBe(0);
    const parsed = JSON.parse(stats.stdout) as {
      lines: number;
      hooks: { name: string; count: number; outcomes: object; p50_ms: number; p90_ms: number }[];
    };
    expect(parsed.lines).toBe(4);
    expect(parsed.hooks).toHaveLength(1);
    expect(parsed.hooks[0]).toMatchObject({ name: 'no rm', count: 4, outcomes: { none: 2, deny: 2 } });
    expect(parsed.hooks[0]?.p90_ms).toBeGreaterThanOrEqual(parsed.hooks[0]?.p50_ms ?? 0);
    const text = await runCosh(['journal', 'stats'], { cwd: home });
    expect(text.stdout).toMatch(/no rm \(user\): 4 runs; (none 2, deny 2|deny 2, none 2); p50 \d+ ms, p90 \d+ ms/);
  });

  it('J2: a FIFO, a link to /dev/zero, a missing file and a line that is not JSON are clear messages, never a hang', async () => {
    const folder = makeFolder();
    const fifo = join(folder, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const zero = join(folder, 'zero.jsonl');
    symlinkSync('/dev/zero', zero);
    for (const [file, message] of [
      [fifo, 'this is a FIFO (named pipe), not a journal'],
      [zero, 'this is a device, not a journal'],
      [join(folder, 'none.jsonl'), 'cannot be read: no such file'],
    ] as const) {
      for (const command of ['verify', 'stats']) {
        const run = await runCosh(['journal', command, file], { cwd: folder, timeoutMs: 20_000 });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(message);
      }
    }
    const garbage = join(folder, 'garbage.jsonl');
    writeFileSync(garbage, '{"hooks": []}\nnot json\n');
    const stats = await runCosh(['journal', 'stats', garbage], { cwd: folder });
    expect(stats.code).toBe(1);
    expect(stats.stderr).toContain(`${garbage}:2: line 2 is not JSON`);
    const verify = await runCosh(['journal', 'verify', garbage], { cwd: folder });
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(':1: line 1 does not follow');
  });

  it('J2: without a file and without a journal in setup.json: a usage error (64)', async () => {
    const folder = makeFolder();
    const run = await runCosh(['journal', 'verify'], { cwd: folder });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('no journal file');
  });
});

// SPEC J4 end to end: a bridge's answer waits for its journal line, so the wait for the journal's
// lock is bounded. A lock held by another live process drops the line with a warning (stderr
// and systemMessage) within a few seconds; the guard's verdict stands.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-journal-bound-e2e-');
const holders: { kill(): boolean }[] = [];

beforeAll(async () => {
  await assertBuilt();
});

afterEach(() => {
  for (const holder of holders.splice(0)) holder.kill();
});

const GUARD = {
  name: 'no rm',
  matcher: 'bash_run',
  command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0`,
};

/**
 * A home whose setup.json journals to `journal.jsonl` with `hooks`, and whose journal lock another
 * live process holds (as @cosh/config's lock file says: pid, host, nonce) and never lets go.
 */
function homeWithHeldJournalLock(hooks: Record<string, unknown>): { home: string; journal: string } {
  const home = makeFolder();
  const journal = join(home, 'journal.jsonl');
  mkdirSync(join(home, '.config', 'cosh'), { recursive: true });
  writeFileSync(join(home, '.config', 'cosh', 'setup.json'), JSON.stringify({ journal: { file: journal }, hooks }));
  const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
  holders.push(holder);
  writeFileSync(join(home, '.journal.jsonl.lock'), `${holder.pid}\n${hostname()}\nheld-by-test\n`);
  return { home, journal };
}

describe('J4 a bridge never waits long for the journal', () => {
  it('J4: a journal lock held by another live process: claude-hook answers within a few seconds, the line dropped with a warning', async () => {
    const { home, journal } = homeWithHeldJournalLock({ PreToolUse: [GUARD] });
    const started = Date.now();
    const bridge = await runCosh(['claude-hook'], {
      cwd: home,
      input: JSON.stringify({
        session_id: 's',
        cwd: home,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf build' },
      }),
    });
    const elapsed = Date.now() - started;
    expect(bridge.code).toBe(0);
    const answer = JSON.parse(bridge.stdout) as {
      systemMessage?: string;
      hookSpecificOutput: { permissionDecision: string };
    };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.systemMessage).toContain('the line is dropped');
    expect(bridge.stderr).toContain('the line is dropped');
    // 2 s of lock wait plus a process start; generous for a busy machine, far below the old 600 s.
    expect(elapsed).toBeLessThan(10_000);
    expect(existsSync(journal) ? readFileSync(journal, 'utf8') : '').toBe('');
  });

  it('J4: gemini-hook too: a held journal lock costs about 2 s, the line dropped with a warning; the deny stands', async () => {
    const { home, journal } = homeWithHeldJournalLock({ PreToolUse: [GUARD] });
    const started = Date.now();
    const bridge = await runCosh(['gemini-hook'], {
      cwd: home,
      input: JSON.stringify({
        session_id: 'g',
        cwd: home,
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command: 'rm -rf build' },
      }),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    // Gemini's deny: exit 2 with the reason on stderr, where the journal's warning is too.
    expect(bridge.code).toBe(2);
    expect(bridge.stderr).toContain('rm -rf is not allowed');
    expect(bridge.stderr).toContain('the line is dropped');
    expect(existsSync(journal) ? readFileSync(journal, 'utf8') : '').toBe('');
  });

  it('J4: a session event too: a held journal lock costs a prompt about 2 s, the line dropped with a warning', async () => {
    const { home, journal } = homeWithHeldJournalLock({
      UserPromptSubmit: [{ name: 'context', command: 'echo "the build is red"' }],
    });
    const started = Date.now();
    const bridge = await runCosh(['claude-hook'], {
      cwd: home,
      input: JSON.stringify({ session_id: 's', cwd: home, hook_event_name: 'UserPromptSubmit', prompt: 'fix it' }),
    });
    // Without the bound, the line waited 15 s for the holder before it was dropped.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(bridge.code).toBe(0);
    expect(bridge.stdout).toContain('the build is red');
    expect(bridge.stderr).toContain('the line is dropped');
    expect(existsSync(journal) ? readFileSync(journal, 'utf8') : '').toBe('');
  });
});

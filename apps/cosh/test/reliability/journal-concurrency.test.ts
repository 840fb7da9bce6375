// SPEC J2 under contention (issue 39): 1,000 `cosh claude-hook` processes append to one journal,
// all started at once; every call leaves exactly one whole line and the lines form one valid
// chain (seq 1..1000, each prev the SHA-256 of the line before). J4 holds meanwhile: no bridge
// gives up on the lock (its bounds drop a line only for a holder that makes no progress, or
// after 30 s in all), and none answers with a journal warning.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkJournalChain } from '@cosh/hooks';
import { temporaryFolders, TRUST_ALL_ENV } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-journal-load-');
/** 1,000 (issue 39); `COSH_JOURNAL_LOAD_CALLS` runs a smaller variant on a shared machine. */
const CALLS = Number(process.env['COSH_JOURNAL_LOAD_CALLS'] ?? 1000);
/**
 * Processes at once: all of them. 1,000 at once on two cores shared with other test runs took
 * 156 s and some 8 GB of memory (a Node process each); `COSH_JOURNAL_LOAD_AT_ONCE` runs fewer at
 * a time on a machine with less.
 */
const AT_ONCE = Math.min(CALLS, Number(process.env['COSH_JOURNAL_LOAD_AT_ONCE'] ?? CALLS));
/**
 * The guard's timeout, in seconds: a bridge answers "did not answer in time" (K8) at the longest
 * hook timeout plus 5 s from its start, and a thousand Node processes sharing two cores take
 * longer than that to finish; this test is about the journal, not that bound.
 */
const GUARD_TIMEOUT_SECONDS = 600;

beforeAll(async () => {
  await assertBuilt();
});

function claudeHook(home: string, index: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [coshBin, 'claude-hook'], {
      cwd: home,
      env: { PATH: process.env['PATH'], HOME: home, ...TRUST_ALL_ENV },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(
      JSON.stringify({
        session_id: `session-${index}`,
        cwd: home,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: `echo call ${index}` },
      }),
    );
  });
}

describe('J2 1,000 concurrent bridge calls, one journal', () => {
  it(
    'J2: 1,000 claude-hook processes started at once leave 1,000 whole lines in one valid chain',
    async () => {
      const home = makeFolder();
      const journal = join(home, 'journal.jsonl');
      mkdirSync(join(home, '.config', 'cosh'), { recursive: true });
      writeFileSync(
        join(home, '.config', 'cosh', 'setup.json'),
        JSON.stringify({
          journal: { file: journal },
          hooks: { PreToolUse: [{ name: 'echo guard', command: 'exit 0', timeout: GUARD_TIMEOUT_SECONDS }] },
        }),
      );
      let next = 0;
      const failures: string[] = [];
      const worker = async (): Promise<void> => {
        while (next < CALLS) {
          const index = next;
          next += 1;
          const run = await claudeHook(home, index);
          if (run.code !== 0 || !run.stdout.includes('"hookEventName":"PreToolUse"') || run.stderr.includes('journal'))
            failures.push(`call ${index}: exit ${run.code}: ${run.stdout} ${run.stderr}`);
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
      expect(failures).toEqual([]);
      const bytes = readFileSync(journal);
      expect(checkJournalChain(bytes)).toEqual({ ok: true, lines: CALLS });
      const lines = bytes.toString('utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(CALLS);
      const sessions = new Set(lines.map((line) => (JSON.parse(line) as { session_id: string }).session_id));
      expect(sessions.size).toBe(CALLS);
      expect(lines.map((line) => (JSON.parse(line) as { seq: number }).seq)).toEqual(
        Array.from({ length: CALLS }, (_, index) => index + 1),
      );
    },
    15 * 60_000,
  );
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  hostEnvironment,
  isProcessAlive,
  killQuietly,
  pidsWrittenTo,
  waitUntil,
} from '../__fixtures__/process-probes.ts';
import { createResidentPool, type ResidentCallRequest, type ResidentPool } from './resident-pool.ts';
import { readResidentAnswer, residentLine } from './resident-protocol.ts';

const makeFolder = temporaryFolders('cosh-resident-test-');
let temporary: string;
const cleanup: number[] = [];
const pools: ResidentPool[] = [];

beforeAll(() => {
  temporary = makeFolder();
});
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  killQuietly(cleanup.splice(0));
});

function pool(options: Parameters<typeof createResidentPool>[0] = {}): ResidentPool {
  const created = createResidentPool({ killGraceMs: 200, closeWaitMs: 300, ...options });
  pools.push(created);
  return created;
}

/** A script file in the test's folder, run by the resident command `sh <file>`. */
function script(name: string, text: string): string {
  const file = join(temporary, name);
  writeFileSync(file, text);
  return `sh ${file}`;
}

// The id is always the line's first field (residentLine writes it so): sed can take it out.
const readId = `id=$(printf '%s' "$line" | sed 's/^{"id":"\\([^"]*\\)".*/\\1/')`;

/** Answers every line with `{"id", "pid"}` (its shell's pid), or does what the line asks for. */
const echoGuard = `
while IFS= read -r line; do
  ${readId}
  case "$line" in
    *crash*) echo "dying" >&2; exit 3 ;;
    *garbage*) echo "not json" ;;
    *stranger*) printf '{"id":"nobody"}\\n' ;;
    *silent*) ;;
    *) echo "saw $id" >&2; printf '{"id":"%s","pid":%s}\\n' "$id" $$ ;;
  esac
done
`;

const payload = (what: string): Uint8Array => Buffer.from(`${JSON.stringify({ event: 'PreToolUse', what })}\n`);

function request(command: string, what = 'hello', fields: Partial<ResidentCallRequest> = {}): ResidentCallRequest {
  return {
    key: 'guard',
    command,
    env: hostEnvironment,
    cwd: temporary,
    payload: payload(what),
    timeoutMs: 5_000,
    ...fields,
  };
}

describe('resident protocol', () => {
  it('R12: the call line is the payload with "id" as its first field, one line', () => {
    expect(residentLine(Buffer.from('{"event":"PreToolUse"}\n'), '7').toString()).toBe(
      '{"id":"7","event":"PreToolUse"}\n',
    );
    expect(residentLine(Buffer.from('{}'), 'a').toString()).toBe('{"id":"a"}\n');
    expect(() => residentLine(Buffer.from('[1]'), '1')).toThrow();
  });

  it('R12: an answer is a JSON object with a string id', () => {
    expect(readResidentAnswer('{"id":"1","decision":"deny"}')).toEqual({
      ok: true,
      id: '1',
      answer: { id: '1', decision: 'deny' },
    });
    expect(readResidentAnswer('nope')).toMatchObject({ ok: false });
    expect(readResidentAnswer('[]')).toMatchObject({ ok: false });
    expect(readResidentAnswer('{"id":1}')).toMatchObject({ ok: false });
  });
});

describe('createResidentPool', () => {
  it('R12: one process serves every call of its key', async () => {
    const residents = pool();
    const first = await residents.call(request(script('echo1.sh', echoGuard)));
    const second = await residents.call(request(script('echo1.sh', echoGuard)));
    expect(first.answer).toMatchObject({ id: expect.any(String) });
    expect(second.answer?.['pid']).toBe(first.answer?.['pid']);
    expect(residents.processes).toBe(1);
    cleanup.push(first.answer?.['pid'] as number);
  });

  it('R12: answers are paired by id in any order', async () => {
    // Reads two lines, answers the second first.
    const reversed = script(
      'reversed.sh',
      `IFS= read -r line; ${readId}; first=$id; IFS= read -r line; ${readId}
printf '{"id":"%s","n":2}\\n' "$id"; printf '{"id":"%s","n":1}\\n' "$first"; cat > /dev/null`,
    );
    const residents = pool();
    const [one, two] = await Promise.all([
      residents.call(request(reversed, 'a')),
      residents.call(request(reversed, 'b')),
    ]);
    expect(one.answer?.['n']).toBe(1);
    expect(two.answer?.['n']).toBe(2);
  });

  it('R12: a process that crashes mid-call fails the call; the next call restarts it', async () => {
    const residents = pool();
    const command = script('crash.sh', echoGuard);
    const before = await residents.call(request(command));
    const crashed = await residents.call(request(command, 'crash'));
    expect(crashed).toMatchObject({
      answer: null,
      failure: 'the resident process exited with code 3',
      timedOut: false,
    });
    // Attribution is best-effort: what the process wrote to stderr just before its previous
    // answer ("saw 1") can be read after that answer, under load, and go with this call.
    expect(crashed.stderr).toMatch(/^(saw 1\n)?dying\n$/);
    const after = await residents.call(request(command));
    expect(after.answer?.['pid']).not.toBe(before.answer?.['pid']);
  });

  it('R12: a line that is not JSON fails every call the process holds; the next call restarts it', async () => {
    const residents = pool();
    const command = script('garbage.sh', echoGuard);
    const before = await residents.call(request(command));
    const [garbage, held] = await Promise.all([
      residents.call(request(command, 'garbage')),
      residents.call(request(command, 'silent')),
    ]);
    expect(garbage.failure).toBe(
      'the resident process answered wrongly: it printed a line that is not JSON: "not json"',
    );
    expect(held.failure).toBe(garbage.failure);
    const after = await residents.call(request(command));
    expect(after.answer?.['pid']).not.toBe(before.answer?.['pid']);
    expect(isProcessAlive(before.answer?.['pid'] as number)).toBe(false);
  });

  it('R12: an answer with an id no call holds fails the calls', async () => {
    const residents = pool();
    const stranger = await residents.call(request(script('stranger.sh', echoGuard), 'stranger'));
    expect(stranger.failure).toBe('the resident process answered an id it was not asked: "nobody"');
  });

  it('R12/R6: a call that is never answered times out, the process is ended as R6, the next call restarts it', async () => {
    const residents = pool();
    // Ignores SIGTERM: only the SIGKILL after the grace ends it.
    const command = script('silent.sh', `trap '' TERM\n${echoGuard}`);
    const before = await residents.call(request(command));
    const pid = before.answer?.['pid'] as number;
    cleanup.push(pid);
    const silent = await residents.call(request(command, 'silent', { timeoutMs: 200 }));
    expect(silent).toMatchObject({ timedOut: true, answer: null, failure: null });
    expect(silent.durationMs).toBeGreaterThanOrEqual(190);
    expect(isProcessAlive(pid)).toBe(false);
    const after = await residents.call(request(command));
    expect(after.answer?.['pid']).not.toBe(pid);
  });

  it('R12/R6: each call keeps its own timeout although the process has one timer for all of them', async () => {
    const residents = pool();
    const command = script('deadlines.sh', echoGuard);
    // An answered call with a long timeout leaves the timer set far ahead: a shorter one still ends on time.
    await residents.call(request(command, 'hello', { timeoutMs: 60_000 }));
    const short = await residents.call(request(command, 'silent', { timeoutMs: 200 }));
    expect(short.timedOut).toBe(true);
    expect(short.durationMs).toBeGreaterThanOrEqual(200);
    expect(short.durationMs).toBeLessThan(2_000);
    // The timer was set for a call answered since: a later call is not timed out at that call's deadline.
    await residents.call(request(command, 'hello', { timeoutMs: 400 }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    const late = await residents.call(request(command, 'silent', { timeoutMs: 400 }));
    expect(late.timedOut).toBe(true);
    expect(late.durationMs).toBeGreaterThanOrEqual(400);
    // Two calls held at once: the one past its deadline times out, the other fails with it.
    const [slow, held] = await Promise.all([
      residents.call(request(command, 'silent', { timeoutMs: 300 })),
      residents.call(request(command, 'silent', { timeoutMs: 5_000 })),
    ]);
    expect(slow.timedOut).toBe(true);
    expect(slow.durationMs).toBeGreaterThanOrEqual(300);
    expect(held).toMatchObject({ timedOut: false, failure: 'the resident process was ended: another call timed out' });
  });

  it('R12: a background child the process forked is ended with its group on close', async () => {
    const pidFile = join(temporary, 'forked.pids');
    const residents = pool();
    const command = script('forks.sh', `sleep 60 & echo $! > ${pidFile}\n${echoGuard}`);
    const answered = await residents.call(request(command));
    expect(answered.answer).not.toBeNull();
    const [child] = await pidsWrittenTo(pidFile, 1, cleanup);
    expect(isProcessAlive(child as number)).toBe(true);
    await residents.close();
    expect(isProcessAlive(child as number)).toBe(false);
    expect(isProcessAlive(answered.answer?.['pid'] as number)).toBe(false);
    expect(residents.processes).toBe(0);
  });

  it('R12: past 3 restarts in 60 s the calls fail with the reason until close; an exit while idle counts', async () => {
    const residents = pool();
    // Every start answers once then exits while idle: each next call is a restart.
    const command = script('once.sh', `IFS= read -r line; ${readId}; printf '{"id":"%s"}\\n' "$id"`);
    const results = [];
    for (let call = 0; call < 6; call += 1) {
      results.push(await residents.call(request(command)));
      // Let the idle exit be seen before the next call.
      await waitUntil(() => residents.processes === 0, 2_000);
    }
    expect(results.slice(0, 4).map((result) => result.answer !== null)).toEqual([true, true, true, true]);
    const reason =
      'the resident process was restarted 3 times within 60s and is not started again until the engine closes';
    expect(results[4]).toMatchObject({ answer: null, failure: reason });
    expect(results[5]).toMatchObject({ answer: null, failure: reason });
  });

  it('R12/S5: end(key) ends the process (stdin closed first); the next call starts it afresh', async () => {
    const residents = pool();
    const command = script('ended.sh', echoGuard);
    const before = await residents.call(request(command));
    await residents.end('guard');
    expect(isProcessAlive(before.answer?.['pid'] as number)).toBe(false);
    expect(residents.processes).toBe(0);
    const after = await residents.call(request(command));
    expect(after.answer?.['pid']).not.toBe(before.answer?.['pid']);
  });

  it('R12/R9: a process that cannot start fails the call with a start error', async () => {
    const residents = pool();
    const missing = await residents.call(request('true', 'x', { cwd: join(temporary, 'gone') }));
    expect(missing.startError).toContain('working directory does not exist');
  });

  it('R12: close() ends a process that ignores its stdin closing and SIGTERM; later calls fail', async () => {
    const residents = pool();
    const command = script('stubborn.sh', `trap '' TERM\n${echoGuard}\nwhile :; do sleep 1; done`);
    const answered = await residents.call(request(command));
    const pid = answered.answer?.['pid'] as number;
    cleanup.push(pid);
    await residents.close();
    expect(isProcessAlive(pid)).toBe(false);
    expect((await residents.call(request(command))).failure).toBe('the hook engine is closed');
  });
});

import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { canonicalJson } from './canonical-json.ts';
import { createHookEngine } from './create-hook-engine.ts';
import { checkJournalChain, FIRST_PREV, sha256Hex } from './journal-chain.ts';
import { cutToBytes } from './journal-record.ts';
import { createJournal, journalProblem } from './journal-writer.ts';

const makeFolder = temporaryFolders('cosh-journal-');

function readLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('J1 J2 the journal writer', () => {
  it('J1: one line per event run with exactly the fields of J1, chained from the empty string (J2)', async () => {
    const file = join(makeFolder(), 'journal.jsonl');
    const journal = createJournal({ file, agent: 'claude', coshVersion: '9.9.9', sessionId: 'session-1' });
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          { name: 'no rm', command: 'grep -q "rm -rf" && { echo "rm -rf is not allowed" >&2; exit 2; }; exit 0' },
        ],
        PostToolUse: [{ name: 'note', command: 'echo \'{"context": "seen"}\'' }],
      }),
      { journal },
    );
    const pre = await engine.preToolUse({
      toolName: 'bash_run',
      toolInput: { command: 'rm -rf /', b: 1 },
      agentToolName: 'Bash',
    });
    expect(pre.decision).toBe('deny');
    await engine.postToolUse({ toolName: 'fs_read', toolInput: { path: '/a' }, toolOutput: 'x' });
    await engine.close();
    const lines = readLines(file);
    expect(lines).toHaveLength(2);
    const [first, second] = lines;
    expect(Object.keys(first ?? {})).toEqual([
      'time',
      'session_id',
      'agent',
      'event',
      'tool_name',
      'agent_tool_name',
      'input_sha256',
      'paths',
      'hooks',
      'decision',
      'halt',
      'rewritten',
      'cosh_version',
      'seq',
      'prev',
    ]);
    expect(first).toMatchObject({
      session_id: 'session-1',
      agent: 'claude',
      event: 'PreToolUse',
      tool_name: 'bash_run',
      agent_tool_name: 'Bash',
      input_sha256: sha256Hex('{"b":1,"command":"rm -rf /"}'),
      // F3: what `rm -rf /` touches.
      paths: ['/'],
      decision: 'deny',
      halt: false,
      rewritten: false,
      cosh_version: '9.9.9',
      seq: 1,
      prev: FIRST_PREV,
      hooks: [
        {
          name: 'no rm',
          layer: 'user',
          kind: 'command',
          outcome: 'deny',
          exit_code: 2,
          reason: 'rm -rf is not allowed',
        },
      ],
    });
    expect(typeof (first?.['hooks'] as { duration_ms: unknown }[] | undefined)?.[0]?.duration_ms).toBe('number');
    expect(Number.isNaN(Date.parse(String(first?.['time'])))).toBe(false);
    // The second line: rewritten, since the output entering history has the context appended (P2).
    expect(second).toMatchObject({ event: 'PostToolUse', tool_name: 'fs_read', rewritten: true, seq: 2 });
    expect(second).not.toHaveProperty('agent_tool_name');
    const text = readFileSync(file, 'utf8');
    expect(second?.['prev']).toBe(sha256Hex(text.slice(0, text.indexOf('\n'))));
    expect(checkJournalChain(readFileSync(file))).toEqual({ ok: true, lines: 2 });
  });

  it("J1: paths are the call's touched paths (F3), absolute, whether or not a hook reads them", async () => {
    const folder = realpathSync(makeFolder());
    const file = join(folder, 'journal.jsonl');
    writeFileSync(join(folder, 'x.txt'), 'x');
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'true' }] }), {
      journal: createJournal({ file, agent: 'cosh', coshVersion: '1' }),
      cwd: folder,
    });
    await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'cat x.txt' } });
    await engine.preToolUse({ toolName: 'fs_read', toolInput: { path: 'sub/../x.txt' } });
    await engine.close();
    const [shell, read] = readLines(file);
    expect(shell?.['paths']).toContain(join(folder, 'x.txt'));
    expect(read?.['paths']).toEqual([join(folder, 'x.txt')]);
  });

  it('J1: rewritten is true when a hook changed the input; input_sha256 is of the input as called', async () => {
    const file = join(makeFolder(), 'journal.jsonl');
    const engine = createHookEngine(
      hooksConfig({ PreToolUse: [{ command: `echo '{"updated_input": {"command": "ls"}}'` }] }),
      { journal: createJournal({ file, agent: 'cosh', coshVersion: '1' }) },
    );
    await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls -la' } });
    await engine.close();
    expect(readLines(file)[0]).toMatchObject({
      rewritten: true,
      decision: 'none',
      input_sha256: sha256Hex(canonicalJson({ command: 'ls -la' })),
    });
  });

  it('J2: a journal that exists goes on from its last line; one cut short stays apart', async () => {
    const file = join(makeFolder(), 'journal.jsonl');
    writeFileSync(file, `{"seq":41,"prev":"${FIRST_PREV}"}\n{"seq":42,"pr`);
    const journal = createJournal({ file, agent: 'cosh', coshVersion: '1' });
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'true' }] }), { journal });
    await engine.preToolUse({ toolName: 'fs_read', toolInput: {} });
    await engine.close();
    const text = readFileSync(file, 'utf8');
    const last = JSON.parse(text.trimEnd().split('\n').at(-1) ?? '') as { prev: string; seq: number };
    expect(last.prev).toBe(sha256Hex('{"seq":42,"pr'));
    expect(checkJournalChain(Buffer.from(text))).toMatchObject({ ok: false, line: 2 });
  });

  it('J2: a last line longer than the first read of the tail is chained to whole', async () => {
    const file = join(makeFolder(), 'journal.jsonl');
    const long = `{"seq":7,"prev":"${FIRST_PREV}","pad":"${'x'.repeat(70_000)}"}`;
    writeFileSync(file, `{"seq":6}\n${long}\n`);
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'true' }] }), {
      journal: createJournal({ file, agent: 'cosh', coshVersion: '1' }),
    });
    await engine.preToolUse({ toolName: 'fs_read', toolInput: {} });
    await engine.close();
    expect(readLines(file).at(-1)).toMatchObject({ seq: 8, prev: sha256Hex(long) });
  });

  it('J4: a journal in a missing or read-only folder is a warning, and the call keeps its verdict', async () => {
    const folder = makeFolder();
    const missing = join(folder, 'nowhere', 'journal.jsonl');
    expect(journalProblem(missing)).toContain('does not exist');
    const warnings: string[] = [];
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'exit 2' }] }), {
      journal: createJournal({
        file: missing,
        agent: 'cosh',
        coshVersion: '1',
        onWarning: (message) => warnings.push(message),
      }),
    });
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).decision).toBe('deny');
    await engine.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('a line could not be written');
    const readOnly = join(folder, 'ro');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    if (process.getuid?.() !== 0) expect(journalProblem(join(readOnly, 'j.jsonl'))).toContain('read-only');
    expect(journalProblem(join(folder, 'j.jsonl'))).toBeNull();
    expect(journalProblem('/dev/null')).toContain('not a regular file');
  });

  it("J4: a bridge's line waits for the lock no later than its deadline, even behind a running holder", async () => {
    const file = join(makeFolder(), 'journal.jsonl');
    // A holder that keeps running (as one waiting for a CPU would) is never stuck; the deadline still ends the wait.
    const holder = spawn('/bin/sh', ['-c', 'while :; do :; done']);
    try {
      writeFileSync(join(dirname(file), '.journal.jsonl.lock'), `${holder.pid}\n${hostname()}\nbusy\n`);
      const warnings: string[] = [];
      const journal = createJournal({
        file,
        agent: 'claude',
        coshVersion: '1',
        lockWait: 'bounded',
        lockWaitEndsAt: Date.now() + 500,
        onWarning: (message) => warnings.push(message),
      });
      const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'exit 2' }] }), { journal });
      const started = Date.now();
      expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).decision).toBe('deny');
      await engine.close();
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(warnings).toEqual([expect.stringContaining('the line is dropped')]);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('J1: a reason is cut to 1 KiB, never inside a character', () => {
    expect(Buffer.byteLength(cutToBytes('é'.repeat(2000), 1024))).toBe(1024);
    expect(Buffer.byteLength(cutToBytes(`a${'é'.repeat(2000)}`, 1024))).toBe(1023);
    expect(cutToBytes('short', 1024)).toBe('short');
  });
});

describe('J2 checking the chain', () => {
  const chain = (...bodies: string[]): string => {
    let prev = FIRST_PREV;
    let text = '';
    bodies.forEach((body, index) => {
      const line = JSON.stringify({ body, seq: index + 1, prev });
      text += `${line}\n`;
      prev = sha256Hex(line);
    });
    return text;
  };

  it('J2: a valid chain passes; an edited, removed or non-JSON middle line is named', () => {
    const text = chain('a', 'b', 'c', 'd');
    expect(checkJournalChain(Buffer.from(text))).toEqual({ ok: true, lines: 4 });
    const lines = text.split('\n');
    const edited = [...lines];
    edited[1] = (edited[1] ?? '').replace('"b"', '"B"');
    expect(checkJournalChain(Buffer.from(edited.join('\n')))).toMatchObject({ ok: false, line: 3 });
    const removed = lines.filter((_, index) => index !== 1);
    expect(checkJournalChain(Buffer.from(removed.join('\n')))).toMatchObject({ ok: false, line: 2 });
    const garbage = [...lines];
    garbage[2] = 'not json';
    expect(checkJournalChain(Buffer.from(garbage.join('\n')))).toMatchObject({
      ok: false,
      line: 3,
      problem: 'it is not JSON',
    });
    expect(checkJournalChain(Buffer.from(text.slice(0, -5)))).toMatchObject({ ok: false, line: 4 });
    expect(checkJournalChain(Buffer.alloc(0))).toEqual({ ok: true, lines: 0 });
  });
});

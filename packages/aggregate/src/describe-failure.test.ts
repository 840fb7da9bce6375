import { describe, expect, it } from 'vitest';
import { httpRunFacts, outcomeHook, runFacts } from './__fixtures__/run-facts.ts';
import { describeFailure, stderrTail } from './describe-failure.ts';

describe('stderrTail', () => {
  it('O5: keeps a short stderr whole, trimmed', () => {
    expect(stderrTail('\n  one\ntwo  \n')).toBe('one\ntwo');
    expect(stderrTail(' \n\t')).toBe('');
  });

  it('O5: keeps the last 10 lines, marked as cut', () => {
    const lines = Array.from({ length: 25 }, (_, index) => `line ${index + 1}`);
    expect(stderrTail(`${lines.join('\n')}\n`)).toBe(`…${lines.slice(15).join('\n')}`);
    expect(stderrTail(lines.slice(0, 10).join('\n'))).toBe(lines.slice(0, 10).join('\n'));
  });

  it('O5: keeps at most 1 KiB of the end, never half a surrogate pair', () => {
    const tail = stderrTail(`start${'x'.repeat(5_000)}end`);
    expect(tail).toBe(`…${'x'.repeat(1_021)}end`);
    const emoji = stderrTail('😀'.repeat(2_000));
    expect(emoji.startsWith('…😀')).toBe(true);
    expect(emoji.length).toBeLessThanOrEqual(1_025);
  });
});

describe('describeFailure', () => {
  const hook = outcomeHook('Guard', { timeout: 2 });

  it('O5: names the process failure', () => {
    expect(describeFailure(hook, runFacts({ exitCode: null, startError: 'shell not found: /bin/sh (ENOENT)' }))).toBe(
      'failed to start: shell not found: /bin/sh (ENOENT)',
    );
    expect(describeFailure(hook, runFacts({ exitCode: null, timedOut: true }))).toBe('timed out after 2s');
    expect(describeFailure(hook, runFacts({ exitCode: null, signal: 'SIGKILL' }))).toBe('killed by signal SIGKILL');
    expect(describeFailure(hook, runFacts({ exitCode: 127 }))).toBe('exited with code 127 (command not found)');
  });

  it('H3: names the HTTP failure: timeout first, then the size, the connection, the status', () => {
    expect(describeFailure(hook, httpRunFacts({ httpStatus: null, timedOut: true }))).toBe('timed out after 2s');
    expect(describeFailure(hook, httpRunFacts({ truncated: true }))).toBe('response body over 1 MiB');
    expect(describeFailure(hook, httpRunFacts({ httpStatus: null, failure: 'host not found: x (ENOTFOUND)' }))).toBe(
      'host not found: x (ENOTFOUND)',
    );
    expect(describeFailure(hook, httpRunFacts({ httpStatus: 404 }))).toBe('HTTP status 404');
    expect(describeFailure(hook, httpRunFacts({ httpStatus: null }))).toBe('no response');
  });
});

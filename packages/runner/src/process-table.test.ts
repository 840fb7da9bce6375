import { describe, expect, it } from 'vitest';
import { listProcesses, parseProcessStat, readProcessEntry } from './process-table.ts';

describe('parseProcessStat', () => {
  it('reads pid, parent, group, session, state and start time', () => {
    const line =
      '4242 (sleep) S 4200 4200 4100 0 -1 4194304 90 0 0 0 0 0 0 0 20 0 1 0 987654 2318336 128 ' +
      '18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n';
    expect(parseProcessStat(line)).toEqual({
      pid: 4242,
      parentPid: 4200,
      processGroup: 4200,
      session: 4100,
      state: 'S',
      startTime: '987654',
    });
  });

  it('copes with spaces and parentheses in the command name', () => {
    const line = '7 (a) b (c) R 1 7 7 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 555 0 0';
    expect(parseProcessStat(line)).toMatchObject({ pid: 7, parentPid: 1, state: 'R', startTime: '555' });
  });

  it('rejects what is not a stat line', () => {
    expect(parseProcessStat('')).toBeUndefined();
    expect(parseProcessStat('12 (x) S 1')).toBeUndefined();
  });
});

describe('the live process table', () => {
  it('finds this process with its real parent', () => {
    const own = readProcessEntry(process.pid);
    expect(own).toMatchObject({ pid: process.pid, parentPid: process.ppid });
    expect(listProcesses().some((entry) => entry.pid === process.pid)).toBe(true);
  });

  it('says nothing about a pid that does not exist', () => {
    expect(readProcessEntry(2 ** 30)).toBeUndefined();
  });
});

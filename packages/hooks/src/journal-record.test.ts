import { describe, expect, it } from 'vitest';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { deduplicatedReport } from './hook-report.ts';
import { journalHooks } from './journal-record.ts';

describe('journalHooks', () => {
  it("J1, C5: each hook's kind in a journal line is its kind: command, resident, http or rule", () => {
    const config = hooksConfig({
      PreToolUse: [
        { command: 'plain' },
        { command: 'guard', resident: true },
        { url: 'http://127.0.0.1:1/hook' },
        { rule: { field: 'command', contains: 'rm -rf', decision: 'deny' } },
      ],
    });
    const reports = config.hooks.PreToolUse.map((hook) => deduplicatedReport(hook, 'other'));
    expect(journalHooks(reports).map(({ kind }) => kind)).toEqual(['command', 'resident', 'http', 'rule']);
  });
});

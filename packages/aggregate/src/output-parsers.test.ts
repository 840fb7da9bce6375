import { describe, expect, it } from 'vitest';
import { outputParsersFor } from './output-parsers.ts';
import { parseClaudeOutput } from './parse-claude-output.ts';
import { parseHookOutput } from './parse-hook-output.ts';

const blanks = ['', ' ', '\n', ' \t\r\n '];

describe('outputParsersFor', () => {
  it('O1, K5: with every stdout blank, its parsers read blank text as the real ones do', async () => {
    const parsers = await outputParsersFor(blanks.map((stdout) => ({ stdout })));
    for (const stdout of blanks) {
      expect(parsers.cosh(stdout)).toEqual(parseHookOutput(stdout));
      expect(parsers.claude(stdout)).toEqual(parseClaudeOutput(stdout));
    }
  });

  it('those parsers refuse text they cannot read, rather than call it blank', async () => {
    const parsers = await outputParsersFor([{ stdout: '' }]);
    expect(() => parsers.cosh('{"decision": "deny"}')).toThrow(/not blank/);
    expect(() => parsers.claude('\u00a0')).toThrow(/not blank/);
  });

  it('O1, K5: with one stdout that is not blank, the real parsers', async () => {
    const parsers = await outputParsersFor([{ stdout: '' }, { stdout: '{"decision": "deny"}' }]);
    expect(parsers).toEqual({ cosh: parseHookOutput, claude: parseClaudeOutput });
    // A no-break space is not blank (O1), so it is read, and reported.
    expect((await outputParsersFor([{ stdout: '\u00a0' }])).cosh).toBe(parseHookOutput);
  });

  it('a run that is null (a hook that did not run) printed nothing', async () => {
    expect((await outputParsersFor([null, { stdout: '' }])).cosh).not.toBe(parseHookOutput);
    expect((await outputParsersFor([null, { stdout: '{}' }])).cosh).toBe(parseHookOutput);
  });
});

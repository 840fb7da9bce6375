import { describe, expect, it } from 'vitest';
import { detectFormatting } from './detect-formatting.ts';

describe('detectFormatting', () => {
  it('finds the indentation unit and line end', () => {
    expect(detectFormatting('{\n    "a": {\n        "b": 1\n    }\n}')).toEqual({
      insertSpaces: true,
      tabSize: 4,
      eol: '\n',
    });
    expect(detectFormatting('{\r\n\t"a": 1\r\n}')).toEqual({ insertSpaces: false, tabSize: 4, eol: '\r\n' });
    expect(detectFormatting('{"a": 1}')).toEqual({ insertSpaces: true, tabSize: 2, eol: '\n' });
    expect(detectFormatting('{\n  /*\n   * doc\n   */\n  "a": 1\n}')).toMatchObject({ tabSize: 2 });
  });
});

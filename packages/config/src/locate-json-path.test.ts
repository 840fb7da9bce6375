import { describe, expect, it } from 'vitest';
import { locateJsonPath } from './locate-json-path.ts';

const text = `// my hooks
{
  "hooks": {
    "PreToolUse": [
      { "name": "first", "command": "true" },
      /* the guard */
      {
        "name": "guard",
        "command": "exit 2",
      },
    ],
  },
}
`;

describe('locateJsonPath', () => {
  it('C2: a hook entry is found past comments and trailing commas, 1-based', () => {
    expect(locateJsonPath(text, ['hooks', 'PreToolUse', 0])).toEqual({ line: 5, column: 7 });
    expect(locateJsonPath(text, ['hooks', 'PreToolUse', 1])).toEqual({ line: 7, column: 7 });
    expect(locateJsonPath(text, ['hooks', 'PreToolUse', 1, 'command'])).toEqual({ line: 9, column: 20 });
  });

  it('C2: a path the text does not hold is undefined; a byte order mark moves no column', () => {
    expect(locateJsonPath(text, ['hooks', 'PostToolUse', 0])).toBeUndefined();
    expect(locateJsonPath(text, ['hooks', 'PreToolUse', 2])).toBeUndefined();
    expect(locateJsonPath('', ['hooks'])).toBeUndefined();
    expect(locateJsonPath('\uFEFF{"hooks": {}}', ['hooks'])).toEqual({ line: 1, column: 11 });
  });
});

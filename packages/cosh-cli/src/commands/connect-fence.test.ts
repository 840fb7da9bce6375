import { describe, expect, it } from 'vitest';
import { settingsText } from './connect-fence.ts';

describe("settingsText (SPEC X: the file's own indentation, two spaces when new, one key per line)", () => {
  it('X: a new file is two spaces, one key per line', () => {
    expect(settingsText('', [{ path: ['hooks', 'PreToolUse'], value: [{ matcher: '*' }] }])).toBe(
      '{\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "*"\n      }\n    ]\n  }\n}\n',
    );
  });

  it('X: an existing file keeps its indentation and comments', () => {
    const text = '{\n    // mine\n    "model": "x"\n}\n';
    expect(settingsText(text, [{ path: ['sandbox'], value: { enabled: true } }])).toBe(
      '{\n    // mine\n    "model": "x",\n    "sandbox": {\n        "enabled": true\n    }\n}\n',
    );
  });

  it('X: an object written on one line that an edit changes is written out whole, not half inline', () => {
    const text = '{\n    "model": "x",\n    "sandbox": {"enabled": false}\n}\n';
    expect(settingsText(text, [{ path: ['sandbox', 'failIfUnavailable'], value: true }])).toBe(
      '{\n    "model": "x",\n    "sandbox": {\n        "enabled": false,\n        "failIfUnavailable": true\n    }\n}\n',
    );
  });
});

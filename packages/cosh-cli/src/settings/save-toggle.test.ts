import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveToggle } from './save-toggle.ts';
import type { EventRow, HookRow } from './settings-state.ts';

const makeFolder = temporaryFolders('cosh-save-toggle-');

const preToolUse: EventRow = {
  kind: 'event',
  key: 'event:PreToolUse',
  event: 'PreToolUse',
  enabled: true,
  hookCount: 1,
  hooks: [{ name: 'Guard', command: 'true', url: null }],
};
const guard: HookRow = {
  kind: 'hook',
  key: 'hook:PreToolUse:["Guard","true",null]:0',
  event: 'PreToolUse',
  index: 0,
  identity: { name: 'Guard', command: 'true', url: null },
  copy: 0,
  name: 'Guard',
  matcher: '',
  timeout: 60,
  enabled: true,
  warnings: [],
  onError: 'ignore',
  protocol: 'cosh',
  line: 5,
};

const original = `{
  // keep me
  "other": [1, 2],
  "hooks": { "PreToolUse": [ { "name": "Guard", "command": "true" } ] }
}
`;

let directory: string;
beforeAll(() => {
  directory = makeFolder();
});

describe('saveToggle', () => {
  it('C7 C8: turns an event off through hooksEnabled, keeping the comment and other keys', async () => {
    const file = join(directory, 'event.json');
    await writeFile(file, original);
    expect(await saveToggle(file, preToolUse, false)).toEqual({ ok: true, message: 'Saved: PreToolUse hooks off' });
    const text = await readFile(file, 'utf8');
    expect(text).toContain('// keep me');
    expect(text).toContain('"other": [1, 2]');
    expect(JSON.parse(text.replace('// keep me', ''))).toMatchObject({ hooksEnabled: { PreToolUse: false } });
  });

  it('C5 C8: turns one hook off through its enabled field', async () => {
    const file = join(directory, 'hook.json');
    await writeFile(file, original);
    expect(await saveToggle(file, guard, false)).toEqual({ ok: true, message: 'Saved: PreToolUse hook "Guard" off' });
    expect(await readFile(file, 'utf8')).toContain('{ "name": "Guard", "command": "true", "enabled": false }');
    expect(await saveToggle(file, guard, true)).toEqual({ ok: true, message: 'Saved: PreToolUse hook "Guard" on' });
  });

  it('C1: creates a missing file (and its folder) when an event is turned off', async () => {
    const file = join(directory, 'new', 'setup.json');
    // With no file the screen shows no hooks.
    const shown: EventRow = { ...preToolUse, hookCount: 0, hooks: [] };
    expect(await saveToggle(file, shown, false)).toEqual({
      ok: true,
      message: `Saved: PreToolUse hooks off (created ${file})`,
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ hooksEnabled: { PreToolUse: false } });
  });

  it('says so when the file already has the value', async () => {
    const file = join(directory, 'same.json');
    await writeFile(file, original);
    expect(await saveToggle(file, preToolUse, true)).toEqual({
      ok: true,
      message: 'Unchanged: PreToolUse hooks already on in the file',
    });
    expect(await readFile(file, 'utf8')).toBe(original);
  });

  it('C8: never writes a file that does not parse, and says where it is broken', async () => {
    const file = join(directory, 'broken.json');
    const broken = '{\n  "hooks": {,\n}\n';
    await writeFile(file, broken);
    const outcome = await saveToggle(file, preToolUse, false);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/^Not saved: 2:\d+ /);
    expect(await readFile(file, 'utf8')).toBe(broken);
  });

  it('C5 C8: a hook that is no longer in the file, or not where it was shown, is refused: the file changed', async () => {
    for (const [name, text] of [
      ['gone.json', '{"hooks": {"PreToolUse": []}}'],
      [
        'moved.json',
        '{"hooks": {"PreToolUse": [{"name": "New", "command": "x"}, {"name": "Guard", "command": "true"}]}}',
      ],
    ] as const) {
      const file = join(directory, name);
      await writeFile(file, text);
      expect(await saveToggle(file, guard, false)).toEqual({
        ok: false,
        fileChanged: true,
        message: 'Not saved: the file changed — press r',
      });
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });

  it('C7 C8: an event whose hooks are not the ones shown is refused: the file changed', async () => {
    const file = join(directory, 'grown.json');
    const text =
      '{"hooks": {"PreToolUse": [{"name": "Guard", "command": "true"}, {"name": "Unseen", "command": "x"}]}}';
    await writeFile(file, text);
    expect(await saveToggle(file, preToolUse, false)).toEqual({
      ok: false,
      fileChanged: true,
      message: 'Not saved: the file changed — press r',
    });
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});

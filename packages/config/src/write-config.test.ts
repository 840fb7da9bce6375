import { spawn, spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, readFile, readlink, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { parseConfig } from './parse-config.ts';
import { setEventEnabled, setHookEnabled } from './config-toggles.ts';

const makeFolder = temporaryFolders('cosh-config-write-');

let directory: string;
let fixture: string;

beforeEach(async () => {
  directory = makeFolder();
  fixture = await readFile(new URL('./__fixtures__/commented-setup.jsonc', import.meta.url), 'utf8');
});

async function fileWith(text: string, name = 'setup.json'): Promise<string> {
  const file = join(directory, name);
  await writeFile(file, text);
  return file;
}

async function expectConfigError(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ConfigError.isInstance(error)) throw new Error(`expected a ConfigError, got ${String(error)}`);
  return error;
}

/** A pid that existed and is gone now: a child that already exited. */
function deadPid(): number {
  return Number(String(spawnSync('/bin/sh', ['-c', 'echo $$']).stdout).trim());
}

function configOf(text: string) {
  const result = parseConfig(text, 'test');
  if (!result.ok) throw result.error;
  return result.config;
}

describe('setEventEnabled', () => {
  it('C1/C8: a FIFO named as the config is refused at once, never waited on or replaced', async () => {
    const fifo = join(directory, 'fifo.json');
    spawnSync('mkfifo', [fifo]);
    const startedAt = performance.now();
    const error = await setEventEnabled(fifo, 'PreToolUse', false).catch((reason: unknown) => reason);
    expect(performance.now() - startedAt).toBeLessThan(5000);
    expect(ConfigError.isInstance(error) && error.code).toBe('E_CONFIG_READ');
    expect(String(error)).toMatch(/this is a FIFO \(named pipe\), not a config file/);
    expect((await lstat(fifo)).isFIFO()).toBe(true);
  });

  it('C8: inserts hooksEnabled, keeping comments, formatting, key order and other keys', async () => {
    const file = await fileWith(fixture);
    const change = await setEventEnabled(file, 'PreToolUse', false);
    expect(change).toEqual({ file, changed: true, created: false, previous: true });
    const text = await readFile(file, 'utf8');
    expect(text).toBe(
      fixture.replace(
        '    "zzz-last": [1, 2, 3]\n',
        '    "zzz-last": [1, 2, 3],\n    "hooksEnabled": {\n        "PreToolUse": false\n    }\n',
      ),
    );
    expect(configOf(text).hooksEnabled).toEqual({
      PreToolUse: false,
      PostToolUse: true,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
  });

  it('C7 C8: enabling again removes the key, and the hooksEnabled it emptied: the file is as it was', async () => {
    const file = await fileWith(fixture);
    await setEventEnabled(file, 'PreToolUse', false);
    const change = await setEventEnabled(file, 'PreToolUse', true);
    expect(change).toMatchObject({ changed: true, previous: false });
    expect(await readFile(file, 'utf8')).toBe(fixture);
  });

  it('C8: adds a key to an existing hooksEnabled and replaces a value in place, comments beside it kept', async () => {
    const text = '{\n  "hooksEnabled": {\n    "PostToolUse": true // on for now\n  }\n}\n';
    const file = await fileWith(text);
    await setEventEnabled(file, 'PostToolUse', false);
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "hooksEnabled": {\n    "PostToolUse": false // on for now\n  }\n}\n',
    );
    await setEventEnabled(file, 'PreToolUse', false);
    expect(configOf(await readFile(file, 'utf8')).hooksEnabled).toEqual({
      PreToolUse: false,
      PostToolUse: false,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    expect(await readFile(file, 'utf8')).toContain('"PostToolUse": false, // on for now');
  });

  it('C7: enabling an event whose key is absent writes nothing', async () => {
    const file = await fileWith(fixture);
    const before = await stat(file);
    const change = await setEventEnabled(file, 'PostToolUse', true);
    expect(change).toEqual({ file, changed: false, created: false, previous: true });
    expect((await stat(file)).ino).toBe(before.ino);
    expect(await readFile(file, 'utf8')).toBe(fixture);
  });

  it('C8: disabling an event already disabled writes nothing', async () => {
    const file = await fileWith('{"hooksEnabled": {"PreToolUse": false}}');
    const before = await stat(file);
    expect(await setEventEnabled(file, 'PreToolUse', false)).toMatchObject({ changed: false, previous: false });
    expect((await stat(file)).ino).toBe(before.ino);
  });

  it('C8: keeps tabs, CRLF line ends and a byte order mark', async () => {
    const text = '\uFEFF{\r\n\t"hooks": {}\r\n}\r\n';
    const file = await fileWith(text);
    await setEventEnabled(file, 'PostToolUse', false);
    expect(await readFile(file, 'utf8')).toBe(
      '\uFEFF{\r\n\t"hooks": {},\r\n\t"hooksEnabled": {\r\n\t\t"PostToolUse": false\r\n\t}\r\n}\r\n',
    );
  });

  it('C8: adds to an empty multi-line object above its closing brace', async () => {
    const file = await fileWith('{\n  "hooksEnabled": {\n    // nothing yet\n  }\n}\n');
    await setEventEnabled(file, 'PreToolUse', false);
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "hooksEnabled": {\n    // nothing yet\n    "PreToolUse": false\n  }\n}\n',
    );
  });

  it('C8: lays out an unusual file through jsonc-parser and still changes only the setting', async () => {
    const file = await fileWith('{\n  "hooks": {} }\n');
    await setEventEnabled(file, 'PreToolUse', false);
    const text = await readFile(file, 'utf8');
    expect(configOf(text)).toEqual({
      ...configOf('{}'),
      hooksEnabled: {
        PreToolUse: false,
        PostToolUse: true,
        UserPromptSubmit: true,
        SessionStart: true,
        Stop: true,
        SessionEnd: true,
      },
    });
  });

  it('C8: leaves a one-line file on one line', async () => {
    const file = await fileWith('{"hooks": {}}');
    await setEventEnabled(file, 'PreToolUse', false);
    const text = await readFile(file, 'utf8');
    expect(text).toBe('{"hooks": {}, "hooksEnabled": {"PreToolUse": false}}');
  });

  it('C8: keeps the file mode', async () => {
    const file = await fileWith(fixture);
    await chmod(file, 0o640);
    await setEventEnabled(file, 'PreToolUse', false);
    expect((await stat(file)).mode & 0o7777).toBe(0o640);
    await chmod(file, 0o600);
    await setEventEnabled(file, 'PreToolUse', true);
    expect((await stat(file)).mode & 0o7777).toBe(0o600);
  });

  it('C8: writes atomically: a new file replaces the old one and no temporary file is left', async () => {
    const file = await fileWith(fixture);
    const before = await stat(file);
    await setEventEnabled(file, 'PreToolUse', false);
    expect((await stat(file)).ino).not.toBe(before.ino);
    expect(await readdir(directory)).toEqual(['setup.json']);
  });

  it('C8: writes through a symbolic link to its target, and the link stays a link', async () => {
    const real = await fileWith(fixture, 'real.json');
    const link = join(directory, 'setup.json');
    await symlink('real.json', link);
    const change = await setEventEnabled(link, 'PreToolUse', false);
    expect(change.file).toBe(real);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe('real.json');
    expect(configOf(await readFile(real, 'utf8')).hooksEnabled.PreToolUse).toBe(false);
  });

  it('C8: a file that does not parse is never overwritten', async () => {
    const broken = '{\n  "hooks": {\n  // unfinished\n';
    const file = await fileWith(broken);
    const error = await expectConfigError(setEventEnabled(file, 'PreToolUse', false));
    expect(error.code).toBe('E_CONFIG_SYNTAX');
    expect(await readFile(file, 'utf8')).toBe(broken);
    expect(await readdir(directory)).toEqual(['setup.json']);
  });

  it('C8: a file that fails validation (C6) is never overwritten', async () => {
    const invalid = '{"hooks": {"PreToolUse": [{"command": ""}]}}';
    const file = await fileWith(invalid);
    expect((await expectConfigError(setEventEnabled(file, 'PreToolUse', false))).code).toBe('E_CONFIG_INVALID');
    expect(await readFile(file, 'utf8')).toBe(invalid);
  });

  it('C8: with no file, disabling creates it and its folder', async () => {
    const file = join(directory, 'nested', 'cosh', 'setup.json');
    const change = await setEventEnabled(file, 'PostToolUse', false);
    expect(change).toEqual({ file, changed: true, created: true, previous: true });
    const text = await readFile(file, 'utf8');
    expect(text).toBe('{\n  "hooksEnabled": {\n    "PostToolUse": false\n  }\n}\n');
    expect(configOf(text).hooksEnabled).toEqual({
      PreToolUse: true,
      PostToolUse: false,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
  });

  it('C7: with no file, enabling changes nothing and creates nothing', async () => {
    const file = join(directory, 'nested', 'setup.json');
    expect(await setEventEnabled(file, 'PreToolUse', true)).toEqual({
      file,
      changed: false,
      created: false,
      previous: true,
    });
    expect(await readdir(directory)).toEqual([]);
  });

  it('C8: changes the last of duplicate keys, the one that counts', async () => {
    const file = await fileWith('{"hooksEnabled": {"PreToolUse": false, "PreToolUse": true}}');
    await setEventEnabled(file, 'PreToolUse', false);
    expect(await readFile(file, 'utf8')).toBe('{"hooksEnabled": {"PreToolUse": false, "PreToolUse": false}}');
  });

  it('C8: inserts into the last of duplicate objects, the one that counts', async () => {
    const file = await fileWith('{\n  "hooksEnabled": {},\n  "hooksEnabled": {"PostToolUse": true}\n}\n');
    await setEventEnabled(file, 'PreToolUse', false);
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "hooksEnabled": {},\n  "hooksEnabled": {"PostToolUse": true, "PreToolUse": false}\n}\n',
    );
  });

  it('C8: refuses a change it cannot make exactly, and leaves the file alone', async () => {
    // An unusual layout goes through jsonc-parser's modify(), which edits the first duplicate.
    const text = '{\n  "hooksEnabled": {"PostToolUse": true},\n  "hooksEnabled": {\n    "PostToolUse": true }\n}\n';
    const file = await fileWith(text);
    const error = await expectConfigError(setEventEnabled(file, 'PreToolUse', false));
    expect(error.code).toBe('E_CONFIG_WRITE');
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it.skipIf(process.getuid?.() === 0)('C8: a read-only file is not replaced', async () => {
    const file = await fileWith(fixture);
    await chmod(file, 0o444);
    expect((await expectConfigError(setEventEnabled(file, 'PreToolUse', false))).code).toBe('E_CONFIG_WRITE');
    expect(await readFile(file, 'utf8')).toBe(fixture);
  });

  it('C8: a directory in place of the file is a read error', async () => {
    await mkdir(join(directory, 'setup.json'));
    expect((await expectConfigError(setEventEnabled(join(directory, 'setup.json'), 'PreToolUse', false))).code).toBe(
      'E_CONFIG_READ',
    );
  });

  it('C8: changes made at once from one process all land', async () => {
    const file = await fileWith(fixture);
    await Promise.all([
      setEventEnabled(file, 'PreToolUse', false),
      setEventEnabled(file, 'PostToolUse', false),
      setHookEnabled(file, 'PreToolUse', 0, false),
      setHookEnabled(file, 'PostToolUse', 0, false),
    ]);
    const config = configOf(await readFile(file, 'utf8'));
    expect(config.hooksEnabled).toEqual({
      PreToolUse: false,
      PostToolUse: false,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    expect(config.hooks.PreToolUse[0]?.enabled).toBe(false);
    expect(config.hooks.PostToolUse[0]?.enabled).toBe(false);
  });
});

describe('setHookEnabled', () => {
  it('C5/C8: inserts enabled: false into the hook, laid out like its neighbours', async () => {
    const file = await fileWith(fixture);
    const change = await setHookEnabled(file, 'PreToolUse', 0, false);
    expect(change).toMatchObject({ changed: true, previous: true });
    expect(await readFile(file, 'utf8')).toBe(
      fixture.replace('"timeout": 5, // seconds\n', '"timeout": 5, // seconds\n                "enabled": false,\n'),
    );
  });

  it('C5: turning a hook back on sets its enabled field in place', async () => {
    const file = await fileWith(fixture);
    await setHookEnabled(file, 'PostToolUse', 0, false);
    expect(configOf(await readFile(file, 'utf8')).hooks.PostToolUse[0]?.enabled).toBe(false);
    await setHookEnabled(file, 'PostToolUse', 0, true);
    const text = await readFile(file, 'utf8');
    expect(configOf(text).hooks.PostToolUse[0]?.enabled).toBe(true);
    expect(text).toContain('"PreToolUse": [');
    expect(text.startsWith('// Cosh settings')).toBe(true);
  });

  it('C5: enabling a hook that has no enabled field writes nothing', async () => {
    const file = await fileWith(fixture);
    expect(await setHookEnabled(file, 'PreToolUse', 0, true)).toMatchObject({ changed: false, previous: true });
    expect(await readFile(file, 'utf8')).toBe(fixture);
  });

  it('a hook that does not exist is a write error and the file stays', async () => {
    const file = await fileWith(fixture);
    const error = await expectConfigError(setHookEnabled(file, 'PostToolUse', 3, false));
    expect(error.code).toBe('E_CONFIG_WRITE');
    expect(error.problems[0]?.message).toContain('hooks.PostToolUse[3]');
    expect(await readFile(file, 'utf8')).toBe(fixture);
  });

  it('a missing file has no hook to change', async () => {
    const error = await expectConfigError(setHookEnabled(join(directory, 'none.json'), 'PreToolUse', 0, false));
    expect(error.code).toBe('E_CONFIG_NOT_FOUND');
    expect(await readdir(directory)).toEqual([]);
  });
});

describe('turning a switch back on (issue 13: values equal to the default are removed)', () => {
  it('C7 C8: another key of hooksEnabled stays, and so does the object', async () => {
    const file = await fileWith('{\n  "hooksEnabled": {\n    "PreToolUse": false,\n    "PostToolUse": false\n  }\n}\n');
    await setEventEnabled(file, 'PreToolUse', true);
    expect(await readFile(file, 'utf8')).toBe('{\n  "hooksEnabled": {\n    "PostToolUse": false\n  }\n}\n');
    await setEventEnabled(file, 'PostToolUse', true);
    expect(await readFile(file, 'utf8')).toBe('{\n}\n');
  });

  it('C8: an emptied hooksEnabled that holds a comment stays, with the comment', async () => {
    const text =
      '{\n  "theme": "dark",\n  "hooksEnabled": {\n    // off while the guard is rewritten\n    "PreToolUse": false\n  }\n}\n';
    const file = await fileWith(text);
    await setEventEnabled(file, 'PreToolUse', true);
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "theme": "dark",\n  "hooksEnabled": {\n    // off while the guard is rewritten\n  }\n}\n',
    );
    expect(configOf(await readFile(file, 'utf8')).hooksEnabled.PreToolUse).toBe(true);
  });

  it('C8: a comment after the removed key on its line stays on a line of its own; the comma before goes', async () => {
    const text = '{\n  "theme": "dark", // not ours\n  "hooksEnabled": {"PreToolUse": false} // paused\n}\n';
    const file = await fileWith(text);
    await setEventEnabled(file, 'PreToolUse', true);
    expect(await readFile(file, 'utf8')).toBe('{\n  "theme": "dark" // not ours\n  // paused\n}\n');
  });

  it('C8: keeps trailing commas, CRLF and a byte order mark', async () => {
    const text = '\uFEFF{\r\n\t"hooks": {},\r\n\t"hooksEnabled": {\r\n\t\t"PostToolUse": false,\r\n\t},\r\n}\r\n';
    const file = await fileWith(text);
    await setEventEnabled(file, 'PostToolUse', true);
    expect(await readFile(file, 'utf8')).toBe('\uFEFF{\r\n\t"hooks": {},\r\n}\r\n');
  });

  it('C5 C8: a hook turned back on loses its "enabled": false; inline, last, first and middle fields alike', async () => {
    const text = `{
  "hooks": {
    "PreToolUse": [
      {"name": "inline", "command": "a", "enabled": false},
      {
        "enabled": false, // first field
        "name": "first",
        "command": "b"
      },
      {
        "name": "last",
        /* the switch */
        "command": "c", // the command
        "enabled": false
      },
      { "name": "middle", "enabled": false, "command": "d" }
    ]
  }
}
`;
    const file = await fileWith(text);
    for (let index = 0; index < 4; index += 1) await setHookEnabled(file, 'PreToolUse', index, true);
    expect(await readFile(file, 'utf8')).toBe(`{
  "hooks": {
    "PreToolUse": [
      {"name": "inline", "command": "a"},
      {
        // first field
        "name": "first",
        "command": "b"
      },
      {
        "name": "last",
        /* the switch */
        "command": "c" // the command
      },
      { "name": "middle", "command": "d" }
    ]
  }
}
`);
    expect(configOf(await readFile(file, 'utf8')).hooks.PreToolUse.every((hook) => hook.enabled)).toBe(true);
  });

  it('C8: where removing would leave an earlier duplicate in charge, true is written instead', async () => {
    const file = await fileWith('{"hooksEnabled": {"PreToolUse": false, "PreToolUse": false}}');
    await setEventEnabled(file, 'PreToolUse', true);
    expect(await readFile(file, 'utf8')).toBe('{"hooksEnabled": {"PreToolUse": false, "PreToolUse": true}}');
  });

  it('C8: a layout the remover does not know (a comment inside a one-line object) gets true in place', async () => {
    const file = await fileWith('{"hooksEnabled": {"PreToolUse": false /* for now */}}');
    await setEventEnabled(file, 'PreToolUse', true);
    expect(await readFile(file, 'utf8')).toBe('{"hooksEnabled": {"PreToolUse": true /* for now */}}');
  });
});

describe('a file the user named (issue 13: enable|disable --config missing.json)', () => {
  it('C1: is not created by either toggle: the error is the one loading gives', async () => {
    const file = join(directory, 'missing.json');
    for (const enabled of [false, true]) {
      const error = await expectConfigError(
        setEventEnabled({ file, required: true, source: 'option' }, 'PreToolUse', enabled),
      );
      expect(error.code).toBe('E_CONFIG_NOT_FOUND');
      expect(error.message).toBe(`${file}:1:1: error: config file not found`);
    }
    const fromEnvironment = await expectConfigError(
      setEventEnabled({ file, required: true, source: 'env' }, 'PreToolUse', false),
    );
    expect(fromEnvironment.message).toBe(`${file}:1:1: error: config file not found (named by COSH_CONFIG)`);
    expect(await readdir(directory)).toEqual([]);
  });

  it('C1: a default location (not required) is still created by the first toggle', async () => {
    const file = join(directory, 'cosh', 'setup.json');
    expect(await setEventEnabled({ file, required: false, source: 'xdg' }, 'PreToolUse', false)).toMatchObject({
      created: true,
    });
    expect(configOf(await readFile(file, 'utf8')).hooksEnabled.PreToolUse).toBe(false);
  });
});

describe('what the caller showed (issue 13: the settings screen toggles the hook on screen)', () => {
  const guards =
    '{"hooks": {"PreToolUse": [\n  {"name": "Lint", "command": "lint"},\n  {"name": "Block force push", "command": "guard"}\n]}}\n';

  it('C5 C8: a hook still at its index with its name and command is changed', async () => {
    const file = await fileWith(guards);
    const change = await setHookEnabled(file, 'PreToolUse', 1, false, {
      expected: { name: 'Block force push', command: 'guard', url: null },
    });
    expect(change).toMatchObject({ changed: true });
    expect(configOf(await readFile(file, 'utf8')).hooks.PreToolUse.map((hook) => hook.enabled)).toEqual([true, false]);
  });

  it('C5 C8: another hook at that index, a new command, or no hook at all: E_CONFIG_CHANGED, nothing written', async () => {
    const inserted = guards.replace(
      '\n  {"name": "Block',
      '\n  {"name": "Inserted", "command": "other"},\n  {"name": "Block',
    );
    for (const [text, index] of [
      [inserted, 1],
      [guards.replace('"guard"', '"guard --off"'), 1],
      [guards.replace(',\n  {"name": "Block force push", "command": "guard"}', ''), 1],
    ] as const) {
      const file = await fileWith(text);
      const error = await expectConfigError(
        setHookEnabled(file, 'PreToolUse', index, false, {
          expected: { name: 'Block force push', command: 'guard', url: null },
        }),
      );
      expect(error.code).toBe('E_CONFIG_CHANGED');
      expect(error.problems[0]?.message).toContain('hooks.PreToolUse[1] is not the hook "Block force push" any more');
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });

  it('C5 H1 C8: an HTTP hook is known by its url: the same name sending elsewhere is refused', async () => {
    const text = '{"hooks": {"PreToolUse": [{"name": "Policy", "url": "https://policy.example/check"}]}}\n';
    const file = await fileWith(text.replace('policy.example', 'elsewhere.example'));
    const shown = { name: 'Policy', command: null, url: 'https://policy.example/check' };
    expect((await expectConfigError(setHookEnabled(file, 'PreToolUse', 0, false, { expected: shown }))).code).toBe(
      'E_CONFIG_CHANGED',
    );
    await writeFile(file, text);
    expect(await setHookEnabled(file, 'PreToolUse', 0, false, { expected: shown })).toMatchObject({ changed: true });
  });

  it('C7 C8: an event whose hooks are not those shown is refused; the same hooks, other switches changed, are fine', async () => {
    const file = await fileWith(guards);
    const shown = [
      { name: 'Lint', command: 'lint', url: null },
      { name: 'Block force push', command: 'guard', url: null },
    ];
    const error = await expectConfigError(
      setEventEnabled(file, 'PreToolUse', false, { expectedHooks: shown.slice(0, 1) }),
    );
    expect(error.code).toBe('E_CONFIG_CHANGED');
    expect(await readFile(file, 'utf8')).toBe(guards);
    await setHookEnabled(file, 'PreToolUse', 0, false);
    expect(await setEventEnabled(file, 'PreToolUse', false, { expectedHooks: shown })).toMatchObject({ changed: true });
    // PostToolUse's hooks are what its switch is about; the PreToolUse ones do not matter there.
    expect(await setEventEnabled(file, 'PostToolUse', false, { expectedHooks: [] })).toMatchObject({ changed: true });
  });

  it('C7: a missing file shows no hooks: creating it matches an empty list, not a list that had hooks', async () => {
    const file = join(directory, 'gone.json');
    const error = await expectConfigError(
      setEventEnabled(file, 'PreToolUse', false, { expectedHooks: [{ name: 'x', command: 'x', url: null }] }),
    );
    expect(error.code).toBe('E_CONFIG_CHANGED');
    expect(await readdir(directory)).toEqual([]);
    expect(await setEventEnabled(file, 'PreToolUse', false, { expectedHooks: [] })).toMatchObject({ created: true });
  });
});

describe('the lock (issue 17: concurrent writers never lose a change)', () => {
  async function holdLock(file: string, content: string, ageMs = 0): Promise<string> {
    const lock = join(directory, `.${basename(file)}.lock`);
    await writeFile(lock, content);
    if (ageMs > 0) {
      const seconds = (Date.now() - ageMs) / 1000;
      await utimes(lock, seconds, seconds);
    }
    return lock;
  }

  it('C8: a lock held by a live process makes the writer wait, then give up with the lock file named; nothing written', async () => {
    const file = await fileWith(fixture);
    const holder = spawn('sleep', ['30']);
    try {
      const lock = await holdLock(file, `${holder.pid}\n${hostname()}\nabc\n`);
      const started = Date.now();
      const error = await expectConfigError(setEventEnabled(file, 'PreToolUse', false, { lock: { waitMs: 300 } }));
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(error.code).toBe('E_CONFIG_WRITE');
      // `… for 320 ms`, or `… for 1 s` when a loaded machine took over a second to give up.
      expect(error.problems[0]?.message).toMatch(
        new RegExp(
          `^another process \\(pid ${holder.pid}\\) has kept the file locked for \\d+ m?s; try again \\(if no cosh is running, delete ${lock.replaceAll('.', '\\.')}\\)$`,
        ),
      );
      expect(await readFile(file, 'utf8')).toBe(fixture);
      expect(await readFile(lock, 'utf8')).toContain(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('C8: the lock of a process that is gone is taken over, and no lock file stays behind', async () => {
    const file = await fileWith(fixture);
    await holdLock(file, `${deadPid()}\n${hostname()}\nabc\n`);
    expect(await setEventEnabled(file, 'PreToolUse', false, { lock: { waitMs: 5_000 } })).toMatchObject({
      changed: true,
    });
    expect(await readdir(directory)).toEqual(['setup.json']);
  });

  it('C8: a very old lock is stale even when its pid is alive again (reused)', async () => {
    const file = await fileWith(fixture);
    await holdLock(file, `${process.pid}\n${hostname()}\nold\n`, 10 * 60_000);
    expect(await setEventEnabled(file, 'PreToolUse', false, { lock: { waitMs: 5_000 } })).toMatchObject({
      changed: true,
    });
    expect(await readdir(directory)).toEqual(['setup.json']);
  });

  it('C8: no lock is needed (nor taken) to find that nothing changes', async () => {
    const file = await fileWith(fixture);
    const holder = spawn('sleep', ['30']);
    try {
      await holdLock(file, `${holder.pid}\n${hostname()}\nabc\n`);
      expect(await setEventEnabled(file, 'PreToolUse', true, { lock: { waitMs: 100 } })).toMatchObject({
        changed: false,
      });
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

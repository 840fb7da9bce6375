// Small things a new user noticed on the settings screen (issue 13), each as the user meets it:
// the built `cosh` in an 80×24 pseudo-terminal, keys typed in one write, the screen read back.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, KEYS, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-settings-small-');

let directory: string;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function openSettings(file: string, env: Record<string, string> = {}): TerminalSession {
  const session = new TerminalSession(coshCommandLine(['settings', '--config', file]), { cwd: directory, env });
  sessions.push(session);
  return session;
}

const longMatcher = '^(bash_run|fs_write|find_grep|github__issue)$';

const config = JSON.stringify(
  {
    hooksEnabled: { PostToolUse: false },
    hooks: {
      PreToolUse: [{ name: 'Guard', command: 'true', matcher: longMatcher }],
      PostToolUse: [{ name: 'Log writes', command: 'true' }],
    },
  },
  null,
  2,
);

describe('cosh settings: small things (issue 13)', () => {
  it('C5: the matcher column uses the width the names leave: a long matcher is shown whole in 80 columns', async () => {
    const file = join(directory, 'matcher.json');
    await writeFile(
      file,
      JSON.stringify({ hooks: { PreToolUse: [{ name: 'Guard', command: 'true', matcher: longMatcher }] } }),
    );
    const session = openSettings(file);
    await session.waitFor('Guard');
    expect(session.screen()).toContain(longMatcher);
    session.press('q');
    await session.exited;
  });

  it("C7: a disabled event's hooks read as not running without colour too (NO_COLOR)", async () => {
    const file = join(directory, 'event-off.json');
    await writeFile(file, config);
    const session = openSettings(file, { NO_COLOR: '1' });
    await session.waitFor('Log writes');
    expect(session.screen()).toMatch(/\[on \] Log writes \(event off\)/);
    // The hooks of an event that is on say nothing more.
    expect(session.screen()).not.toMatch(/Guard \(event off\)/);
    // The cursor row is marked by a character, not by colour alone.
    expect(session.cursorLine()).toMatch(/^› \[on \] PreToolUse/);
    session.press('q');
    await session.exited;
  });

  it('C8: the Saved: line clears after a few seconds', async () => {
    const file = join(directory, 'saved.json');
    await writeFile(file, config);
    const session = openSettings(file);
    await session.waitFor('Guard');
    session.press(KEYS.space);
    await session.waitFor('Saved: PreToolUse hooks off');
    // It goes after about 4 s; 12 s is the bound of a loaded machine.
    await session.waitFor((screen) => !screen.includes('Saved:'), 12_000);
    expect(session.cursorLine()).toMatch(/\[off\] PreToolUse/);
    session.press('q');
    await session.exited;
  }, 30_000);

  it('C1: r on a file deleted behind the screen says the file is gone, not "Reloaded"', async () => {
    const file = join(directory, 'deleted.json');
    await writeFile(file, config);
    const session = openSettings(file);
    await session.waitFor('Guard');
    await rm(file);
    session.press('r');
    await session.waitFor('The file is gone');
    expect(session.joinedScreen()).toContain('Showing the defaults; the next change creates it again.');
    expect(session.screen()).not.toContain('Guard');
    session.press('q');
    await session.exited;
  });

  it('C7: scrolled past its switch, the list keeps the event in sight above its hooks (sticky header)', async () => {
    const file = join(directory, 'sticky.json');
    const hooks = Array.from({ length: 30 }, (_, index) => ({ name: `Hook ${index + 1}`, command: `true ${index}` }));
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: hooks } }));
    const session = openSettings(file);
    await session.waitFor('Hook 1');
    const moreAbove = (): string | undefined => session.screenLines().find((line) => /↑ \d+ more/.test(line));
    expect(moreAbove()).toBeUndefined();
    session.press('j'.repeat(20));
    await session.waitFor(() => session.cursorLine()?.includes('Hook 20') === true);
    expect(moreAbove()).toMatch(/^PreToolUse \[on \] {2}↑ \d+ more$/);
    session.press('q');
    await session.exited;
  });
});

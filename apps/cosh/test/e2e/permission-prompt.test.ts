// The permission prompt as a person meets it: `cosh exec` in a real pseudo-terminal (node-pty),
// the screen read from a terminal emulator, answers typed as one write each.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-prompt-');

let directory: string;
let setups = 0;
const sessions: TerminalSession[] = [];

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

/** 30 numbered lines: more than the prompt's preview of 20. */
const longContent = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n');

/** A setup.json of its own per test: one trusted on first use and then rewritten would be "changed". */
async function writeSetup(hooks: Record<string, unknown>): Promise<string> {
  setups += 1;
  // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
  const file = join(directory, `.cosh-config-${setups}`, 'setup.json');
  await mkdir(dirname(file));
  await writeFile(file, JSON.stringify({ hooks }, null, 2));
  return file;
}

function execOnTerminal(tool: string, input: unknown, config: string): TerminalSession {
  const session = new TerminalSession(
    coshCommandLine(['exec', tool, '--input', JSON.stringify(input), '--config', config, '--permission', 'ask']),
    // Tall enough that the whole content fits on the screen after `v`; wide enough that no line wraps.
    { cwd: directory, rows: 60, columns: 200 },
  );
  sessions.push(session);
  return session;
}

describe('the permission prompt on a terminal (T)', () => {
  it('T: fs_write says it creates the file, with its size; v shows all of the content and asks again; y writes it', async () => {
    const config = await writeSetup({});
    const target = 'created.txt';
    const session = execOnTerminal('fs_write', { path: target, content: longContent }, config);
    await session.waitFor('Allow this call? (v shows all of it) [y/N]');
    expect(session.joinedScreen()).toContain(
      `fs_write wants to create ${target} (${Buffer.byteLength(longContent)} bytes)`,
    );
    expect(session.screen()).toContain('  | line 20');
    expect(session.screen()).not.toContain('  | line 30');
    expect(session.screen()).toContain('… (10 more lines)');

    session.press('v\r');
    await session.waitFor('  | line 30');
    // Asked again after the whole content, which was not cut this time.
    expect(session.screen().split('Allow this call?')).toHaveLength(3);

    session.press('y\r');
    expect((await session.exited).exitCode).toBe(0);
    expect(await readFile(join(directory, target), 'utf8')).toBe(longContent);
  });

  it('T: fs_write over an existing file says it replaces it, with both sizes', async () => {
    const config = await writeSetup({});
    await writeFile(join(directory, 'existing.txt'), 'x'.repeat(2048));
    const session = execOnTerminal('fs_write', { path: 'existing.txt', content: 'short\n' }, config);
    await session.waitFor('Allow this call? [y/N]');
    expect(session.joinedScreen()).toContain('fs_write wants to replace existing.txt (2 KiB now, 6 bytes after)');
    session.press('n\r');
    expect((await session.exited).exitCode).toBe(2);
    expect(await readFile(join(directory, 'existing.txt'), 'utf8')).toBe('x'.repeat(2048));
  });

  it("A7/T: a call a hook rewrote says (rewritten by hook '<name>') and shows the rewritten input", async () => {
    const config = await writeSetup({
      PreToolUse: [
        {
          name: 'add header',
          matcher: '^fs_write$',
          // printf, not echo: dash's echo would turn the \n escape into a raw newline (invalid JSON).
          command: `printf '%s' '{"updated_input": {"content": "# generated\\nbody"}}'`,
        },
        { name: 'only looks', command: 'true' },
      ],
    });
    const session = execOnTerminal('fs_write', { path: 'rewritten.txt', content: 'body' }, config);
    await session.waitFor('Allow this call? [y/N]');
    expect(session.joinedScreen()).toContain("(rewritten by hook 'add header'):");
    expect(session.joinedScreen()).not.toContain('only looks');
    expect(session.screen()).toContain('  | # generated');
    session.press('y\r');
    expect((await session.exited).exitCode).toBe(0);
    expect(await readFile(join(directory, 'rewritten.txt'), 'utf8')).toBe('# generated\nbody');
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeTerminal } from './__fixtures__/fake-terminal.ts';
import { createTerminalPrompt } from './terminal-prompt.ts';

const makeFolder = temporaryFolders('cosh-prompt-unit-');

const request = { toolName: 'bash_run', toolInput: { command: 'make clean' } };
const question = '\nbash_run wants to run:\n  $ make clean\nAllow this call? [y/N] ';

async function answerWith(typed: string): Promise<{ allowed: boolean; shown: string }> {
  const terminal = fakeTerminal();
  const prompt = createTerminalPrompt(terminal);
  const allowed = prompt(request);
  terminal.input.write(typed);
  return { allowed: await allowed, shown: terminal.shown() };
}

let folder: string;

beforeAll(async () => {
  folder = makeFolder();
  await writeFile(join(folder, 'existing.txt'), 'old text');
});

describe('createTerminalPrompt', () => {
  it('T: shows the call as it will run, then asks y/N', async () => {
    const { allowed, shown } = await answerWith('y\n');
    expect(allowed).toBe(true);
    expect(shown).toBe(question);
  });

  for (const typed of ['y\n', 'Y\n', 'yes\n', 'YES\r\n', '  y  \n']) {
    it(`T: ${JSON.stringify(typed)} allows`, async () => {
      expect((await answerWith(typed)).allowed).toBe(true);
    });
  }

  for (const typed of ['\n', 'n\n', 'no\n', 'maybe\n', 'yy\n', 'ye s\n', 'sure\n']) {
    it(`T: ${JSON.stringify(typed)} refuses (the default is no)`, async () => {
      expect((await answerWith(typed)).allowed).toBe(false);
    });
  }

  it('T: an answer typed in pieces is read up to the newline', async () => {
    const terminal = fakeTerminal();
    const allowed = createTerminalPrompt(terminal)(request);
    terminal.input.write('y');
    await new Promise((resolve) => setTimeout(resolve, 10));
    terminal.input.write('es\n');
    expect(await allowed).toBe(true);
  });

  it('T: the end of the input refuses and ends the question line', async () => {
    const terminal = fakeTerminal();
    const allowed = createTerminalPrompt(terminal)(request);
    terminal.input.end();
    expect(await allowed).toBe(false);
    expect(terminal.shown()).toBe(`${question}\n`);
  });

  it('T: an input that already ended refuses at once', async () => {
    const input = Readable.from([]);
    for await (const _ of input) void _;
    const terminal = fakeTerminal();
    expect(await createTerminalPrompt({ input, output: terminal.output })(request)).toBe(false);
  });

  it('T: "y" then the end of the input (no newline) allows', async () => {
    const terminal = fakeTerminal();
    const allowed = createTerminalPrompt(terminal)(request);
    terminal.input.end('y');
    expect(await allowed).toBe(true);
  });

  it('T: a read error refuses, whether it comes before or during the question', async () => {
    const early = fakeTerminal();
    const refusedEarly = createTerminalPrompt(early)(request);
    early.input.destroy(new Error('EIO'));
    expect(await refusedEarly).toBe(false);

    const during = fakeTerminal();
    const refusedDuring = createTerminalPrompt(during)(request);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(during.shown()).toBe(question);
    during.input.destroy(new Error('EIO'));
    expect(await refusedDuring).toBe(false);
  });

  it('T: an output that cannot show the question refuses without reading an answer', async () => {
    const terminal = fakeTerminal();
    terminal.output.end();
    terminal.input.write('y\n');
    expect(await createTerminalPrompt(terminal)(request)).toBe(false);
  });

  it('T: two answers typed at once serve two prompts in order', async () => {
    const terminal = fakeTerminal();
    const prompt = createTerminalPrompt(terminal);
    terminal.input.write('y\nn\n');
    expect(await prompt(request)).toBe(true);
    expect(await prompt({ toolName: 'fs_write', toolInput: { path: 'a', content: 'b' } })).toBe(false);
  });

  it('T: concurrent prompts take turns: the second question appears after the first answer', async () => {
    const terminal = fakeTerminal();
    const prompt = createTerminalPrompt(terminal);
    const first = prompt(request);
    const second = prompt({ toolName: 'fs_write', toolInput: { path: 'notes.txt', content: 'x' }, cwd: folder });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(terminal.shown()).toBe(question);
    terminal.input.write('n\n');
    expect(await first).toBe(false);
    // The second question looks the file up first (create or replace): on a loaded machine that
    // took longer than a fixed 10 ms wait, so wait for the question itself.
    await vi.waitFor(() =>
      expect(terminal.shown()).toContain(`fs_write wants to create notes.txt (1 byte), in ${folder}:`),
    );
    terminal.input.write('y\n');
    expect(await second).toBe(true);
  });

  it('T: fs_write says whether it creates the file or replaces one, looked up from where it runs', async () => {
    const terminal = fakeTerminal();
    const prompt = createTerminalPrompt(terminal);
    terminal.input.write('n\nn\n');
    await prompt({ toolName: 'fs_write', toolInput: { path: 'existing.txt', content: 'new' }, cwd: folder });
    await prompt({ toolName: 'fs_write', toolInput: { path: join(folder, 'fresh.txt'), content: 'new' } });
    expect(terminal.shown()).toContain(
      `fs_write wants to replace existing.txt (8 bytes now, 3 bytes after), in ${folder}:`,
    );
    expect(terminal.shown()).toContain(`fs_write wants to create ${join(folder, 'fresh.txt')} (3 bytes):`);
  });

  it('T: a path that cannot be looked at says neither create nor replace', async () => {
    const terminal = fakeTerminal();
    terminal.input.write('n\n');
    // A path through a file: stat fails with ENOTDIR, not ENOENT.
    await createTerminalPrompt(terminal)({
      toolName: 'fs_write',
      toolInput: { path: 'existing.txt/inner', content: 'new' },
      cwd: folder,
    });
    expect(terminal.shown()).toContain('fs_write wants to write 3 bytes to existing.txt/inner');
  });

  it('T: a cut preview offers v, which shows all of it and asks again; the answer after it decides', async () => {
    const content = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n');
    const terminal = fakeTerminal();
    const allowed = createTerminalPrompt(terminal)({
      toolName: 'fs_write',
      toolInput: { path: 'a.txt', content },
      cwd: folder,
    });
    terminal.input.write('v\ny\n');
    expect(await allowed).toBe(true);
    const shown = terminal.shown();
    expect(shown.match(/Allow this call\? \(v shows all of it\) \[y\/N\] /g)).toHaveLength(2);
    const [preview, whole] = shown.split('Allow this call?');
    expect(preview).not.toContain('| line 30');
    expect(preview).toContain('… (10 more lines)');
    expect(whole).toContain('  | line 30');
    expect(whole).not.toContain('more lines');
  });

  it('T: v is not offered, and refuses, when the preview already shows everything', async () => {
    const { allowed, shown } = await answerWith('v\n');
    expect(allowed).toBe(false);
    expect(shown).toBe(question);
  });
});

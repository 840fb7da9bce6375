import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fakeTerminal } from './__fixtures__/fake-terminal.ts';
import { createTerminalPrompt } from './terminal-prompt.ts';

const request = { toolName: 'bash_run', toolInput: { command: 'make clean' } };
const question = '\nbash_run wants to run:\n  $ make clean\nAllow this call? [y/N] ';

async function answerWith(typed: string): Promise<{ allowed: boolean; shown: string }> {
  const terminal = fakeTerminal();
  const prompt = createTerminalPrompt(terminal);
  const allowed = prompt(request);
  terminal.input.write(typed);
  return { allowed: await allowed, shown: terminal.shown() };
}

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
    const second = prompt({ toolName: 'fs_write', toolInput: { path: 'notes.txt', content: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(terminal.shown()).toBe(question);
    terminal.input.write('n\n');
    expect(await first).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(terminal.shown()).toContain('fs_write wants to write 1 byte to notes.txt:');
    terminal.input.write('y\n');
    expect(await second).toBe(true);
  });
});

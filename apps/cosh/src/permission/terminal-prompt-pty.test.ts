import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openTerminal } from '@cosh/cosh-cli';
import { temporaryFolders } from '@cosh/test-utils';
import { createTerminalPrompt } from './terminal-prompt.ts';

const makeFolder = temporaryFolders('cosh-tty-');
const hasPython = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;
const ptyPair = fileURLToPath(new URL('./__fixtures__/pty-pair.py', import.meta.url));

describe('openTerminal', () => {
  it('T: no terminal there means undefined, so the check refuses with a hint', async () => {
    const folder = makeFolder();
    await writeFile(path.join(folder, 'file'), '');
    expect(openTerminal(path.join(folder, 'file'))).toBeUndefined();
    expect(openTerminal(path.join(folder, 'missing'))).toBeUndefined();
  });

  it.skipIf(!hasPython)('T: a real terminal shows the question and takes the answer', async () => {
    const person = spawn('python3', [ptyPair, 'y\r'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    person.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString()));
    const [firstLine] = (await once(person.stdout, 'data')) as [Buffer];
    const terminalPath = firstLine.toString().trim();
    const terminal = openTerminal(terminalPath);
    expect(terminal).toBeDefined();
    if (terminal === undefined) return;
    try {
      const allowed = await createTerminalPrompt(terminal)({ toolName: 'bash_run', toolInput: { command: 'echo hi' } });
      expect(allowed).toBe(true);
    } finally {
      terminal.close();
      person.stdin.end();
      await once(person, 'close');
    }
    // The terminal turns \n into \r\n on output.
    expect(screen.replace(/\r\n/g, '\n')).toBe('\nbash_run wants to run:\n  $ echo hi\nAllow this call? [y/N] ');
  });
});

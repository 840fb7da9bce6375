// Colour belongs to terminals only: run the binary under a real pseudo-terminal (util-linux
// `script`) and check the escape codes appear there, and never with NO_COLOR.
import { execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { temporaryFolders, TRUST_ALL_ENV } from '@cosh/test-utils';

const makeFolder = temporaryFolders('cosh-terminal-');

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let directory: string;
let file: string;

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
  file = join(directory, 'setup.json');
  await writeFile(file, '{"hooks": {"PreToolUse": [{"command": "true", "matcher": "*run"}]}}');
});

/** Runs cosh with stdout and stderr on a pseudo-terminal; returns what the terminal showed. */
function inTerminal(args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const quoted = [process.execPath, coshBin, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', quoted, '/dev/null'], {
      cwd: directory,
      env: { PATH: process.env['PATH'], ...TRUST_ALL_ENV, HOME: directory, TERM: 'xterm-256color', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(screen));
  });
}

describe.skipIf(!hasScript)('on a terminal', () => {
  it('colours validate and list output', async () => {
    const validated = await inTerminal(['hooks', 'validate', '--config', file], {});
    expect(validated).toContain('\u001b[33mwarning\u001b[39m');
    expect(validated).toContain('\u001b[1m');
    expect(await inTerminal(['hooks', 'list', '--config', file], {})).toContain('\u001b[32menabled\u001b[39m');
  });

  it('never colours with NO_COLOR', async () => {
    const screen = await inTerminal(['hooks', 'validate', '--config', file], { NO_COLOR: '1' });
    expect(screen).toContain(`${file}:1:58: warning:`);
    expect(screen).not.toContain('\u001b[');
  });
});

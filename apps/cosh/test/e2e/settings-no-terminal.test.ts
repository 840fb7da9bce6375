// `cosh settings` where there is no terminal to draw on (a pipe, a script, CI), and the promise
// that the screen's libraries (ink, react) load for the screen only.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh as runCoshIn } from '../__fixtures__/cli-run.ts';
import { coshCommandLine, KEYS, shellQuote, TerminalSession } from '../__fixtures__/settings-terminal.ts';

const makeFolder = temporaryFolders('cosh-settings-text-');

const traceImports = fileURLToPath(new URL('../__fixtures__/trace-imports.mjs', import.meta.url));
// A string literal only ink's own code contains (the name of its root node), in any quotes (the
// minified app bundle writes string literals as template literals).
const inkMarker = /["'`]ink-root["'`]/;

let directory: string;

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

/** Runs the built cosh with pipes for stdin, stdout and stderr: no terminal anywhere. */
function runCosh(args: readonly string[], env: NodeJS.ProcessEnv = {}, nodeOptions: readonly string[] = []) {
  return runCoshIn(args, { cwd: directory, env, nodeOptions });
}

describe('cosh settings without a terminal', () => {
  it('C7 C5: prints the same rows once, says to use cosh hooks enable|disable, and exits 0', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(
      file,
      '{"hooksEnabled": {"PreToolUse": false}, "hooks": {"PreToolUse": [{"name": "Guard", "command": "true", "matcher": "(", "timeout": 5}]}}',
    );
    const run = await runCosh(['settings', '--config', file]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Cosh settings: ${file}`);
    expect(run.stdout).toMatch(/^\[off\] PreToolUse {3}1 hook · none of them run$/m);
    // Its event is off: it reads as not running (issue 13).
    expect(run.stdout).toMatch(/^ {2}\[on \] Guard \(event off\) {2}\( +5s$/m);
    expect(run.stdout).toMatch(
      /^ {8}⚠ invalid matcher: "\(" \(unterminated group\), never runs; did you mean "\\\\\("\?$/m,
    );
    expect(run.stdout).toMatch(/^\[on \] PostToolUse {2}no hooks$/m);
    expect(run.stdout).toContain('use `cosh hooks enable|disable <PreToolUse|PostToolUse>`');
    // Printed once, plainly: no screen drawing, no colour.
    expect(run.stdout.match(/Cosh settings:/g)).toHaveLength(1);
    expect(run.stdout).not.toContain('\u001b');
  });

  it('C1: no file yet shows the defaults and creates nothing', async () => {
    const file = join(directory, 'absent', 'setup.json');
    const run = await runCosh(['settings', '--config', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No config file yet');
    expect(run.stdout).toMatch(/^\[on \] PreToolUse {3}no hooks$/m);
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
  });

  it('C6: a config with errors exits 78 with each problem as file:line:col on stderr', async () => {
    const file = join(directory, 'broken.json');
    await writeFile(file, '{\n  "hooks": {\n    "PreToolUse": [{ "command": "true", "timeout": "60" }]\n  }\n}\n');
    const run = await runCosh(['settings', '--config', file]);
    expect(run.code).toBe(78);
    expect(run.stdout).toContain('Read-only: the config has errors');
    expect(run.stderr).toContain(`${file}:3:52: error: hooks.PreToolUse[0].timeout must be a number`);
  });

  it('an empty --config is bad usage (64), like every command', async () => {
    const run = await runCosh(['settings', '--config', '']);
    expect(run.code).toBe(64);
  });
});

describe('what the settings command loads', () => {
  async function loadedFiles(trace: string): Promise<string[]> {
    const urls = (await readFile(trace, 'utf8')).split('\n').filter((line) => line !== '');
    return urls.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
  }

  async function loadsInk(files: readonly string[]): Promise<boolean> {
    for (const file of files) if (inkMarker.test(await readFile(file, 'utf8'))) return true;
    return false;
  }

  it('other commands, and settings without a terminal, never load ink or react', async () => {
    // Its own file: `hooks list` must succeed whether or not the tests above ran first.
    const file = join(directory, 'load-trace.json');
    await writeFile(file, '{"hooks": {"PreToolUse": [{"name": "Guard", "command": "true"}]}}');
    for (const args of [['--version'], ['hooks', 'list', '--config', file], ['settings', '--config', file]]) {
      const trace = join(directory, `trace-${args[0]}-${args.length}.txt`);
      const run = await runCosh(args, { COSH_TEST_IMPORT_TRACE: trace }, ['--import', traceImports]);
      expect(run.code).toBe(0);
      const files = await loadedFiles(trace);
      expect(files.some((loaded) => loaded.endsWith('cli.js'))).toBe(true);
      expect(await loadsInk(files)).toBe(false);
    }
  });

  it('the screen on a terminal does load it (the check above can fail)', async () => {
    const file = join(directory, 'setup.json');
    const trace = join(directory, 'trace-screen.txt');
    const commandLine = `COSH_TEST_IMPORT_TRACE=${shellQuote(trace)} ${coshCommandLine([
      'settings',
      '--config',
      file,
    ]).replace(shellQuote(coshBin), `--import ${shellQuote(traceImports)} ${shellQuote(coshBin)}`)}`;
    const session = new TerminalSession(commandLine, { cwd: directory });
    try {
      await session.waitFor('q/esc quit');
      session.press('q');
      expect((await session.exited).exitCode).toBe(0);
    } finally {
      session.kill();
    }
    expect(await loadsInk(await loadedFiles(trace))).toBe(true);
  });
});

describe('cosh settings drawn on a terminal that is not the controlling one', () => {
  it('S4: a toggle is written, the screen and the exit say the trusted copy still runs: exit 77', async () => {
    const file = join(directory, 'untrusted-toggle.json');
    await writeFile(file, '{"hooks": {"PreToolUse": [{"name": "Guard", "command": "true"}]}}\n');
    // setsid: a new session with no controlling terminal; stdio stays the pseudo-terminal, so the
    // screen draws (a program's terminal pair: no person is proven there, S4).
    const session = new TerminalSession(`setsid -w ${coshCommandLine(['settings', '--config', file])}`, {
      cwd: directory,
    });
    try {
      await session.waitFor('q/esc quit');
      session.press(KEYS.space);
      await session.waitFor('not trusted: the trusted copy still runs');
      session.press('q');
      expect((await session.exited).exitCode).toBe(77);
      expect(session.output.replace(/\s+/g, ' ')).toContain(
        'does not run until a person runs cosh hooks trust at a terminal',
      );
    } finally {
      session.kill();
    }
    expect(await readFile(file, 'utf8')).toContain('"PreToolUse": false');
  });
});

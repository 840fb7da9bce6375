// Every fenced shell example of docs/ and examples/ marked `<!-- runnable -->` runs as written,
// through the built binary, in a fresh HOME (issue 36): a page's examples in order, each with the
// exit status the page gives it. And docs/writing-a-hook.md, followed literally by a new user at
// a terminal (a pseudo-terminal, no COSH_TRUST), works from its first command.
import { spawn } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { runnableExamples } from '../__fixtures__/runnable-examples.ts';

const makeFolder = temporaryFolders('cosh-runnable-docs-');
const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const onTerminal = fileURLToPath(new URL('../__fixtures__/exec-on-terminal.py', import.meta.url));

/** The Markdown pages of docs/ and examples/, relative to the repository, sorted. */
async function pages(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ['docs', 'examples']) {
    const entries = await readdir(join(repository, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.md'))
        found.push(relative(repository, join(entry.parentPath, entry.name)));
    }
  }
  return found.sort();
}

/** A fresh HOME with a `cosh` on PATH that runs the built binary. */
async function freshHome(): Promise<{ home: string; env: NodeJS.ProcessEnv }> {
  const home = makeFolder();
  const bin = join(home, '.test-bin');
  await mkdir(bin);
  await writeFile(join(bin, 'cosh'), `#!/bin/sh\nexec '${process.execPath}' '${coshBin}' "$@"\n`);
  await chmod(join(bin, 'cosh'), 0o755);
  const env = {
    PATH: `${bin}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    HOME: home,
    LANG: 'C.UTF-8',
  };
  return { home, env };
}

function runShell(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(args[0] as string, args.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

beforeAll(async () => {
  await assertBuilt();
});

describe('runnable examples of the docs (issue 36)', () => {
  it('X: the marker is read strictly: a mark with no shell fence after it is an error naming its line', () => {
    const page = 'x.md\n<!-- runnable exit=2 -->\n```sh\nfalse\n```\n\n<!-- runnable -->\ntext\n';
    expect(() => runnableExamples('x.md', page.slice(5))).toThrow('x.md:6: <!-- runnable --> must be followed');
    expect(runnableExamples('x.md', '<!-- runnable exit=2 -->\n```sh\nexit 2\n```\n')).toEqual([
      { where: 'x.md:2', script: 'exit 2\n', exit: 2 },
    ]);
  });

  it('X: the hook guide marks its walkthrough runnable, every step', async () => {
    const guide = await readFile(join(repository, 'docs/writing-a-hook.md'), 'utf8');
    expect(runnableExamples('docs/writing-a-hook.md', guide).length).toBeGreaterThanOrEqual(5);
  });

  it('X: every marked example of docs/ and examples/ runs in a fresh HOME with the exit status its page gives', async () => {
    let ran = 0;
    for (const page of await pages()) {
      const examples = runnableExamples(page, await readFile(join(repository, page), 'utf8'));
      if (examples.length === 0) continue;
      const { home, env } = await freshHome();
      // No terminal here: files are trusted by the environment (the terminal walk is below).
      const pageEnv = { ...env, COSH_TRUST: 'all' };
      for (const example of examples) {
        const run = await runShell(['/bin/sh', '-c', example.script], { cwd: home, env: pageEnv });
        expect({ where: example.where, exit: run.code, output: run.output }).toMatchObject({
          where: example.where,
          exit: example.exit,
        });
        ran += 1;
      }
    }
    expect(ran).toBeGreaterThanOrEqual(5);
  }, 180_000);

  it('X/S4: docs/writing-a-hook.md followed literally at a terminal on a fresh HOME works from its first command', async () => {
    const guide = await readFile(join(repository, 'docs/writing-a-hook.md'), 'utf8');
    const examples = runnableExamples('docs/writing-a-hook.md', guide);
    const { home, env } = await freshHome();
    // One shell at the terminal, as a person pasting each step: each step's exit status noted.
    const steps = examples.map((example, index) => `${example.script}echo "[step ${index} exit $?]"\n`).join('');
    await writeFile(join(home, '.walkthrough.sh'), steps);
    const run = await runShell(['python3', onTerminal, '', '/bin/sh', join(home, '.walkthrough.sh')], {
      cwd: home,
      env,
    });
    // The terminal shows colours: compared without them.
    const screen = stripVTControlCharacters(run.output).replaceAll('\r', '');
    expect(run.code, screen).toBe(0);
    const exits = [...screen.matchAll(/\[step (\d+) exit (\d+)\]/g)].map((found) => Number(found[2]));
    expect(exits, screen).toEqual(examples.map((example) => example.exit));
    // The first command that loads the file trusts it on first use, with the notice, and denies.
    expect(screen).toContain('on first use');
    expect(screen).not.toContain('not trusted yet');
    expect(screen).toContain('Decision: deny');
    expect(screen).toContain('Blocked by hook: force push is not allowed: push a branch and open a pull request');
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { temporaryFolders } from '@cosh/test-utils';
import type { Command } from 'commander';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../__fixtures__/run-in-process.ts';

const execFileAsync = promisify(execFile);
const makeFolder = temporaryFolders('cosh-cli-completion-');

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

/** A command the app would add: the script must know it without a hand-kept list. */
const extend = (program: Command): void => {
  program
    .command('exec')
    .argument('<tool>')
    .option('--input <json>', 'the input')
    .addOption(program.createOption('--permission <mode>', 'who decides').choices(['ask', 'allow', 'deny']));
};

async function script(shell: string): Promise<string> {
  const result = await runInProcess(['completion', shell], { cwd: directory, extend });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  return result.stdout;
}

/** What bash's completion function offers for the words typed so far (the last one being completed). */
async function complete(words: readonly string[]): Promise<string[]> {
  const loaded = await script('bash');
  const typed = words.map((word) => `'${word}'`).join(' ');
  const { stdout } = await execFileAsync('bash', [
    '--norc',
    '-c',
    `${loaded}\nCOMP_WORDS=(cosh ${typed}); COMP_CWORD=${words.length}; _cosh; printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]);
  return stdout.split('\n').filter((line) => line !== '');
}

describe('cosh completion (SPEC X)', () => {
  it('X: bash: the script loads in bash and registers the completion of cosh', async () => {
    const loaded = await script('bash');
    const { stdout } = await execFileAsync('bash', ['--norc', '-c', `${loaded}\ncomplete -p cosh`]);
    expect(stdout.trim()).toBe('complete -o default -F _cosh cosh');
  });

  it('X: bash completes commands, subcommands and options at every depth, app commands included', async () => {
    expect(await complete(['ho'])).toEqual(['hooks']);
    expect(await complete([''])).toEqual(
      expect.arrayContaining(['hooks', 'claude-hook', 'settings', 'completion', 'help', 'exec']),
    );
    expect(await complete(['hooks', 'v'])).toEqual(['validate']);
    expect(await complete(['hooks', 'run', 'PreToolUse', '--to'])).toEqual(['--tool']);
    // X: hooks explain is in the tree the completion is generated from.
    expect(await complete(['hooks', 'expl'])).toEqual(['explain']);
    expect(await complete(['hooks', 'explain', 'PreToolUse', '--to'])).toEqual(['--tool']);
    expect(await complete(['hooks', 'run', '--'])).toEqual(expect.arrayContaining(['--exit-code', '--json', '--help']));
    expect(await complete(['exec', '--i'])).toEqual(['--input']);
  });

  it('X: bash skips options and their values to find the command, and completes choices', async () => {
    expect(await complete(['hooks', 'list', '--config', 'list', '--j'])).toEqual(['--json']);
    expect(await complete(['exec', '--permission', 'a'])).toEqual(['ask', 'allow']);
    // A value of an option (a file name) is left to bash's default completion.
    expect(await complete(['hooks', 'list', '--config', ''])).toEqual([]);
  });

  it('X: zsh gets the same rules through bashcompinit; fish gets its own complete lines with descriptions', async () => {
    const zsh = await script('zsh');
    expect(zsh).toContain('autoload -U +X bashcompinit && bashcompinit');
    expect(zsh).toContain("'hooks run') REPLY=");
    const fish = await script('fish');
    expect(fish).toContain("complete -c cosh -n '__cosh_at \\'\\'' -a 'hooks' -d 'inspect and toggle");
    expect(fish).toContain("complete -c cosh -n '__cosh_at \\'hooks run\\'' -l exit-code -d 'exit 2 when");
    expect(fish).toContain("-l permission -x -a 'ask allow deny'");
    expect(fish).toContain("-l config -r -F -d 'the setup.json to use");
  });

  it('X: another shell is a usage mistake (exit 64)', async () => {
    expect(await runInProcess(['completion', 'tcsh'], { cwd: directory })).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: unknown shell 'tcsh' (expected bash, zsh, fish). See 'cosh completion --help'.\n",
    });
  });
});

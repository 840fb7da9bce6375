// The command-line contract of issue 28 through the built binary: help and exit statuses, shell
// completion, `cosh init`, `hooks run --exit-code`, `exec`'s blocked_by, and C6/M2 as a user
// meets them in `hooks validate` and `hooks run`.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin, runCosh } from '../__fixtures__/cli-run.ts';

const execFileAsync = promisify(execFile);
const makeFolder = temporaryFolders('cosh-contract-');

let directory: string;

beforeAll(async () => {
  await assertBuilt();
});

const fresh = (): string => {
  directory = makeFolder();
  return directory;
};

async function setup(name: string, document: unknown): Promise<string> {
  const file = join(directory, name);
  await writeFile(file, typeof document === 'string' ? document : JSON.stringify(document));
  return file;
}

describe('help (SPEC X)', () => {
  it('X: `cosh` alone prints the top-level help, exit 0, the same text as `cosh --help`', async () => {
    const cwd = fresh();
    const alone = await runCosh([], { cwd });
    expect(alone).toEqual({ ...(await runCosh(['--help'], { cwd })), code: 0 });
    expect(alone.stdout).toMatch(/^Usage: cosh /);
    expect(alone.stderr).toBe('');
  });

  it("X: `cosh help <command>` prints that command's help, exit 0, nothing on stderr", async () => {
    const cwd = fresh();
    for (const words of [['hooks'], ['hooks', 'run'], ['exec'], ['mcp', 'proxy'], ['init'], ['completion']]) {
      const viaHelp = await runCosh(['help', ...words], { cwd });
      expect(viaHelp, words.join(' ')).toEqual({
        code: 0,
        stdout: (await runCosh([...words, '--help'], { cwd })).stdout,
        stderr: '',
      });
    }
    expect(await runCosh(['help', 'exce'], { cwd })).toEqual({
      code: 64,
      stdout: '',
      stderr: "cosh: unknown command 'exce' (did you mean exec?). See 'cosh --help'.\n",
    });
  });
});

describe('cosh hooks run --exit-code (SPEC X)', () => {
  it('X: 2 on deny, 49 on halt, 0 otherwise; without it 0 whatever the verdict', async () => {
    fresh();
    const file = await setup('setup.json', {
      hooks: {
        PreToolUse: [
          { matcher: '^bash_run$', command: 'grep -q "rm -rf" && { echo "no rm -rf" >&2; exit 2; }; exit 0' },
          { matcher: '^halt_me$', command: 'exit 49' },
        ],
      },
    });
    const run = (tool: string, input: string, extra: string[] = ['--exit-code']) =>
      runCosh(['hooks', 'run', 'PreToolUse', '--tool', tool, '--input', input, '--config', file, '--json', ...extra], {
        cwd: directory,
      });
    const denied = await run('bash_run', '{"command": "rm -rf /"}');
    expect(denied.code).toBe(2);
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: 'deny', reasons: ['no rm -rf'] });
    expect((await run('halt_me', '{}')).code).toBe(49);
    expect((await run('bash_run', '{"command": "ls"}')).code).toBe(0);
    expect((await run('bash_run', '{"command": "rm -rf /"}', [])).code).toBe(0);
  });
});

describe('cosh exec blocked_by (SPEC X)', () => {
  it('X: --json says "hook" or "permission", and the human text names which', async () => {
    fresh();
    const file = await setup('setup.json', {
      hooks: { PreToolUse: [{ matcher: '^fs_read$', command: 'echo "reads are off" >&2; exit 2' }] },
    });
    const env = { COSH_SANDBOX: 'off' };
    const byHook = await runCosh(['exec', 'fs_read', '--input', '{"path": "setup.json"}', '--config', file, '--json'], {
      cwd: directory,
      env,
    });
    expect(byHook.code).toBe(2);
    expect(JSON.parse(byHook.stdout)).toMatchObject({ status: 'blocked', blocked_by: 'hook' });
    const byPermission = await runCosh(
      ['exec', 'bash_run', '--input', '{"command": "true"}', '--config', file, '--permission', 'deny', '--json'],
      { cwd: directory, env },
    );
    expect(byPermission.code).toBe(2);
    expect(JSON.parse(byPermission.stdout)).toMatchObject({ status: 'blocked', blocked_by: 'permission' });

    const hookText = await runCosh(['exec', 'fs_read', '--input', '{"path": "setup.json"}', '--config', file], {
      cwd: directory,
      env,
    });
    expect(hookText.stdout).toBe('Blocked by hook: reads are off\n');
    const permissionText = await runCosh(
      ['exec', 'bash_run', '--input', '{"command": "true"}', '--config', file, '--permission', 'deny'],
      { cwd: directory, env },
    );
    expect(permissionText.stdout).toBe('Permission denied: bash_run\n');
    expect(permissionText.stderr).toContain('bash_run was not run: --permission deny refuses');
  });
});

describe('cosh completion (SPEC X)', () => {
  it('X: the bash script loads in bash and completes `cosh ho<TAB>`, `cosh hooks run --ex<TAB>` and app commands', async () => {
    const cwd = fresh();
    const result = await runCosh(['completion', 'bash'], { cwd });
    expect(result.code).toBe(0);
    const file = await setup('cosh.bash', result.stdout);
    const complete = async (words: readonly string[]): Promise<string[]> => {
      const typed = words.map((word) => `'${word}'`).join(' ');
      const { stdout } = await execFileAsync('bash', [
        '--norc',
        '-c',
        `source '${file}'; COMP_WORDS=(cosh ${typed}); COMP_CWORD=${words.length}; _cosh; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ]);
      return stdout.split('\n').filter((line) => line !== '');
    };
    expect(await complete(['ho'])).toEqual(['hooks']);
    expect(await complete(['hooks', 'run', 'PreToolUse', '--ex'])).toEqual(['--exit-code']);
    expect(await complete(['mcp', 'p'])).toEqual(['proxy']);
    expect(await complete(['exec', 'bash_run', '--permission', 'd'])).toEqual(['deny']);
    expect(await complete(['in'])).toEqual(['init']);
    for (const shell of ['zsh', 'fish']) {
      const script = await runCosh(['completion', shell], { cwd });
      expect(script.code, shell).toBe(0);
      expect(script.stdout, shell).toContain('mcp proxy');
    }
  });
});

describe('cosh init (SPEC X)', () => {
  it('X/S4: without a terminal: writes the starter, valid and clean, untrusted, and says how to trust it', async () => {
    const cwd = fresh();
    const env = { COSH_TRUST: undefined };
    const result = await runCosh(['init'], { cwd, env });
    expect(result.code).toBe(0);
    const file = join(cwd, '.config', 'cosh', 'setup.json');
    expect(result.stdout).toContain(`Wrote a starter setup.json to ${file}`);
    expect(result.stdout).toContain('cosh hooks trust');
    expect(await readFile(file, 'utf8')).toMatch(/^\/\/ Cosh setup\.json, written by `cosh init`/);
    expect(await runCosh(['hooks', 'validate', '--json'], { cwd, env })).toMatchObject({ code: 0 });
    const validated = JSON.parse((await runCosh(['hooks', 'validate', '--json'], { cwd, env })).stdout);
    expect(validated).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(validated.files).toEqual([expect.objectContaining({ path: file, trust: 'untrusted' })]);
    // Never overwritten.
    const again = await runCosh(['init'], { cwd, env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already: nothing was written');
  });

  const hasScript = (() => {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasScript)('X/S4: at a terminal: trusted, and its rm -rf block denies at once', async () => {
    const cwd = fresh();
    const command = [process.execPath, coshBin, 'init'].map((word) => `'${word}'`).join(' ');
    await new Promise<void>((resolve, reject) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        cwd,
        env: { PATH: process.env['PATH'], HOME: cwd, TERM: 'xterm-256color' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let screen = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
      child.on('error', reject);
      child.on('close', () => {
        if (screen.includes('Trusted: its hooks run from now on.')) resolve();
        else reject(new Error(`not trusted; the terminal showed:\n${screen}`));
      });
    });
    const run = await runCosh(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "rm -rf ~"}', '--exit-code'],
      { cwd, env: { COSH_TRUST: undefined } },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('rm -rf is not allowed');
  });
});

describe('C6 and M2 as a user meets them', () => {
  it("C6: one validate run lists a misspelt event and its entry's matchr typo", async () => {
    fresh();
    const file = await setup(
      'setup.json',
      '{\n  "hooks": {\n    "PretoolUse": [\n      {"matchr": "^bash_run$", "command": "./guard.sh"}\n    ]\n  }\n}\n',
    );
    const result = await runCosh(['hooks', 'validate', '--config', file], { cwd: directory });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`${file}:3:5: error: unknown event "PretoolUse" (did you mean PreToolUse?)`);
    expect(result.stderr).toContain(
      `${file}:4:8: error: hooks.PretoolUse[0]: unknown field "matchr" (did you mean matcher?)`,
    );
  });

  it('M2: "*" alone is every tool: no warning, and the hook runs', async () => {
    fresh();
    const file = await setup('setup.json', { hooks: { PreToolUse: [{ matcher: '*', command: 'exit 2' }] } });
    expect(await runCosh(['hooks', 'validate', '--config', file], { cwd: directory })).toMatchObject({
      code: 0,
      stderr: '',
    });
    for (const tool of ['bash_run', 'fs_read', 'mcp_anything']) {
      const run = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', tool, '--config', file, '--json'], {
        cwd: directory,
      });
      expect(JSON.parse(run.stdout), tool).toMatchObject({ decision: 'deny' });
      expect(run.stderr).toBe('');
    }
  });
});

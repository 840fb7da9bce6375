// `pnpm install-global` (scripts/install-global.mjs): the app packed as it will be published and
// installed with `npm install -g` into an empty prefix made here (never the machine's own), then
// used as a person would from PATH. The tarball's manifest must list no dependency (the bundle
// holds them), so the install adds exactly one package. --skip-build: this suite built first, and
// other files run the binary meanwhile (a rebuild would replace dist/ under them).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders, TRUST_ALL_ENV, withoutTrustAllWarning } from '@cosh/test-utils';
import { assertBuilt } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-install-global-test-');

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const appVersion: string = JSON.parse(readFileSync(join(root, 'apps/cosh/package.json'), 'utf8')).version;
let folder: string;
let prefix: string;
let install: { code: number | null; stdout: string; stderr: string };

beforeAll(async () => {
  await assertBuilt();
  folder = makeFolder();
  prefix = join(folder, 'prefix');
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/install-global.mjs'), '--skip-build', '--prefix', prefix],
    {
      cwd: root,
      // npm's cache and logs go to this folder, not the machine's.
      env: { ...process.env, npm_config_cache: join(folder, 'npm-cache'), npm_config_update_notifier: 'false' },
      encoding: 'utf8',
    },
  );
  install = { code: result.status, stdout: result.stdout, stderr: result.stderr };
}, 180_000);

/**
 * Runs the installed `cosh` found on PATH, in a clean environment, with `COSH_TRUST=all` (no
 * terminal is here to trust a file); its warning is left out of `stderr`.
 */
function cosh(args: readonly string[]) {
  const result = spawnSync('cosh', args, {
    cwd: folder,
    env: { PATH: `${join(prefix, 'bin')}:${process.env['PATH']}`, HOME: folder, ...TRUST_ALL_ENV },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: withoutTrustAllWarning(result.stderr) };
}

describe('pnpm install-global: cosh on PATH from a clone', () => {
  it('installs the packed app, and only it, into the given prefix, and says where in one line', () => {
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    // Quiet: pnpm's list of packed files and npm's report are not shown, only where cosh is and
    // how to put that folder on PATH (this prefix is not on it).
    const bin = join(prefix, 'bin');
    expect(install.stdout).toBe(
      `cosh ${appVersion} is installed in ${bin}, which is not on your PATH: export PATH="${bin}:$PATH"\n`,
    );
    const installed = join(prefix, 'lib/node_modules/@cosh/app');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    // A copy of the package, not a link into the clone, and no dependency installed beside it.
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(existsSync(join(installed, 'src'))).toBe(false);
  });

  it('cosh --version prints the version of the package that was packed', () => {
    expect(cosh(['--version'])).toEqual({ code: 0, stdout: `${appVersion}\n`, stderr: '' });
  });

  it('cosh hooks validate checks a setup.json (exit 0 clean, 78 on errors)', () => {
    const valid = join(folder, 'setup.json');
    writeFileSync(
      valid,
      '{"hooks": {"PreToolUse": [{"name": "Allow reads", "matcher": "^fs_read$", "command": "echo \'{\\"decision\\": \\"allow\\"}\'"}]}}\n',
    );
    expect(cosh(['hooks', 'validate', '--config', valid])).toMatchObject({
      code: 0,
      stdout: `${valid} (user, env): valid\n`,
    });
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"hooks": {"PreToolUse": [{"command": "true", "timeout": -1}]}}\n');
    const result = cosh(['hooks', 'validate', '--config', broken]);
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`${broken}:1:`);
  });

  it('cosh exec runs a real tool call with its hooks', () => {
    const config = join(folder, 'exec-setup.json');
    writeFileSync(
      config,
      JSON.stringify({
        hooks: {
          PostToolUse: [
            { name: 'note', matcher: '^fs_read$', command: 'echo \'{"context": "read by the installed cosh"}\'' },
          ],
        },
      }),
    );
    writeFileSync(join(folder, 'notes.txt'), 'hello from a file\n');
    expect(cosh(['exec', 'fs_read', '--input', '{"path": "notes.txt"}', '--config', config])).toEqual({
      code: 0,
      stdout: 'hello from a file\nread by the installed cosh\n',
      stderr: '',
    });
  });
});

describe('pnpm install-global run by pnpm (issue 36)', () => {
  it("X: pnpm's own npm_config_* settings reach no npm: no 'Unknown env config' warning; npm's own (prefix) still count", () => {
    const second = join(folder, 'prefix-from-env');
    const result = spawnSync(process.execPath, [join(root, 'scripts/install-global.mjs'), '--skip-build'], {
      cwd: root,
      env: {
        ...process.env,
        npm_config_cache: join(folder, 'npm-cache'),
        npm_config_update_notifier: 'false',
        // As pnpm sets them for a script it runs: unknown to npm.
        npm_config_verify_deps_before_run: 'false',
        npm_config__jsr_registry: 'https://npm.jsr.io/',
        npm_config_frozen_lockfile: '',
        // npm's own, which must still work: where to install (no --prefix given).
        npm_config_prefix: second,
      },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`is installed in ${join(second, 'bin')}`);
    expect(existsSync(join(second, 'lib/node_modules/@cosh/app/package.json'))).toBe(true);
  }, 180_000);
});

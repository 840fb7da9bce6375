#!/usr/bin/env node
// `pnpm install-global` (after its `pnpm build`): puts `cosh` on PATH from a clone, the way the
// npm package will, until the packages are published. It packs the app as `pnpm publish` would
// (the prepack guard refuses a stale build) and installs that tarball with `npm install -g`: a
// copy, not a link to the clone, holding only the bundle (it installs no dependency).
//
//   pnpm install-global [--prefix <folder>]     (other arguments go to `npm install -g` as well)
//
// Without --prefix, npm's global prefix is used (`npm prefix -g`); `--prefix ~/.local` puts
// `cosh` in ~/.local/bin without root.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'apps/cosh');
const npmArguments = process.argv.slice(2);

const scratch = mkdtempSync(join(tmpdir(), 'cosh-install-global-'));
try {
  // pnpm lists every file it packs: shown only when packing fails.
  const packed = run('pnpm', ['pack', '--pack-destination', scratch], app, { quiet: true });
  const tarball =
    packed &&
    join(
      scratch,
      readdirSync(scratch).find((name) => name.endsWith('.tgz')),
    );
  if (
    tarball &&
    run('npm', ['install', '--global', '--no-audit', '--no-fund', ...npmArguments, tarball], process.cwd())
  ) {
    const binFolder = join(prefixOf(npmArguments), 'bin');
    process.stdout.write(`cosh is installed in ${binFolder}\n`);
    if (!(process.env.PATH ?? '').split(delimiter).includes(binFolder)) {
      process.stdout.write(`${binFolder} is not on PATH: add it, e.g. export PATH="${binFolder}:$PATH"\n`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** Runs a command with its output shown (when quiet, only if it fails); false and the exit status set when it fails. */
function run(command, commandArguments, cwd, { quiet = false } = {}) {
  const result = spawnSync(command, commandArguments, {
    cwd,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.status === 0) return true;
  if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
  process.stderr.write(`install-global: ${command} ${commandArguments.join(' ')} failed\n`);
  process.exitCode = result.status ?? 1;
  return false;
}

/** The prefix npm installed into: the --prefix given, else npm's global prefix. */
function prefixOf(argumentList) {
  const index = argumentList.findIndex((argument) => argument === '--prefix' || argument.startsWith('--prefix='));
  if (index !== -1) {
    const value = argumentList[index].includes('=')
      ? argumentList[index].slice('--prefix='.length)
      : argumentList[index + 1];
    if (value !== undefined) return resolve(value);
  }
  return execFileSync('npm', ['prefix', '--global'], { encoding: 'utf8' }).trim();
}

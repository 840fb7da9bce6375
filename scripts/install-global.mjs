#!/usr/bin/env node
// `pnpm install-global`: puts `cosh` on PATH from a clone, the way the npm package will, until the
// packages are published. It builds the app and what it bundles (turbo, from its cache when
// nothing changed), packs the app as `pnpm publish` would (the prepack guard refuses a stale
// build) and installs that tarball with `npm install -g`: a copy, not a link to the clone, holding
// only the bundle (it installs no dependency).
//
//   pnpm install-global [--verbose] [--prefix <folder>]   (other arguments go to `npm install -g`)
//
// Quiet: it prints one line, where `cosh` now is (and how to put that folder on PATH when it is
// not). The build's, pack's and npm's output (hundreds of lines) is shown only for a step that
// fails, or with --verbose. Without --prefix, npm's global prefix is used (`npm prefix -g`);
// `--prefix ~/.local` puts `cosh` in ~/.local/bin without root. --skip-build is for the e2e test,
// whose suite builds first and runs the binary meanwhile (a rebuild would pull dist/ from under it).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'apps/cosh');
const ownOptions = new Set(['--verbose', '--skip-build']);
const verbose = process.argv.includes('--verbose');
const skipBuild = process.argv.includes('--skip-build');
const npmArguments = process.argv.slice(2).filter((argument) => !ownOptions.has(argument));

// pnpm passes its own settings to the scripts it runs as npm_config_* variables
// (npm_config_verify_deps_before_run, …); npm reads every such variable as its own and warns
// "Unknown env config" about each it does not know. The npm this script runs gets only those npm
// knows (asked once, with none set), so a user's npm_config_prefix or _cache still counts.
const npmEnvironment = environmentForNpm(process.env);

const scratch = mkdtempSync(join(tmpdir(), 'cosh-install-global-'));
try {
  const installed =
    (skipBuild ||
      step('build', join(root, 'node_modules/.bin/turbo'), ['run', 'build', '--filter=@cosh/app...'], root)) &&
    step('pack', 'pnpm', ['pack', '--pack-destination', scratch], app) &&
    step(
      'install',
      'npm',
      [
        'install',
        '--global',
        '--no-audit',
        '--no-fund',
        ...npmArguments,
        join(
          scratch,
          readdirSync(scratch).find((name) => name.endsWith('.tgz')),
        ),
      ],
      process.cwd(),
    );
  if (installed) process.stdout.write(`${whereInstalled()}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Runs one step, its output captured and shown only if it fails (always with --verbose).
 * @returns {boolean} whether it succeeded; on failure the exit status is set
 */
function step(name, command, commandArguments, cwd) {
  const result = spawnSync(command, commandArguments, {
    cwd,
    ...(command === 'npm' ? { env: npmEnvironment } : {}),
    stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status === 0) return true;
  if (!verbose) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}\n`);
  process.stderr.write(`install-global: the ${name} step failed (${command} ${commandArguments.join(' ')})\n`);
  process.exitCode = result.status ?? 1;
  return false;
}

/** The one line that matters: where `cosh` is, and how to put that folder on PATH when it is not. */
function whereInstalled() {
  const { version } = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  const binFolder = join(prefixOf(npmArguments), 'bin');
  return (process.env.PATH ?? '').split(delimiter).includes(binFolder)
    ? `cosh ${version} is installed in ${binFolder} (on your PATH): try cosh --help`
    : `cosh ${version} is installed in ${binFolder}, which is not on your PATH: export PATH="${binFolder}:$PATH"`;
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
  return execFileSync('npm', ['prefix', '--global'], { encoding: 'utf8', env: npmEnvironment }).trim();
}

/**
 * `environment` without the npm_config_* variables npm does not know (pnpm's own settings). npm's
 * known names come from `npm config ls -l --json`, run with no npm_config_* variable at all.
 */
function environmentForNpm(environment) {
  const isConfig = (name) => name.toLowerCase().startsWith('npm_config_');
  const withoutConfig = Object.fromEntries(Object.entries(environment).filter(([name]) => !isConfig(name)));
  let known;
  try {
    const listed = execFileSync('npm', ['config', 'ls', '-l', '--json'], {
      encoding: 'utf8',
      env: withoutConfig,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    known = new Set(Object.keys(JSON.parse(listed)));
  } catch {
    return environment;
  }
  // npm_config_foo_bar and npm_config_foo-bar both stand for foo-bar.
  const npmName = (name) => name.slice('npm_config_'.length).toLowerCase().replaceAll('_', '-');
  return Object.fromEntries(
    Object.entries(environment).filter(([name]) => !isConfig(name) || known.has(npmName(name))),
  );
}

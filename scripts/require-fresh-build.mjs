#!/usr/bin/env node
// Every publishable package's `prepack` (so `pnpm pack`, `pnpm publish` and `changeset publish`
// run it): refuses to pack a package whose build is missing or older than what it is built from.
// A publish from a clean checkout once shipped every package without `dist/` (consumers got
// ERR_MODULE_NOT_FOUND), and a `changeset version` bump without a rebuild would ship the app
// printing the previous version, since its version is baked into the bundle at build time.
//
//   node scripts/require-fresh-build.mjs [package folder]     (default: the current folder)
//
// Fresh means: dist/ holds files, every file the published manifest points at exists, and the
// inputs of the build are what the last build read. The inputs are package.json (its version),
// tsdown.config.ts, the repository's tsdown.base.ts and third-party-notices-plugin.ts, the
// package's src/ without tests and fixtures, and the same of every public workspace package it
// depends on (the app's bundle inlines them; for a library a rebuild is merely cheap). Exit 0
// fresh, 1 stale or missing.
// Contents, not times, are compared: each build writes `.build-stamp.json` beside package.json
// (`writeBuildStamp`, called by tsdown.base.ts's onSuccess; a turbo output, so a cache hit
// restores it with dist/), the SHA-256 of every input. A `git checkout` that leaves the contents
// as they were, or a file saved without a change, keeps the build fresh; an input whose content
// differs is named. (A package with no stamp, built before stamps existed, is judged by times:
// dist/ older than an input is stale.) Hashing the app's few hundred inputs takes milliseconds.
// The same check is importable (`buildFreshnessProblems`): the app's e2e tests refuse a stale
// binary with it however they are started (apps/cosh/test/e2e-fresh-build.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What makes the build of the package in `packageDirectory` not fresh, one line each: missing
 * outputs, files the manifest names that do not exist, inputs changed since the build. Empty
 * when fresh.
 * @param {string} packageDirectory
 * @returns {string[]}
 */
export function buildFreshnessProblems(packageDirectory) {
  const manifest = readManifest(packageDirectory);
  const repositoryRoot = findRepositoryRoot(packageDirectory);
  const workspacePackages = listWorkspacePackages(repositoryRoot);
  return [
    ...missingEntryPoints(packageDirectory, manifest),
    ...staleness(packageDirectory, repositoryRoot, workspacePackages),
  ];
}

/** The stamp a build leaves beside package.json: what it was built from. */
export const BUILD_STAMP_FILE = '.build-stamp.json';

/**
 * Records what the build of the package in `packageDirectory` read: each input's path (relative
 * to the repository) and SHA-256. Called once the build wrote dist/ (tsdown.base.ts's onSuccess).
 * @param {string} packageDirectory
 */
export function writeBuildStamp(packageDirectory) {
  const stamp = { version: 1, inputs: Object.fromEntries(inputDigests(packageDirectory)) };
  writeFileSync(join(packageDirectory, BUILD_STAMP_FILE), `${JSON.stringify(stamp, null, 1)}\n`);
}

/** Each input's repository-relative path and the SHA-256 of its content, sorted by path. */
function inputDigests(packageDirectory) {
  const repositoryRoot = findRepositoryRoot(packageDirectory);
  const workspacePackages = listWorkspacePackages(repositoryRoot);
  return buildInputs(packageDirectory, repositoryRoot, workspacePackages)
    .map((path) => [relative(repositoryRoot, path), createHash('sha256').update(readFileSync(path)).digest('hex')])
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
}

/** The stamp's inputs, or `undefined` when there is none (or it cannot be read). */
function readStamp(packageDirectory) {
  try {
    const stamp = JSON.parse(readFileSync(join(packageDirectory, BUILD_STAMP_FILE), 'utf8'));
    return stamp?.version === 1 && stamp.inputs !== null && typeof stamp.inputs === 'object' ? stamp.inputs : undefined;
  } catch {
    return undefined;
  }
}

/** The command line: `node scripts/require-fresh-build.mjs [package folder]`. */
function main() {
  const packageDirectory = resolve(process.argv[2] ?? process.cwd());
  const problems = buildFreshnessProblems(packageDirectory);
  if (problems.length === 0) return;
  process.stderr.write(
    `${readManifest(packageDirectory).name}: refusing to pack, the build is not fresh:\n${problems.map((problem) => `  ${problem}\n`).join('')}` +
      'Run `pnpm build` at the repository root, then pack or publish again.\n',
  );
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

/** @returns {string[]} one line per stale or missing output */
function staleness(packageDirectory, repositoryRoot, workspacePackages) {
  const outputs = listFiles(join(packageDirectory, 'dist'), isBuildOutput);
  if (outputs.length === 0) return ['dist/ is missing or empty'];
  const stamped = readStamp(packageDirectory);
  if (stamped !== undefined) {
    const now = new Map(inputDigests(packageDirectory));
    const changed = [...now].filter(([path, digest]) => stamped[path] !== digest).map(([path]) => path);
    const gone = Object.keys(stamped).filter((path) => !now.has(path));
    const differing = [...changed, ...gone.map((path) => `${path} (removed)`)];
    if (differing.length === 0) return [];
    const shown = differing.slice(0, 5);
    const more = differing.length > shown.length ? ` and ${differing.length - shown.length} more` : '';
    return [`changed since the last build (${BUILD_STAMP_FILE}): ${shown.join(', ')}${more}`];
  }
  const oldestOutput = outputs
    .map(withModificationTime)
    .reduce((oldest, file) => (file.time < oldest.time ? file : oldest));
  const newerInputs = buildInputs(packageDirectory, repositoryRoot, workspacePackages)
    .map(withModificationTime)
    .filter((input) => input.time > oldestOutput.time)
    .sort((a, b) => b.time - a.time);
  if (newerInputs.length === 0) return [];
  const shown = newerInputs.slice(0, 5).map((input) => relative(repositoryRoot, input.path));
  const more = newerInputs.length > shown.length ? ` and ${newerInputs.length - shown.length} more` : '';
  return [`changed since the last build (${relative(repositoryRoot, oldestOutput.path)}): ${shown.join(', ')}${more}`];
}

/** The files a build of this package reads, its public workspace dependencies' included. */
function buildInputs(packageDirectory, repositoryRoot, workspacePackages) {
  const inputs = ['tsdown.base.ts', 'third-party-notices-plugin.ts']
    .map((file) => join(repositoryRoot, file))
    .filter((path) => existsSync(path));
  const visited = new Set();
  const visit = (directory) => {
    if (visited.has(directory)) return;
    visited.add(directory);
    const packageManifest = readManifest(directory);
    inputs.push(join(directory, 'package.json'));
    if (existsSync(join(directory, 'tsdown.config.ts'))) inputs.push(join(directory, 'tsdown.config.ts'));
    inputs.push(...listFiles(join(directory, 'src'), isBuildSource));
    for (const name of workspaceDependencyNames(packageManifest)) {
      const dependency = workspacePackages.get(name);
      if (dependency !== undefined && readManifest(dependency).private !== true) visit(dependency);
    }
  };
  visit(packageDirectory);
  return inputs;
}

function workspaceDependencyNames(packageManifest) {
  const fields = [packageManifest.dependencies, packageManifest.devDependencies, packageManifest.peerDependencies];
  return fields.flatMap((field) =>
    Object.entries(field ?? {})
      .filter(([, range]) => String(range).startsWith('workspace:'))
      .map(([name]) => name),
  );
}

/**
 * What the build wrote into dist/, not what running it left there: the app's code caches
 * (apps/cosh/src/require-with-code-cache.ts, Node's compile cache) are written at run time (a
 * run killed while writing one leaves its temporary `….v8-cache.<pid>.<time>.tmp`), and a turbo
 * cache hit restores the outputs around them without removing them.
 */
function isBuildOutput(path) {
  return !/\.v8-cache(\.|$)/.test(path) && !path.split(/[\\/]/).includes('node-compile-cache');
}

/** Tests and their fixtures are not built into dist/: changing them leaves the build fresh. */
function isBuildSource(path) {
  return !/\.test\.tsx?$/.test(path) && !path.split(/[\\/]/).includes('__fixtures__');
}

/** Every file the published manifest names (exports, bin, main, types) must be in the package. */
function missingEntryPoints(directory, packageManifest) {
  const exportsField = packageManifest.publishConfig?.exports ?? packageManifest.exports;
  const bin =
    typeof packageManifest.bin === 'string' ? [packageManifest.bin] : Object.values(packageManifest.bin ?? {});
  const targets = [...collectStrings(exportsField), ...bin, packageManifest.main, packageManifest.types].filter(
    (target) => typeof target === 'string',
  );
  return [...new Set(targets)]
    .filter((target) => !existsSync(join(directory, target)))
    .map((target) => `${target} is named by package.json but does not exist`);
}

function collectStrings(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(collectStrings);
}

function withModificationTime(path) {
  return { path, time: statSync(path).mtimeMs };
}

function listFiles(directory, keep) {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter(keep);
}

function readManifest(directory) {
  return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
}

/** The nearest folder upwards holding pnpm-workspace.yaml. */
function findRepositoryRoot(start) {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) return directory;
    if (dirname(directory) === directory) throw new Error(`no pnpm-workspace.yaml above ${start}`);
  }
}

/** Package name → folder, from pnpm-workspace.yaml's `- folder/*` entries (the only form used here). */
function listWorkspacePackages(root) {
  const packages = new Map();
  const globs = [
    ...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s*-\s*['"]?([^'"\s]+)\/\*['"]?\s*$/gm),
  ];
  for (const [, parent] of globs) {
    const parentDirectory = join(root, parent);
    if (!existsSync(parentDirectory)) continue;
    for (const entry of readdirSync(parentDirectory, { withFileTypes: true })) {
      const directory = join(parentDirectory, entry.name);
      if (entry.isDirectory() && existsSync(join(directory, 'package.json')))
        packages.set(readManifest(directory).name, directory);
    }
  }
  return packages;
}

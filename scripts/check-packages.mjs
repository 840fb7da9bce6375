#!/usr/bin/env node
// `pnpm lint:packages` (run by CI and by `pnpm release` before publishing): builds every
// publishable package (through turbo, so a build already done is replayed from its cache), packs
// each exactly as `pnpm publish` would (its prepack guard included) and checks each tarball as a
// consumer will receive it. It builds first because on a clean checkout no earlier command need
// have built every package: CI once ran it after the test suites, which build only what the
// end-to-end suites depend on, and @cosh/sandbox, which nothing depended on, had no dist/.
//
//
// - it holds package.json, README.md, LICENSE (the repository's), CHANGELOG.md and a non-empty
//   dist/, every file its manifest points at, and no sources or tests;
// - its published manifest has no `workspace:` range and no development-only export condition,
//   and carries the license, repository (with its folder), homepage, bugs, keywords, engines;
// - a package with a bin (the app) lists no dependencies: its bundle holds them all;
// - no source map is published (they were 79% of the app's tarball, mostly bundled packages'
//   sources), and a package whose dist/ bundles third-party code ships dist/THIRD-PARTY-NOTICES
//   naming each such package: which ones is read from the source maps of its built dist/ (the
//   bundler's record of where every line came from), not from the file under test;
// - publint finds no error or warning, and arethetypeswrong finds no problem under its
//   `esm-only` profile (these packages are ESM only: a CommonJS consumer uses `import()`, or
//   `require()` on Node 20.19+ and 22.12+; see the README's "Releases" section).
//
//   node scripts/check-packages.mjs [package folder …]    (default: every public workspace package)
//
// Exit 0 when every package is clean, 1 otherwise (each problem printed under its package).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const rootLicense = readFileSync(join(root, 'LICENSE'), 'utf8');
const attw = join(root, 'node_modules/.bin/attw');
const turbo = join(root, 'node_modules/.bin/turbo');
const prepackGuard = 'node ../../scripts/require-fresh-build.mjs';

const folders =
  process.argv.length > 2 ? process.argv.slice(2).map((folder) => resolve(folder)) : publicWorkspacePackages();
if (!(await buildPackages(folders))) {
  process.stderr.write('check-packages: the build failed (above), so no package was packed\n');
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), 'cosh-check-packages-'));
let problemCount = 0;
try {
  const reports = await mapWithLimit(folders, availableParallelism(), checkPackage);
  for (const report of reports) {
    problemCount += report.problems.length;
    const mark = report.problems.length === 0 ? 'ok  ' : 'FAIL';
    process.stdout.write(`${mark} ${report.title}\n`);
    for (const problem of report.problems) process.stdout.write(`     - ${problem}\n`);
    for (const note of report.notes) process.stdout.write(`     note: ${note}\n`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`${folders.length} packages checked, ${problemCount} problems\n`);
if (problemCount > 0) process.exitCode = 1;

/**
 * Builds the packages to check, and what they depend on, through turbo: quiet unless a build fails
 * (its output is printed and the check stops: a package that does not build cannot be packed).
 * @returns {Promise<boolean>} whether every build succeeded
 */
async function buildPackages(packageFolders) {
  // Only this repository's packages are turbo's to build; a folder from elsewhere is packed as it is.
  const workspaceFolders = new Set(publicWorkspacePackages());
  const filters = packageFolders
    .filter((folder) => workspaceFolders.has(folder))
    .map((folder) => `--filter=${JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name}`);
  if (filters.length === 0) return true;
  try {
    await run(turbo, ['run', 'build', '--output-logs=errors-only', ...filters], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    return true;
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    return false;
  }
}

/** Packs one package, unpacks the tarball and returns what is wrong with it. */
async function checkPackage(folder, index) {
  const sourceManifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const title = `${sourceManifest.name} (${relative(root, folder) || folder})`;
  const destination = join(scratch, String(index));
  mkdirSync(join(destination, 'unpacked'), { recursive: true });
  try {
    await run('pnpm', ['pack', '--pack-destination', destination], { cwd: folder, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n       ');
    return { title, problems: [`pnpm pack failed:\n       ${output}`], notes: [] };
  }
  const tarball = join(
    destination,
    readdirSync(destination).find((name) => name.endsWith('.tgz')),
  );
  await run('tar', ['-xzf', tarball, '-C', join(destination, 'unpacked')]);
  const unpacked = join(destination, 'unpacked/package');
  const files = readdirSync(unpacked, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(unpacked, join(entry.parentPath ?? entry.path, entry.name)));
  const packedManifest = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
  const problems = [
    ...contentProblems(unpacked, files, packedManifest),
    ...manifestProblems(folder, sourceManifest, packedManifest),
    ...bundledCodeProblems(folder, unpacked, files),
    ...(await publintProblems(tarball)),
  ];
  const notes = [];
  if (exportsTypes(packedManifest)) problems.push(...(await typeResolutionProblems(tarball)));
  else notes.push('no types exported (a command-line program): arethetypeswrong skipped');
  return { title: `${title} ${packedManifest.version}: ${files.length} files`, problems, notes };
}

function contentProblems(unpacked, files, packedManifest) {
  const problems = [];
  for (const required of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
    if (!files.includes(required)) problems.push(`${required} is missing from the tarball`);
  }
  if (!files.some((file) => file.startsWith('dist/'))) problems.push('dist/ is missing from the tarball');
  if (files.includes('LICENSE') && readFileSync(join(unpacked, 'LICENSE'), 'utf8') !== rootLicense) {
    problems.push("LICENSE differs from the repository's LICENSE");
  }
  for (const target of entryPoints(packedManifest)) {
    if (!files.includes(target.replace(/^\.\//, '')))
      problems.push(`${target} is named by package.json but not in the tarball`);
  }
  const unwanted = files.filter((file) => /^(src|test)\//.test(file) || /\.test\.[cm]?[jt]sx?$/.test(file));
  if (unwanted.length > 0) problems.push(`sources or tests are in the tarball: ${unwanted.slice(0, 3).join(', ')}`);
  return problems;
}

/** Source maps published, and third-party code bundled without its notice. */
function bundledCodeProblems(folder, unpacked, files) {
  const problems = [];
  const publishedMaps = files.filter((file) => file.endsWith('.map'));
  if (publishedMaps.length > 0) {
    problems.push(
      `${publishedMaps.length} source maps are in the tarball (${publishedMaps[0]}, …): keep them out with "!dist/**/*.map" in package.json's files`,
    );
  }
  const bundled = bundledThirdPartyPackages(join(folder, 'dist'));
  if (bundled.size === 0) return problems;
  const notices = 'dist/THIRD-PARTY-NOTICES';
  if (!files.includes(notices)) {
    problems.push(
      `${notices} is missing, though dist/ bundles code of ${bundled.size} packages (${[...bundled][0]}, …)`,
    );
    return problems;
  }
  // Each package's section starts with a line `name version (licence)` (third-party-notices-plugin.ts).
  const named = new Set(
    [...readFileSync(join(unpacked, notices), 'utf8').matchAll(/^(\S+) \S+ \(.*\)$/gm)].map(([, name]) => name),
  );
  const unnamed = [...bundled].filter((name) => !named.has(name)).sort();
  if (unnamed.length > 0) problems.push(`${notices} does not name these bundled packages: ${unnamed.join(', ')}`);
  return problems;
}

/** The installed packages whose files the source maps in `distFolder` name (none without maps). */
function bundledThirdPartyPackages(distFolder) {
  const packages = new Set();
  if (!existsSync(distFolder)) return packages;
  const maps = readdirSync(distFolder, { recursive: true }).filter((file) => String(file).endsWith('.map'));
  for (const map of maps) {
    const { sources = [] } = JSON.parse(readFileSync(join(distFolder, String(map)), 'utf8'));
    for (const source of sources) {
      // …/node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/core.js: the last node_modules/ holds it.
      const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(String(source));
      if (match !== null && match[1] !== undefined) packages.add(match[1]);
    }
  }
  return packages;
}

function manifestProblems(folder, sourceManifest, packedManifest) {
  const problems = [];
  const directory = relative(root, folder);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(packedManifest[field] ?? {})) {
      if (String(range).startsWith('workspace:'))
        problems.push(`${field}.${name} is still ${range} in the published manifest`);
    }
  }
  if (JSON.stringify(packedManifest.exports ?? {}).includes('@cosh/source')) {
    problems.push('the published exports keep the @cosh/source condition (set publishConfig.exports)');
  }
  if (packedManifest.license !== 'MIT') problems.push(`license is ${packedManifest.license}, not MIT`);
  const repository = packedManifest.repository ?? {};
  if (repository.url !== rootManifest.repository?.url)
    problems.push(`repository.url is not the root's (${rootManifest.repository?.url})`);
  if (repository.directory !== directory) problems.push(`repository.directory is not "${directory}"`);
  if (typeof packedManifest.homepage !== 'string') problems.push('homepage is missing');
  if (typeof packedManifest.bugs?.url !== 'string') problems.push('bugs.url is missing');
  if (!Array.isArray(packedManifest.keywords) || packedManifest.keywords.length === 0)
    problems.push('keywords are missing');
  if (typeof packedManifest.engines?.node !== 'string') problems.push('engines.node is missing');
  if (sourceManifest.scripts?.prepack !== prepackGuard)
    problems.push(`scripts.prepack is not the fresh-build guard (${prepackGuard})`);
  if (packedManifest.bin !== undefined && Object.keys(packedManifest.dependencies ?? {}).length > 0) {
    problems.push(
      `a bundled program lists dependencies, which a global install would fetch: ${Object.keys(packedManifest.dependencies).join(', ')}`,
    );
  }
  return problems;
}

async function publintProblems(tarball) {
  const bytes = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'warning',
  });
  return messages.map((message) => `publint ${message.type}: ${formatMessage(message, pkg, { color: false })}`);
}

async function typeResolutionProblems(tarball) {
  try {
    await run(attw, [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-color'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return [];
  } catch (error) {
    return [
      `arethetypeswrong (esm-only profile) found problems:\n${`${error.stdout ?? ''}${error.stderr ?? ''}`.trim()}`,
    ];
  }
}

/** Every path the manifest makes importable or runnable: exports targets, bin, main, types. */
function entryPoints(manifest) {
  const collect = (value) =>
    typeof value === 'string'
      ? [value]
      : value !== null && typeof value === 'object'
        ? Object.values(value).flatMap(collect)
        : [];
  const bin = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  return [
    ...new Set(
      [...collect(manifest.exports), ...bin, manifest.main, manifest.types].filter((path) => typeof path === 'string'),
    ),
  ];
}

function exportsTypes(manifest) {
  return typeof manifest.types === 'string' || JSON.stringify(manifest.exports ?? {}).includes('"types"');
}

/** The non-private packages of pnpm-workspace.yaml's `- folder/*` entries, in its order. */
function publicWorkspacePackages() {
  const parents = [
    ...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s*-\s*['"]?([^'"\s]+)\/\*['"]?\s*$/gm),
  ];
  return parents.flatMap(([, parent]) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => join(root, parent, entry.name))
      .filter((folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).private !== true),
  );
}

/** `Promise.all` over `items` with at most `limit` running at once, results in input order. */
async function mapWithLimit(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

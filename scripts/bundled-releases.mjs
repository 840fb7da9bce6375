// The app (`@cosh/app`) bundles its `@cosh/*` packages, so they are devDependencies, and
// changesets never bumps a package for a change in its devDependencies: a release that changed
// only `@cosh/hooks` would leave the app at its old version, published with the old code.
//
//   node scripts/bundled-releases.mjs          checks the pending changesets (`pnpm test` runs it):
//                                               exit 1 when one names a package a bundling
//                                               package carries and none names that package
//   node scripts/bundled-releases.mjs --write  adds the missing bump as a changeset of its own
//                                               (`pnpm version-packages` runs it before
//                                               `changeset version`)
//
// Options: --root <dir> (default: the repository holding this script).
//
// A package "bundles" the public workspace packages it lists as devDependencies with a
// `workspace:` range, and what those depend on in turn: they end up in its bundle. Making them
// real dependencies instead would have npm install six packages (and zod, jsonc-parser…) beside
// a bundle that already holds them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

// The parser `changeset version` itself uses, so both read a changeset the same way.
const requireFromChangesets = createRequire(createRequire(import.meta.url).resolve('@changesets/cli/package.json'));
const parseChangeset = requireFromChangesets('@changesets/parse').default;

const { values: options } = parseArgs({
  options: { write: { type: 'boolean', default: false }, root: { type: 'string' } },
});
const root = path.resolve(options.root ?? path.join(import.meta.dirname, '..'));

/** Every workspace package: name → { manifest, dir }. */
async function workspacePackages() {
  const workspace = await readFile(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  // pnpm-workspace.yaml lists folder globs of the form `folder/*`, one per line.
  const folders = [...workspace.matchAll(/^\s*-\s*['"]?([^'"\s]+)\/\*['"]?\s*$/gm)].map((match) => match[1]);
  const packages = new Map();
  for (const folder of folders) {
    for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(root, folder, entry.name);
      const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').then(JSON.parse, () => undefined);
      if (manifest?.name !== undefined) packages.set(manifest.name, { manifest, dir });
    }
  }
  return packages;
}

/** Bundling package → the public workspace packages in its bundle (transitively). */
function bundledPackages(packages) {
  const isPublicWorkspacePackage = (name, range) =>
    String(range).startsWith('workspace:') && packages.has(name) && packages.get(name).manifest.private !== true;
  const bundles = new Map();
  for (const [name, { manifest }] of packages) {
    if (manifest.private === true) continue;
    const direct = Object.entries(manifest.devDependencies ?? {}).filter(([dependency, range]) =>
      isPublicWorkspacePackage(dependency, range),
    );
    if (direct.length === 0) continue;
    const bundled = new Set();
    const pending = direct.map(([dependency]) => dependency);
    while (pending.length > 0) {
      const next = pending.pop();
      if (bundled.has(next)) continue;
      bundled.add(next);
      for (const [dependency, range] of Object.entries(packages.get(next).manifest.dependencies ?? {})) {
        if (isPublicWorkspacePackage(dependency, range)) pending.push(dependency);
      }
    }
    bundles.set(name, bundled);
  }
  return bundles;
}

/** The pending changesets: { file, releases: [{ name, type }] }. */
async function pendingChangesets() {
  const folder = path.join(root, '.changeset');
  const files = (await readdir(folder)).filter((file) => file.endsWith('.md') && file !== 'README.md').sort();
  return Promise.all(
    files.map(async (file) => ({ file, ...parseChangeset(await readFile(path.join(folder, file), 'utf8')) })),
  );
}

const packages = await workspacePackages();
const changesets = await pendingChangesets();
const released = new Set(
  changesets.flatMap((changeset) =>
    changeset.releases.filter((release) => release.type !== 'none').map((release) => release.name),
  ),
);

const missing = [];
for (const [bundler, bundled] of bundledPackages(packages)) {
  if (released.has(bundler)) continue;
  const changed = [...bundled].filter((name) => released.has(name)).sort();
  if (changed.length > 0) missing.push({ bundler, changed });
}

if (missing.length === 0) process.exit(0);

if (!options.write) {
  for (const { bundler, changed } of missing) {
    const files = changesets
      .filter((changeset) => changeset.releases.some((release) => changed.includes(release.name)))
      .map((changeset) => changeset.file);
    console.error(
      `${bundler} bundles ${changed.join(', ')}, which pending changesets release (${files.join(', ')}), but no changeset releases ${bundler}: its next version would ship the old code.\n` +
        `  Add "${bundler}": patch to one of them (saying what changes for its users), or run: node scripts/bundled-releases.mjs --write`,
    );
  }
  process.exit(1);
}

// A patch: the bundled code changed, and what that means for the app's own users is for a
// person to say in a changeset of the app when it is more than a fix.
for (const { bundler, changed } of missing) {
  const file = path.join(root, '.changeset', `bundle-${bundler.replace(/^@/, '').replace(/\W+/g, '-')}.md`);
  const text = `---\n"${bundler}": patch\n---\n\nBundles the new versions of ${changed.map((name) => `\`${name}\``).join(', ')} (see their changelogs).\n`;
  await writeFile(file, text, { flag: 'wx' }).catch((error) => {
    if (error.code !== 'EEXIST') throw error;
    throw new Error(`${path.relative(root, file)} exists already but does not release ${bundler}: fix it by hand`);
  });
  console.log(`added ${path.relative(root, file)}: ${bundler} patch (bundles ${changed.join(', ')})`);
}

// A build step of every package whose dist/ carries third-party code (the app's bundles, and
// @cosh/config's with jsonc-parser in it): writes dist/THIRD-PARTY-NOTICES, the licence notice of
// each package whose code is in the output. The MIT, ISC, BSD and Apache licences of that code
// ask for their notice to travel with every copy; the bundle no longer carries the packages'
// folders, so it carries their notices in this one file.
//
// The list comes from the bundler itself: the modules each chunk renders (tree-shaken-out modules
// leave no code and are not named), grouped by the package folder each lies in. Several builds may
// write into one dist/ (the app has three): the file names what all of them rendered so far, so
// the last build to finish writes the whole list. `scripts/check-packages.mjs` checks the
// published file against the source maps, the bundler's record of which files the code came from.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Rolldown } from 'tsdown';

/** The file name, in the output folder. */
export const THIRD_PARTY_NOTICES = 'THIRD-PARTY-NOTICES';

interface BundledPackage {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly homepage: string | undefined;
  /** The package's licence and notice files, in name order; empty when it ships none. */
  readonly licenseTexts: readonly string[];
}

/** Output folder → package folder → what is known of it, over every build of this process. */
const packagesByOutput = new Map<string, Map<string, BundledPackage>>();

const LICENSE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;

/** The plugin. */
export function thirdPartyNotices(): Rolldown.Plugin {
  return {
    name: 'cosh:third-party-notices',
    writeBundle(options, bundle) {
      const outputFolder = resolve(options.dir ?? dirname(options.file ?? '.'));
      const packages = packagesByOutput.get(outputFolder) ?? new Map<string, BundledPackage>();
      packagesByOutput.set(outputFolder, packages);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength === 0) continue;
          const folder = packageFolderOf(id);
          if (folder !== undefined && !packages.has(folder)) packages.set(folder, describePackage(folder));
        }
      }
      writeFileSync(join(outputFolder, THIRD_PARTY_NOTICES), renderNotices([...packages.values()]));
    },
  };
}

/** The folder of the installed package holding module `id`, or undefined for our own code. */
function packageFolderOf(id: string): string | undefined {
  // Module ids are absolute paths; virtual modules (the bundler's helpers) start with a NUL.
  const path = id.replace(/\?.*$/, '');
  if (path.startsWith('\0') || !path.includes('/node_modules/')) return undefined;
  // The nearest folder above the file with a package.json that names a package (a package may
  // hold package.json files of its own, such as `{"type":"module"}` in a subfolder).
  let folder = dirname(path);
  while (basename(folder) !== 'node_modules' && folder !== dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof name === 'string' && typeof version === 'string') return folder;
    }
    folder = dirname(folder);
  }
  return undefined;
}

function describePackage(folder: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const license =
    typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'see the text below');
  const homepage =
    typeof manifest.homepage === 'string'
      ? manifest.homepage
      : typeof manifest.repository === 'string'
        ? manifest.repository
        : manifest.repository?.url;
  const licenseTexts = readdirSync(folder)
    .filter((file) => LICENSE_FILE.test(file))
    .sort()
    .map((file) => readFileSync(join(folder, file), 'utf8').trim());
  return { name: manifest.name, version: manifest.version, license, homepage, licenseTexts };
}

function renderNotices(packages: BundledPackage[]): string {
  const sorted = [...packages].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const rule = '='.repeat(78);
  const sections = sorted.map((bundled) =>
    [
      rule,
      `${bundled.name} ${bundled.version} (${bundled.license})${bundled.homepage ? `\n${bundled.homepage}` : ''}`,
      '',
      bundled.licenseTexts.length > 0
        ? bundled.licenseTexts.join('\n\n')
        : `The package ships no licence file; its package.json gives the licence as ${bundled.license}.`,
      '',
    ].join('\n'),
  );
  return [
    'THIRD-PARTY NOTICES',
    '',
    `The code in this folder includes code from ${sorted.length === 1 ? 'the package' : `the ${sorted.length} packages`} below, each under its`,
    'own licence, whose notice follows its name. Generated at build time from the modules in the bundles.',
    '',
    ...sections,
  ].join('\n');
}

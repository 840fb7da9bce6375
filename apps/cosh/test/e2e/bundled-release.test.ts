// scripts/bundled-releases.mjs: the app bundles its @cosh/* packages (devDependencies), which
// changesets never bumps a package for. A simulated release in a copy of the workspace's
// manifests, with a real `changeset version`, shows the problem and that the script fixes it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';

const makeFolder = temporaryFolders('cosh-bundled-release-');
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const script = join(root, 'scripts/bundled-releases.mjs');

/** The workspace's manifests and changesets config, with only the given changesets pending. */
function workspaceCopy(changesets: Record<string, string>): string {
  const copy = makeFolder();
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    cpSync(join(root, file), join(copy, file), { recursive: true });
  }
  for (const folder of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, folder))) {
      mkdirSync(join(copy, folder, name), { recursive: true });
      cpSync(join(root, folder, name, 'package.json'), join(copy, folder, name, 'package.json'));
    }
  }
  // The changelog generator the config names is resolved from the copy.
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  for (const [name, releases] of Object.entries(changesets)) {
    writeFileSync(join(copy, '.changeset', name), `---\n${releases}\n---\n\nA change.\n`);
  }
  return copy;
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const changesetVersion = (cwd: string) => run(join(root, 'node_modules/.bin/changeset'), ['version'], cwd);
const bundledReleases = (cwd: string, ...args: string[]) =>
  run(process.execPath, [script, '--root', cwd, ...args], cwd);
const versionOf = (copy: string, folder: string): string =>
  (JSON.parse(readFileSync(join(copy, folder, 'package.json'), 'utf8')) as { version: string }).version;

describe('a release of a package the app bundles (scripts/bundled-releases.mjs)', () => {
  it('changeset version alone leaves the app at its version (why the script exists)', () => {
    const copy = workspaceCopy({ 'hooks-fix.md': '"@cosh/hooks": patch' });
    const appBefore = versionOf(copy, 'apps/cosh');
    expect(changesetVersion(copy).code).toBe(0);
    expect(versionOf(copy, 'packages/hooks')).not.toBe(versionOf(root, 'packages/hooks'));
    expect(versionOf(copy, 'apps/cosh')).toBe(appBefore);
  });

  it('the check fails, naming the app, the bundled package and the changeset', () => {
    const copy = workspaceCopy({ 'hooks-fix.md': '"@cosh/hooks": patch' });
    const result = bundledReleases(copy);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      '@cosh/app bundles @cosh/hooks, which pending changesets release (hooks-fix.md), but no changeset releases @cosh/app',
    );
  });

  it('--write then changeset version bumps the app (pnpm version-packages)', () => {
    const copy = workspaceCopy({
      'hooks-fix.md': '"@cosh/hooks": patch',
      'matcher-feature.md': "'@cosh/matcher': minor",
    });
    const appBefore = versionOf(copy, 'apps/cosh');
    const written = bundledReleases(copy, '--write');
    expect(written.code).toBe(0);
    expect(written.output).toContain(
      'added .changeset/bundle-cosh-app.md: @cosh/app patch (bundles @cosh/hooks, @cosh/matcher)',
    );
    expect(bundledReleases(copy).code).toBe(0);
    expect(changesetVersion(copy).code).toBe(0);
    expect(versionOf(copy, 'apps/cosh')).not.toBe(appBefore);
    expect(readFileSync(join(copy, 'apps/cosh/CHANGELOG.md'), 'utf8')).toContain(
      'Bundles the new versions of `@cosh/hooks`, `@cosh/matcher`',
    );
  });

  it('passes when a changeset releases the app beside the package, or names no bundled package', () => {
    expect(bundledReleases(workspaceCopy({ 'fix.md': '"@cosh/hooks": patch\n"@cosh/app": patch' })).code).toBe(0);
    expect(
      bundledReleases(workspaceCopy({ 'fix.md': '"@cosh/hooks": patch', 'app.md': '"@cosh/app": minor' })).code,
    ).toBe(0);
    expect(bundledReleases(workspaceCopy({})).code).toBe(0);
  });

  it("passes on this repository's pending changesets", () => {
    expect(bundledReleases(root)).toEqual({ code: 0, output: '' });
  });
});

// scripts/require-fresh-build.mjs, every package's prepack: a package is packed (so published)
// only from a build newer than what it is built from. Checked on a small workspace made here,
// with file times set explicitly (no sleeping), and once through a real `pnpm pack`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { writeBuildStamp } from '../../../../scripts/require-fresh-build.mjs';
import { requireFreshBuild } from '../e2e-fresh-build.ts';

const makeFolder = temporaryFolders('cosh-fresh-build-');

const guardScript = fileURLToPath(new URL('../../../../scripts/require-fresh-build.mjs', import.meta.url));

const builtAt = new Date('2026-01-02T00:00:00Z');
const before = new Date('2026-01-01T00:00:00Z');
const after = new Date('2026-01-03T00:00:00Z');

/**
 * A workspace with `lib` (built into dist/), which depends on the public `dep` and the private
 * `helpers` (as a test-only package would be). Sources are dated before the build.
 */
function workspace() {
  const root = makeFolder();
  const files: Record<string, string> = {
    'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
    'tsdown.base.ts': 'export default {};\n',
    'packages/lib/package.json': JSON.stringify({
      name: '@fake/lib',
      version: '1.0.0',
      type: 'module',
      exports: { '.': { '@cosh/source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' } },
      publishConfig: { exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } },
      files: ['dist'],
      scripts: { prepack: `node ${JSON.stringify(guardScript)}` },
      dependencies: { '@fake/dep': 'workspace:^' },
      devDependencies: { '@fake/helpers': 'workspace:*' },
    }),
    'packages/lib/src/index.ts': 'export const answer = 42;\n',
    'packages/lib/src/index.test.ts': '// a test\n',
    'packages/lib/src/__fixtures__/sample.ts': '// a fixture\n',
    'packages/lib/dist/index.js': 'export const answer = 42;\n',
    'packages/lib/dist/index.d.ts': 'export declare const answer = 42;\n',
    'packages/dep/package.json': JSON.stringify({ name: '@fake/dep', version: '1.0.0' }),
    'packages/dep/src/index.ts': 'export {};\n',
    'packages/helpers/package.json': JSON.stringify({ name: '@fake/helpers', version: '0.0.0', private: true }),
    'packages/helpers/src/index.ts': 'export {};\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    const time = path.startsWith('packages/lib/dist/') ? builtAt : before;
    utimesSync(join(root, path), time, time);
  }
  const lib = join(root, 'packages/lib');
  const touch = (path: string) => utimesSync(join(root, path), after, after);
  return { root, lib, touch };
}

function guard(packageFolder: string) {
  const result = spawnSync(process.execPath, [guardScript], { cwd: packageFolder, encoding: 'utf8' });
  return { code: result.status, stderr: result.stderr };
}

describe('the prepack guard (scripts/require-fresh-build.mjs)', () => {
  it('passes a build newer than its sources, package.json and its public workspace dependencies', () => {
    const { lib } = workspace();
    expect(guard(lib)).toEqual({ code: 0, stderr: '' });
  });

  it("is not misled by the code caches a run leaves in dist/ (older than a build turbo's cache restored)", () => {
    const { root, lib } = workspace();
    for (const path of [
      'packages/lib/dist/fast-start-v20.0.0-x64.v8-cache',
      'packages/lib/dist/fast-start-v20.0.0-x64.v8-cache.4242.1767225600000.tmp',
      'packages/lib/dist/node-compile-cache/v/0',
    ]) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), 'code');
      // Older than the sources: written by a run before the last edit.
      const earlier = new Date('2025-12-31T00:00:00Z');
      utimesSync(join(root, path), earlier, earlier);
    }
    expect(guard(lib)).toEqual({ code: 0, stderr: '' });
  });

  it('refuses a package without dist/', () => {
    const { root, lib } = workspace();
    rmSync(join(root, 'packages/lib/dist'), { recursive: true });
    const result = guard(lib);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('@fake/lib: refusing to pack, the build is not fresh');
    expect(result.stderr).toContain('dist/ is missing or empty');
    expect(result.stderr).toContain('./dist/index.js is named by package.json but does not exist');
    expect(result.stderr).toContain('Run `pnpm build`');
  });

  it.each([
    ['a source file', 'packages/lib/src/index.ts'],
    ['package.json (a version bump bakes a new version into a bundle)', 'packages/lib/package.json'],
    ['a public workspace dependency (a bundle inlines it)', 'packages/dep/src/index.ts'],
    ["the repository's shared build configuration", 'tsdown.base.ts'],
  ])('refuses when %s changed after the build, naming it', (_what, path) => {
    const { lib, touch } = workspace();
    touch(path);
    const result = guard(lib);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`changed since the last build (packages/lib/dist/`);
    expect(result.stderr).toContain(path);
  });

  it.each([
    ['a test', 'packages/lib/src/index.test.ts'],
    ['a test fixture', 'packages/lib/src/__fixtures__/sample.ts'],
    ['a private workspace package (test helpers, never bundled)', 'packages/helpers/src/index.ts'],
  ])('keeps the build fresh when only %s changed', (_what, path) => {
    const { lib, touch } = workspace();
    touch(path);
    expect(guard(lib)).toEqual({ code: 0, stderr: '' });
  });

  it('refuses when a file the published exports name is missing', () => {
    const { root, lib } = workspace();
    rmSync(join(root, 'packages/lib/dist/index.d.ts'));
    const result = guard(lib);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('./dist/index.d.ts is named by package.json but does not exist');
  });

  it('is what `pnpm pack` runs first: a stale build is not packed, a fresh one is', () => {
    const { root, lib, touch } = workspace();
    // Without workspace dependencies, which pnpm resolves only in an installed workspace.
    const manifestPath = join(lib, 'package.json');
    const {
      dependencies: _dependencies,
      devDependencies: _devDependencies,
      ...manifest
    } = JSON.parse(readFileSync(manifestPath, 'utf8'));
    writeFileSync(manifestPath, JSON.stringify(manifest));
    utimesSync(manifestPath, before, before);
    const pack = () => spawnSync('pnpm', ['pack', '--pack-destination', root], { cwd: lib, encoding: 'utf8' });
    const tarballs = () => readdirSync(root).filter((name) => name.endsWith('.tgz'));
    touch('packages/lib/src/index.ts');
    const refused = pack();
    expect(refused.status).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain('refusing to pack, the build is not fresh');
    expect(tarballs()).toEqual([]);

    utimesSync(join(lib, 'dist/index.js'), after, after);
    utimesSync(join(lib, 'dist/index.d.ts'), after, after);
    const packed = pack();
    expect(packed.status, `${packed.stdout}${packed.stderr}`).toBe(0);
    expect(tarballs()).toEqual(['fake-lib-1.0.0.tgz']);
  });
});

describe('content, not times, once a build left its stamp (issue 36)', () => {
  it('a checkout that leaves every input as it was (all newer than dist/) is fresh', () => {
    const { lib, touch } = workspace();
    writeBuildStamp(lib);
    for (const path of [
      'packages/lib/src/index.ts',
      'packages/lib/package.json',
      'packages/dep/src/index.ts',
      'tsdown.base.ts',
    ])
      touch(path);
    expect(guard(lib)).toEqual({ code: 0, stderr: '' });
    expect(() => requireFreshBuild(lib)).not.toThrow();
  });

  it('an input whose content changed is named, whatever its time (older than dist/ included)', () => {
    const { root, lib } = workspace();
    writeBuildStamp(lib);
    writeFileSync(join(root, 'packages/dep/src/index.ts'), 'export const changed = true;\n');
    utimesSync(join(root, 'packages/dep/src/index.ts'), before, before);
    const result = guard(lib);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('changed since the last build (.build-stamp.json): packages/dep/src/index.ts');
    // A test file is no input: changing it leaves the build fresh.
    writeFileSync(join(root, 'packages/dep/src/index.ts'), 'export {};\n');
    writeFileSync(join(root, 'packages/lib/src/index.test.ts'), '// another test\n');
    expect(guard(lib)).toEqual({ code: 0, stderr: '' });
  });

  it('a source added or removed since the build is stale', () => {
    const { root, lib } = workspace();
    writeBuildStamp(lib);
    writeFileSync(join(root, 'packages/lib/src/extra.ts'), 'export {};\n');
    expect(guard(lib).stderr).toContain('packages/lib/src/extra.ts');
    rmSync(join(root, 'packages/lib/src/extra.ts'));
    rmSync(join(root, 'packages/dep/src/index.ts'));
    expect(guard(lib).stderr).toContain('packages/dep/src/index.ts (removed)');
  });
});

describe("the e2e project's setup (test/e2e-fresh-build.ts, issue 29)", () => {
  it('refuses a build older than a source file touched after it, saying to run pnpm build', () => {
    const { lib, touch } = workspace();
    expect(() => requireFreshBuild(lib)).not.toThrow();
    touch('packages/lib/src/index.ts');
    expect(() => requireFreshBuild(lib)).toThrow(
      /the built cosh is not fresh[\s\S]*changed since the last build \(packages\/lib\/dist\/[\s\S]*packages\/lib\/src\/index\.ts[\s\S]*run `pnpm build`/,
    );
  });

  it('refuses a package with no build at all', () => {
    const { root, lib } = workspace();
    rmSync(join(root, 'packages/lib/dist'), { recursive: true });
    expect(() => requireFreshBuild(lib)).toThrow(/dist\/ is missing or empty[\s\S]*run `pnpm build`/);
  });
});

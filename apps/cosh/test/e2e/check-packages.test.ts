// scripts/check-packages.mjs (`pnpm lint:packages`, run by CI and `pnpm release`): packs a package
// as it would be published and reports every way its tarball falls short. A real package of the
// repository passes (built first, through turbo); a package made here with each fault fails,
// naming each.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';

const makeFolder = temporaryFolders('cosh-check-packages-');

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const checkScript = join(root, 'scripts/check-packages.mjs');

function check(...packageFolders: string[]) {
  const result = spawnSync(process.execPath, [checkScript, ...packageFolders], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('pnpm lint:packages (scripts/check-packages.mjs)', () => {
  it('passes a package of this repository: its tarball is complete, publint and arethetypeswrong are clean', () => {
    const result = check(join(root, 'packages/matcher'));
    expect(result.stdout).toMatch(/^ok {3}@cosh\/matcher \(packages\/matcher\) \S+: \d+ files$/m);
    expect(result.stdout).toContain('1 packages checked, 0 problems');
    expect(result.code).toBe(0);
    // turbo, pnpm pack, publint and arethetypeswrong: seconds each, more on a loaded machine.
  }, 120_000);

  it('names each fault of an incomplete package and exits 1', () => {
    const folder = makeFolder();
    const files: Record<string, string> = {
      // No LICENSE, no CHANGELOG.md, no repository/homepage/bugs/keywords/engines, no prepack
      // guard; an export whose file is not built; sources shipped; a bin that lists a dependency.
      'package.json': JSON.stringify({
        name: '@fake/incomplete',
        version: '1.0.0',
        license: 'MIT',
        type: 'module',
        bin: { incomplete: './dist/cli.js' },
        exports: { '.': './dist/index.js', './extra': './dist/extra.js' },
        files: ['dist', 'src'],
        dependencies: { 'left-pad': '^1.3.0' },
      }),
      'README.md': '# incomplete\n',
      'dist/index.js': 'export {};\n',
      'dist/cli.js': '#!/usr/bin/env node\n',
      'src/index.test.ts': '// a test\n',
      // A bundle with a third-party package in it (its source map says so), without the notices,
      // and the map published.
      'dist/cli.js.map': JSON.stringify({
        version: 3,
        sources: ['../../node_modules/.pnpm/left-pad@1.3.0/node_modules/left-pad/index.js'],
        mappings: '',
      }),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    const result = check(folder);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL @fake/incomplete');
    for (const problem of [
      'LICENSE is missing from the tarball',
      'CHANGELOG.md is missing from the tarball',
      './dist/extra.js is named by package.json but not in the tarball',
      'sources or tests are in the tarball: src/index.test.ts',
      "repository.url is not the root's",
      'homepage is missing',
      'bugs.url is missing',
      'keywords are missing',
      'engines.node is missing',
      'scripts.prepack is not the fresh-build guard',
      'a bundled program lists dependencies, which a global install would fetch: left-pad',
      '1 source maps are in the tarball (dist/cli.js.map, …)',
      'dist/THIRD-PARTY-NOTICES is missing, though dist/ bundles code of 1 packages (left-pad, …)',
      'publint error',
    ]) {
      expect(result.stdout).toContain(problem);
    }
  });
});

// Builds @cosh/hooks from its sources, with the workspace packages and their dependencies
// inlined, into one plain ESM file a separate `node` process can import: for tests whose
// measurements (file descriptors, resident memory, children) must not include vitest's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsdown';

const packageDirectory = fileURLToPath(new URL('../../..', import.meta.url));

/** Bundles `src/index.ts`; returns the file and a function that removes it. */
export async function buildHooksBundle(): Promise<{ readonly file: string; readonly remove: () => void }> {
  const outDirectory = mkdtempSync(join(packageDirectory, 'node_modules', '.cache-hooks-bundle-'));
  await build({
    config: false,
    cwd: packageDirectory,
    entry: [join(packageDirectory, 'src', 'index.ts')],
    outDir: outDirectory,
    format: 'esm',
    platform: 'node',
    dts: false,
    clean: false,
    logLevel: 'silent',
    // Sources, as the tests see them, not whatever dist a sibling last built.
    // jsonc-parser's `main` is a UMD build that requires its parts at run time: take its ESM `module`.
    inputOptions: { resolve: { conditionNames: ['@cosh/source', 'node', 'import', 'default'], mainFields: ['module', 'main'] } },
    deps: { alwaysBundle: () => true, onlyBundle: false },
  });
  return { file: join(outDirectory, 'index.mjs'), remove: () => rmSync(outDirectory, { recursive: true, force: true }) };
}

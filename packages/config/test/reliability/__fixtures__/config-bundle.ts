// Builds @cosh/config from its sources, dependencies inlined, into one plain ESM file that a
// separate `node` process can import: for tests that kill the writing process.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsdown';

const packageDirectory = fileURLToPath(new URL('../../..', import.meta.url));

/** Bundles `src/index.ts`; returns the file and a function that removes it. */
export async function buildConfigBundle(): Promise<{ readonly file: string; readonly remove: () => void }> {
  const outDirectory = mkdtempSync(join(packageDirectory, 'node_modules', '.cache-config-bundle-'));
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
    // jsonc-parser's `main` is a UMD build that requires its parts at run time: take its ESM `module`.
    inputOptions: { resolve: { mainFields: ['module', 'main'] } },
    deps: { alwaysBundle: () => true, onlyBundle: false },
  });
  return { file: join(outDirectory, 'index.mjs'), remove: () => rmSync(outDirectory, { recursive: true, force: true }) };
}

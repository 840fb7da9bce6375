// Builds this package's sources into a plain ESM file that a separate `node` process can import,
// for tests whose host must be another process (host exit, a lowered open-file limit).
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { build } from 'tsdown';

const packageDirectory = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles `src/index.ts`; returns the file path and a function that removes the bundle. */
export async function buildRunnerBundle(): Promise<{ file: string; remove: () => void }> {
  // Inside the package's node_modules so the bundle resolves signal-exit (not bundled) from there.
  const outDirectory = mkdtempSync(join(packageDirectory, 'node_modules', '.cache-runner-bundle-'));
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
  });
  return {
    file: join(outDirectory, 'index.mjs'),
    remove: () => rmSync(outDirectory, { recursive: true, force: true }),
  };
}

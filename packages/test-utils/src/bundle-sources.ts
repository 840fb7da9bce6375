import { basename, join } from 'node:path';
import { build } from 'tsdown';
import { temporaryFolder } from './temporary-folder.ts';

/** A bundle on disk and how to remove it. */
export interface SourceBundle {
  /** The ESM file a separate `node` process can import. */
  readonly file: string;
  remove(): void;
}

/**
 * Bundles `entry` (a file of `packageDirectory`, default `src/index.ts`) from the sources, with
 * the workspace packages and every dependency inlined, into one plain ESM file: for tests whose
 * host must be a process of its own (one that exits, is killed, runs out of descriptors, or
 * whose memory is measured without vitest's).
 */
export async function bundleSources(packageDirectory: string, entry = join('src', 'index.ts')): Promise<SourceBundle> {
  const outDirectory = temporaryFolder('cosh-test-bundle-');
  await build({
    config: false,
    cwd: packageDirectory,
    entry: [join(packageDirectory, entry)],
    outDir: outDirectory.path,
    format: 'esm',
    platform: 'node',
    dts: false,
    clean: false,
    logLevel: 'silent',
    // Sources, as the tests see them, not whatever dist a sibling last built. jsonc-parser's
    // `main` is a UMD build that requires its parts at run time: take its ESM `module`.
    inputOptions: {
      resolve: { conditionNames: ['@cosh/source', 'node', 'import', 'default'], mainFields: ['module', 'main'] },
    },
    deps: { alwaysBundle: () => true, onlyBundle: false },
  });
  return {
    file: join(outDirectory.path, basename(entry).replace(/\.ts$/, '.mjs')),
    remove: outDirectory.remove,
  };
}

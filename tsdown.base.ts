// The one build configuration every package spreads: ESM only, Node 20.19+, types emitted.
import type { UserConfig } from 'tsdown';
import { writeBuildStamp } from './scripts/require-fresh-build.mjs';

export const baseTsdownConfig = {
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  dts: true,
  clean: true,
  sourcemap: false,
  fixedExtension: false,
  // rolldown's PLUGIN_TIMINGS warning said, on every package, that the type declarations take
  // time to generate: true, expected, and nothing to act on.
  checks: { pluginTimings: false },
  // What this build read, by content (scripts/require-fresh-build.mjs): a checkout that leaves
  // the sources as they were keeps it fresh, whatever their times. `cwd` is the package's folder.
  onSuccess: (config) => writeBuildStamp(config.cwd ?? process.cwd()),
} satisfies UserConfig;

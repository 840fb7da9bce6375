// The one build configuration every package spreads: ESM only, Node 20.19+, types emitted.
import type { UserConfig } from 'tsdown';

export const baseTsdownConfig = {
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  dts: true,
  clean: true,
  sourcemap: false,
  fixedExtension: false,
} satisfies UserConfig;

import { defineConfig } from 'tsdown';
import { baseTsdownConfig } from '../../tsdown.base.ts';

// The cosh binary is bundled into one file (plus lazily loaded chunks): resolving hundreds of
// modules at start-up roughly doubles the time to the first hook.
export default defineConfig({
  ...baseTsdownConfig,
  entry: ['src/cli.ts'],
  dts: false,
  noExternal: [/.*/],
});

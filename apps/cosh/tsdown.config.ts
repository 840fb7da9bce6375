import { defineConfig } from 'tsdown';
import { baseTsdownConfig } from '../../tsdown.base.ts';

// The cosh binary is bundled into one file (plus lazily loaded chunks): resolving hundreds of
// modules at start-up roughly doubles the time to the first hook.
export default defineConfig({
  ...baseTsdownConfig,
  entry: ['src/cli.ts'],
  dts: false,
  noExternal: [/.*/],
  // jsonc-parser's `main` is a UMD build whose factory require()s its own files at run time,
  // out of the bundler's sight (the bundle then fails with "Cannot find module './impl/format'");
  // its ES module build bundles cleanly.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
});

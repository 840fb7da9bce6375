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
  // The workspace packages are bundled from their sources (the `@cosh/source` export condition),
  // not their dists: each is `sideEffects: false`, so the bundler keeps off a command's path the
  // modules it does not use (commander and the other commands off the plain `hooks run` and
  // `claude-hook`), where a package's one dist module would load all its imports.
  inputOptions: { resolve: { conditionNames: ['@cosh/source', 'node', 'import', 'default'] } },
  // zod and the modules that build schemas with it get chunks of their own: the plain `hooks run`
  // and `claude-hook` load them only when a file is not in the validation cache or a hook printed
  // something, and the bundler would otherwise share a chunk between one of them and a module of
  // the hot path (the blank-text test of hook output, say), loading zod with it.
  outputOptions: {
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [
        {
          name: 'validation',
          test: /node_modules\/.pnpm\/zod@[^/]+\/node_modules\/zod\/v4\/(core|mini)\/|packages\/config\/src\/(setup-schema|validate-config|parse-config|json-schema|load-config)\.ts$|packages\/aggregate\/src\/(hook-output-schema|claude-output-schema|parse-hook-output|parse-claude-output)\.ts$/,
        },
      ],
    },
  },
  // Every `cosh hooks run` parses what it loads before running anything: minified, that is
  // ~180 KB instead of ~410 KB on its path, 15–20 ms less per call (scripts/bench.mjs, cold start).
  // Function and class names are kept, so `.name` means what the code says (libraries such as
  // commander read it) and stack traces still name functions; the source maps, read only with
  // `NODE_OPTIONS=--enable-source-maps`, give the original files and lines.
  minify: {
    compress: { target: 'node20', keepNames: { function: true, class: true } },
    mangle: { keepNames: { function: true, class: true } },
    codegen: { removeWhitespace: true },
  },
  sourcemap: true,
});

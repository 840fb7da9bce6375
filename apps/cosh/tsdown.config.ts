import { createRequire } from 'node:module';
import { defineConfig, type Rolldown, type UserConfig } from 'tsdown';
import { baseTsdownConfig } from '../../tsdown.base.ts';
import { thirdPartyNotices } from '../../third-party-notices-plugin.ts';
import { asciiOnly } from './ascii-only-plugin.ts';

// The cosh binary is bundled: resolving hundreds of modules at start-up roughly doubles the time
// to the first hook. Three bundles (see src/start.ts):
// - dist/start.cjs, the first module of every run, which picks one of the other two;
// - dist/fast-start.cjs, the plain `hooks run` and the agents' bridge commands, one CommonJS
//   file: a program starts these once per tool call, and one file with no ES module loader and
//   its code kept between runs starts fastest (scripts/bench.mjs, cold start; splitting it into
//   chunks loaded on first use was measured slower, 4 December 2026);
// - dist/cli.js and its chunks, the whole program, loaded a command at a time.
// All of them are ASCII only (ascii-only-plugin.ts), which V8 reads faster.
// @opentelemetry/semantic-conventions' CommonJS build (which the SDK's CommonJS builds require)
// bundles into modules that read a binding before it is set ("Cannot access 't' before
// initialization" on loading the OTLP export, SPEC J3); its ES module build bundles cleanly.
// Resolved from the SDK's own folder: the package is the SDK's dependency, not the app's.
const semanticConventions = createRequire(
  createRequire(new URL('../../packages/hooks/package.json', import.meta.url)).resolve('@opentelemetry/sdk-logs'),
)
  .resolve('@opentelemetry/semantic-conventions')
  .replace(/index\.cjs$/, 'index.mjs');

const bundled = {
  ...baseTsdownConfig,
  dts: false,
  noExternal: [/.*/],
  // jsonc-parser's `main` is a UMD build whose factory require()s its own files at run time,
  // out of the bundler's sight (the bundle then fails with "Cannot find module './impl/format'");
  // its ES module build bundles cleanly.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js', '@opentelemetry/semantic-conventions': semanticConventions },
  // jsonc-parser declares no `sideEffects`, so the bundler keeps its module-level work even when
  // nothing uses the result: the formatter's table of 1,200 indentation strings, built on every
  // start of `cosh hooks run` (300 KB to collect). Its modules only define functions, enums and
  // that table. Every other module keeps what its package declares (`undefined`).
  treeshake: { moduleSideEffects: (id: string) => (id.includes('/jsonc-parser/') ? false : undefined) },
  // The workspace packages are bundled from their sources (the `@cosh/source` export condition),
  // not their dists: each is `sideEffects: false`, so the bundler keeps out of a bundle the
  // modules it does not use, where a package's one dist module would load all its imports.
  // lazyBarrel: an import through a package's index module initialises only the modules it names.
  // Without it, in the one-file bundle (whose modules start on first use) the first import of
  // `@cosh/config` started all of its modules, zod and the schemas with them, on every start of
  // `cosh hooks run` (test/e2e/start-up.test.ts). Kept, though experimental, because it pays:
  // without it src/hot-path-imports.test.ts fails (zod starts on every call; 4 December 2026).
  inputOptions: {
    resolve: { conditionNames: ['@cosh/source', 'node', 'import', 'default'] },
    experimental: { lazyBarrel: true },
  },
  // Every start parses what it loads before running anything: minified, that is well under half
  // the text, 15–20 ms less per call (scripts/bench.mjs, cold start). Function and class names
  // are kept, so `.name` means what the code says (libraries such as commander read it) and
  // stack traces still name functions; the source maps, read only with
  // `NODE_OPTIONS=--enable-source-maps`, give the original files and lines in a clone. They are
  // not published (package.json's `files`): they were 79% of the tarball, mostly the bundled
  // packages' own sources. Node passes over the comment naming a map that is not there.
  minify: {
    compress: { target: 'node20', keepNames: { function: true, class: true } },
    mangle: { keepNames: { function: true, class: true } },
    codegen: { removeWhitespace: true },
  },
  sourcemap: true,
  // dist/THIRD-PARTY-NOTICES: the licence notices of the ~50 packages bundled (their licences ask
  // for the notice to travel with the code).
  plugins: [asciiOnly(), thirdPartyNotices()],
} satisfies UserConfig;

/** One CommonJS file with everything in it: the dynamic imports inside are inlined, and what they load runs only when they do. */
const oneCommonJsFile = {
  ...bundled,
  format: 'cjs',
  // CommonJS on purpose (see above): tsdown's advice to prefer ES modules does not apply here.
  checks: { ...bundled.checks, legacyCjs: false },
  outputOptions: { codeSplitting: false },
} satisfies UserConfig;

/**
 * SPEC J3: the OpenTelemetry SDK (~380 KB) is its own file, dist/otlp-sdk.cjs, loaded only when
 * `journal.otlp` is set: inlined into dist/fast-start.cjs it would be read on every call. The
 * other bundles load it with require() (fast-start.cjs) or import() (cli.js) of that file.
 */
const otlpSdkOutside: Rolldown.Plugin = {
  name: 'cosh:otlp-sdk-outside',
  resolveId(source, importer) {
    if (source === './journal-otlp-sdk.ts' && importer?.endsWith('/journal-otlp.ts') === true)
      return { id: './otlp-sdk.cjs', external: true };
    return null;
  },
};

// SPEC F2: the shell parser (web-tree-sitter's CommonJS build, its WebAssembly runtime and
// tree-sitter-bash's grammar), shipped in dist/tree-sitter/ where @cosh/hooks' shell-words.ts looks
// first. They are loaded only when a hook with `paths` meets a shell command, never at start-up
// (inlined, the parser's 160 KB would be parsed by every start of the one-file bundle).
const hooksPackage = createRequire(new URL('../../packages/hooks/package.json', import.meta.url));
const shellParserFiles = {
  from: [
    hooksPackage.resolve('web-tree-sitter'),
    hooksPackage.resolve('web-tree-sitter/tree-sitter.wasm'),
    hooksPackage.resolve('tree-sitter-bash/tree-sitter-bash.wasm'),
  ],
  to: 'dist/tree-sitter',
};

export default defineConfig([
  { ...oneCommonJsFile, entry: { start: 'src/start.ts' } },
  { ...oneCommonJsFile, entry: { 'otlp-sdk': '../../packages/hooks/src/journal-otlp-sdk.ts' } },
  {
    ...oneCommonJsFile,
    plugins: [otlpSdkOutside, ...oneCommonJsFile.plugins],
    entry: { 'fast-start': 'src/fast-start.ts' },
    copy: [shellParserFiles],
    // A built-in imported dynamically (node:crypto, node:http) is a require() too: an import()
    // would start Node's ES module loader in the middle of a call, and code compiled from the code
    // cache cannot run import() (require-with-code-cache.ts). start.cjs keeps its one import(),
    // of dist/cli.js, an ES module.
    outputOptions: { ...oneCommonJsFile.outputOptions, dynamicImportInCjs: false },
  },
  { ...bundled, plugins: [otlpSdkOutside, ...bundled.plugins], entry: { cli: 'src/cli.ts' } },
]);

import { defineConfig } from 'tsdown';
import { baseTsdownConfig } from '../../tsdown.base.ts';
import { thirdPartyNotices } from '../../third-party-notices-plugin.ts';

export default defineConfig({
  ...baseTsdownConfig,
  // jsonc-parser is bundled into dist/, from its ES module build. Its `main` is a UMD build whose
  // factory require()s its own files at run time, out of a bundler's sight: a consumer bundling
  // @cosh/config with esbuild (which reads `main`) built without a word and then failed at start
  // with `Dynamic require of "./impl/format"`. Its ES module build cannot be imported from here
  // instead: Node would not load it (extensionless imports, no `"type": "module"`). Bundled, it
  // is code of ours to every consumer's bundler and to Node alike (packages/consumer-bundles tests it).
  deps: { alwaysBundle: ['jsonc-parser'], onlyBundle: ['jsonc-parser'] },
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  // jsonc-parser declares no `sideEffects`, so the bundler would keep its module-level work even
  // where nothing uses it (the formatter's table of indentation strings): its modules only define
  // functions, enums and that table.
  treeshake: { moduleSideEffects: (id: string) => (id.includes('/jsonc-parser/') ? false : undefined) },
  // The source map is not published (package.json's `files`), and the bundle does not name it
  // (`hidden`): a consumer's bundler would look for it. It stays in dist/ as the record of which
  // third-party code the bundle holds, checked against THIRD-PARTY-NOTICES by check-packages.
  sourcemap: 'hidden',
  plugins: [thirdPartyNotices()],
  // One file: the modules this package loads on first use (the writer, trust recording, the
  // validation cache) are initialised when first imported, as before, but no longer sit in
  // chunks behind import(). A consumer bundling with Rollup into one file (inlineDynamicImports)
  // had those chunks placed after its own top-level await code, so the first write met an
  // undefined module (rollup/rollup#4166); nothing of ours is behind an import() any more.
  outputOptions: { codeSplitting: false },
});

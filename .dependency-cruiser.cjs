// The layering of ARCHITECTURE.md, checked on every `pnpm test` (`pnpm lint`):
//
//   ground   spec                                 imports no Cosh package (the tables of the closed sets)
//   leaves   config, matcher, runner, aggregate,  import no other Cosh package but @cosh/spec
//            sandbox
//   engine   hooks                                imports the four leaves
//   cli      cosh-cli                             imports hooks and config
//   app      apps/cosh                            imports any of them
//
// plus: no module cycles (type-only imports count), no relative path into another package,
// only the runner spawns processes, and @cosh/test-utils in tests only.
const leaves = '(config|matcher|runner|aggregate|sandbox)';
// Shipped code: every package's src but the private test helpers.
const productionSource = '^(packages/(?!test-utils/)[^/]+|apps/[^/]+)/src/';
const testFile = '(\\.test\\.tsx?$|/__fixtures__/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module cycle, type-only imports included: split the shared part into a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import that resolves to nothing: a missing dependency in package.json, or a typo.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'spec-imports-no-package',
      comment: '@cosh/spec is the ground floor: the tables every layer reads import nothing of Cosh.',
      severity: 'error',
      from: { path: '^packages/spec/' },
      to: { path: '^(packages|apps)/', pathNot: ['^packages/spec/', '^packages/test-utils/'] },
    },
    {
      name: 'leaves-import-no-package',
      comment:
        'config, matcher, runner, aggregate and sandbox import no other Cosh package but @cosh/spec: each states the small type it needs.',
      severity: 'error',
      from: { path: `^packages/${leaves}/` },
      to: { path: '^(packages|apps)/', pathNot: ['^packages/$1/', '^packages/spec/', '^packages/test-utils/'] },
    },
    {
      name: 'engine-imports-leaves-only',
      comment: '@cosh/hooks wires the four leaves and imports nothing above it.',
      severity: 'error',
      from: { path: '^packages/hooks/' },
      to: { path: '^(packages/cosh-cli|apps)/' },
    },
    {
      name: 'cli-imports-hooks-and-config',
      comment:
        "@cosh/cosh-cli uses the engine and the config; the runner, matcher and aggregate are the engine's, the app is above it.",
      severity: 'error',
      from: { path: '^packages/cosh-cli/' },
      to: { path: '^(packages/(runner|matcher|aggregate)|apps)/' },
    },
    {
      name: 'no-relative-path-into-another-package',
      comment: 'Import another package by its name (@cosh/…), never by a relative path into its folder.',
      severity: 'error',
      from: { path: '^(packages|apps)/([^/]+)/' },
      // The shared build and test configurations at the root are no package, nor the
      // repository's scripts (the app's e2e setup takes the prepack guard's freshness check).
      to: { dependencyTypes: ['local'], pathNot: ['^$1/$2/', '^[^/]+$', '^scripts/[^/]+\\.mjs$'] },
    },
    {
      name: 'only-the-runner-spawns',
      comment:
        "Processes are started by @cosh/runner only (process groups, timeouts, host-exit kills); the settings screen starts the user's editor, which must own the terminal in its foreground group, in open-editor.ts alone.",
      severity: 'error',
      from: {
        path: productionSource,
        pathNot: [
          '^packages/runner/',
          '^packages/cosh-cli/src/settings/open-editor\\.ts$',
          // The sandbox's one start of its own: the probe (`bwrap … sh -c 'exit 0'`), bounded.
          '^packages/sandbox/src/probe-sandbox\\.ts$',
          testFile,
        ],
      },
      to: { dependencyTypes: ['core'], path: '^(node:)?child_process$' },
    },
    {
      name: 'test-utils-in-tests-only',
      comment: '@cosh/test-utils is private and never published: only tests and their fixtures use it.',
      severity: 'error',
      from: { path: productionSource, pathNot: testFile },
      to: { path: '^packages/test-utils/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      conditionNames: ['@cosh/source', 'import', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// What an npm consumer of @cosh/config and @cosh/hooks meets when bundling them into a program of
// their own: the built packages (their dist/, as published; not the sources the other tests use)
// bundled by esbuild and by Rollup with their usual settings for Node, then the bundle run from a
// folder with no node_modules. jsonc-parser, which @cosh/config uses, once broke this: esbuild
// took its UMD `main`, built without a word, and the bundle failed at start with `Dynamic require
// of "./impl/format"`. `pnpm test:e2e` builds both packages first (turbo.json).
import { readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjsPlugin from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { runNode, TRUST_ALL_ENV, temporaryFolders } from '@cosh/test-utils';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { describe, expect, it } from 'vitest';

const embedder = fileURLToPath(new URL('./__fixtures__/embedder.mjs', import.meta.url));
const freshFolder = temporaryFolders('cosh-consumer-bundles-');

const setupJson = `// A comment the writer must keep.
{
  "hooks": {
    "PreToolUse": [
      { "name": "No bash", "matcher": "^bash_run$", "command": "echo 'bash_run is not allowed here' >&2; exit 2", "timeout": 30 }
    ],
    "PostToolUse": [
      { "name": "Note", "command": "exit 0", "timeout": 30 }
    ]
  }
}
`;

/** Bundles the embedder with esbuild as a Node program (its defaults: `main` before `module`). */
async function bundleWithEsbuild(outputFolder: string): Promise<string> {
  const outfile = join(outputFolder, 'embedder.mjs');
  const result = await build({
    entryPoints: [embedder],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  expect(result.warnings.map((warning) => warning.text)).toEqual([]);
  return outfile;
}

// The plugin's types are CommonJS (NodeNext reads `export default` as the module), its ES build
// the function itself: the function is what an ES module import gives.
const commonjs = commonjsPlugin as unknown as typeof commonjsPlugin.default;

/**
 * Bundles the embedder with Rollup and its node-resolve and commonjs plugins, Node's built-ins left
 * to Node: as a Rollup user does, since some of our dependencies (picomatch) ship CommonJS only.
 */
async function bundleWithRollup(outputFolder: string): Promise<string> {
  const file = join(outputFolder, 'embedder.mjs');
  const warnings: string[] = [];
  const bundle = await rollup({
    input: embedder,
    plugins: [nodeResolve({ exportConditions: ['node'], preferBuiltins: true }), commonjs()],
    external: (id) => id.startsWith('node:') || builtinModules.includes(id),
    // Rollup's remarks on zod's and OpenTelemetry's own modules (an annotation it cannot place, a
    // module cycle, TypeScript's top-level `this` helpers) are about packages we depend on, not
    // about what we build: only the rest count.
    onwarn: (warning) => {
      const about = [warning.id, ...(warning.ids ?? [])].filter((id) => id !== undefined);
      const dependencies = ['/node_modules/.pnpm/zod@', '/node_modules/.pnpm/@opentelemetry+'];
      if (about.length > 0 && about.every((id) => dependencies.some((folder) => id.includes(folder)))) return;
      warnings.push(`${warning.code}: ${warning.message}`);
    },
  });
  await bundle.write({ file, format: 'es', inlineDynamicImports: true });
  await bundle.close();
  expect(warnings).toEqual([]);
  return file;
}

describe.each([
  ['esbuild', bundleWithEsbuild],
  ['Rollup', bundleWithRollup],
])('a program embedding @cosh/config and @cosh/hooks, bundled with %s', (_bundler, bundleWith) => {
  it('L1, L2, C8: runs: its hooks deny one call and let another run, and the writer keeps the comment', async () => {
    const bundle = await bundleWith(freshFolder());
    const workspace = freshFolder();
    const setupFile = join(workspace, 'setup.json');
    writeFileSync(setupFile, setupJson);

    // Run from a folder of its own, with nothing to resolve a package from: all is in the bundle.
    const run = await runNode(bundle, [setupFile, workspace], {
      cwd: workspace,
      env: { PATH: process.env['PATH'], HOME: freshFolder(), ...TRUST_ALL_ENV },
      timeoutMs: 60_000,
    });

    expect(run.stderr).not.toMatch(/Dynamic require|Cannot find module|Error/);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.denied.status).toBe('blocked');
    expect(result.denied.output).toBe('Blocked by hook: bash_run is not allowed here');
    expect(result.allowed).toEqual({ status: 'ok', output: 'fs_read ran' });
    expect(result.changed).toBe(true);
    const written = readFileSync(setupFile, 'utf8');
    expect(written).toContain('// A comment the writer must keep.');
    expect(written).toMatch(/"hooksEnabled":\s*\{\s*"PostToolUse":\s*false\s*\}/);
    // Bundling zod and the rest is seconds of CPU: on a machine whose cores are busy, many more.
  }, 120_000);
});

// The e2e project's globalSetup (vitest.config.ts): e2e drives the built binary, so it refuses a
// build older than the sources however it is started: turbo (which builds first), `pnpm vitest`
// or `npx vitest` in this folder, an IDE. A stale build once passed every e2e test after a source
// change, testing the code from before it. The check is the prepack guard's
// (scripts/require-fresh-build.mjs): the contents of src/, package.json, the build configuration
// and every public workspace package the bundle inlines are what the last build read.
import { fileURLToPath } from 'node:url';
import { buildFreshnessProblems } from '../../../scripts/require-fresh-build.mjs';

const appDirectory = fileURLToPath(new URL('..', import.meta.url));

/** Throws, saying what to run, when the app's build in `directory` is missing or stale. */
export function requireFreshBuild(directory: string = appDirectory): void {
  const problems = buildFreshnessProblems(directory);
  if (problems.length === 0) return;
  throw new Error(
    `the built cosh is not fresh, so the e2e tests would test old code:\n${problems.map((problem) => `  ${problem}\n`).join('')}` +
      'run `pnpm build` at the repository root, then the tests again',
  );
}

export default function setup(): void {
  requireFreshBuild();
}

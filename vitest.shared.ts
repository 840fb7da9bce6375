// The vitest configuration every package uses: three projects over the same sources.
//   unit         src/**/*.test.ts and test/**/*.test.ts: the fast loop (`pnpm test`), seconds
//   e2e          test/e2e/**: drives the built binary as a user does (`pnpm test:e2e`, which turbo
//                runs after the build, so it never meets a stale bundle)
//   reliability  test/reliability/**: soak, load, crash-safety, fuzz (`pnpm test:reliability`, CI)
//   clients      test/clients/**: real coding agents driven offline (`pnpm test:clients`, CI)
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to each other's sources (the `@cosh/source` export condition),
// so tests never depend on a stale or missing dist of a sibling package.
const conditions = ['@cosh/source', 'node', 'import', 'module', 'default'];

// The tests mostly wait on real processes (hooks, shells, pseudo-terminals), not on the CPU: one
// package's `pnpm test` runs one worker more than the machine has cores (on the 2-core CI machine
// that took the runner's unit suite from 23 s to 13 s). Under turbo (the root `pnpm test`, which
// sets TURBO_HASH) the packages already run side by side, so each keeps vitest's default.
const maxWorkers = process.env['TURBO_HASH'] === undefined ? availableParallelism() + 1 : undefined;

const e2eFiles = 'test/e2e/**/*.test.ts';
const reliabilityFiles = 'test/reliability/**/*.test.ts';
const clientFiles = 'test/clients/**/*.test.ts';

/**
 * The test configuration of one package. `builtGlobalSetup`: files the projects that drive what
 * the build made (e2e, reliability, clients) run once before their tests (the app's refuses a
 * stale build, however the tests are started).
 */
export function definePackageTests(options: { readonly builtGlobalSetup?: readonly string[] } = {}) {
  const globalSetup = [...(options.builtGlobalSetup ?? [])];
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@cosh/source'] } },
    test: {
      testTimeout: 30_000,
      hookTimeout: 30_000,
      pool: 'forks',
      maxWorkers,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
            exclude: [...configDefaults.exclude, e2eFiles, reliabilityFiles, clientFiles],
          },
        },
        {
          extends: true,
          test: { name: 'e2e', include: [e2eFiles], globalSetup },
        },
        {
          extends: true,
          // One file at a time: these suites measure descriptors, memory and timing of real
          // processes, and should not share two cores with each other.
          test: { name: 'reliability', include: [reliabilityFiles], fileParallelism: false, globalSetup },
        },
        {
          extends: true,
          // The real coding agents run offline against fake model APIs (the app's test/clients,
          // `pnpm test:clients`): a run takes seconds, many more on a loaded machine.
          // The three agents' files run side by side: their runs mostly wait (on the agent's
          // start, the hooks, the fake API), and one after the other they took three minutes.
          test: {
            name: 'clients',
            include: [clientFiles],
            testTimeout: 240_000,
            hookTimeout: 60_000,
            maxWorkers: 3,
            globalSetup,
          },
        },
      ],
    },
  });
}

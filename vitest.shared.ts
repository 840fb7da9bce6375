// The vitest configuration every package uses: two projects over the same sources.
//   unit         src/**/*.test.ts and test/**/*.test.ts: the fast loop (`pnpm test`)
//   reliability  test/reliability/**: soak, load, crash-safety, fuzz (`pnpm test:reliability`, CI)
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to each other's sources (the `@cosh/source` export condition),
// so tests never depend on a stale or missing dist of a sibling package.
const conditions = ['@cosh/source', 'node', 'import', 'module', 'default'];

const reliabilityFiles = 'test/reliability/**/*.test.ts';

/** The test configuration of one package; `unit` options go to the unit project only. */
export function definePackageTests(unit: { readonly fileParallelism?: boolean } = {}) {
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@cosh/source'] } },
    test: {
      testTimeout: 30_000,
      hookTimeout: 30_000,
      pool: 'forks',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
            exclude: [...configDefaults.exclude, reliabilityFiles],
            ...unit,
          },
        },
        {
          extends: true,
          // One file at a time: these suites measure descriptors, memory and timing of real
          // processes, and should not share two cores with each other.
          test: { name: 'reliability', include: [reliabilityFiles], fileParallelism: false },
        },
      ],
    },
  });
}

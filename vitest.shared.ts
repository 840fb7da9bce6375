// The vitest base every package merges into its own config.
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to each other's sources (the `@cosh/source` export condition),
// so tests never depend on a stale or missing dist of a sibling package.
const conditions = ['@cosh/source', 'node', 'import', 'module', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@cosh/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});

import { definePackageTests } from '../../vitest.shared.ts';

// One unit file at a time: the engine's tests assert parallelism and timeouts of real hooks, and
// should not share the two cores with each other.
export default definePackageTests({ fileParallelism: false });

import { defineProject, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// One test file at a time: the soak forks thousands of hooks and measures descriptors and heap,
// and the timing bounds of the other files (parallelism, timeouts) should not share the cores
// with it.
export default mergeConfig(shared, defineProject({ test: { fileParallelism: false } }));

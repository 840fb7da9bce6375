import { definePackageTests } from '../../vitest.shared.ts';

// e2e runs the built binary: its setup refuses a stale build however the tests are started.
export default definePackageTests({ builtGlobalSetup: ['./test/e2e-fresh-build.ts'] });

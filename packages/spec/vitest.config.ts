import { definePackageTests } from '../../vitest.shared.ts';

export default definePackageTests();

// What engine-host.mjs imports from its bundle: the engine and the config loader it is given.
export { parseConfig } from '@cosh/config';
export { createHookEngine } from '../../../src/index.ts';

// `node --import ./trace-imports.mjs …`: appends every module the program imports (file URLs and
// `node:` built-ins, as resolved) to $COSH_TEST_IMPORT_TRACE, one per line, so a test can tell
// what a command pulled in.
import { register } from 'node:module';

register('./trace-imports-hooks.mjs', import.meta.url, { data: { file: process.env.COSH_TEST_IMPORT_TRACE } });

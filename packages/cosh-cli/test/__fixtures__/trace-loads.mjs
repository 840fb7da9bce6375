// `node --import ./trace-loads.mjs …`: appends the URL of every module file the program loads
// to $COSH_TEST_LOAD_TRACE, one per line, so a test can tell which code a command pulled in.
import { register } from 'node:module';

register('./trace-loads-hooks.mjs', import.meta.url, { data: { file: process.env.COSH_TEST_LOAD_TRACE } });

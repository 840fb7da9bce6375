// `node --require ./start-up-probe.cjs …`: at exit, writes to $COSH_TEST_START_UP_PROBE what the
// process ran, as JSON: `zod` (whether zod started: it registers a global registry when it
// does), `builtins` (Node's built-in modules loaded), `scripts` (the CommonJS files required)
// and `stdin` (whether anything asked for process.stdin, which Node builds on first use).
'use strict';
const { writeFileSync } = require('node:fs');

let stdin = false;
const stdinGetter = Object.getOwnPropertyDescriptor(process, 'stdin');
Object.defineProperty(process, 'stdin', {
  ...stdinGetter,
  get() {
    stdin = true;
    return stdinGetter.get.call(process);
  },
});

process.on('exit', () => {
  const builtins = process.moduleLoadList
    .filter((entry) => entry.startsWith('NativeModule '))
    .map((entry) => entry.slice(13));
  const report = { zod: '__zod_globalRegistry' in globalThis, builtins, scripts: Object.keys(require.cache), stdin };
  writeFileSync(process.env.COSH_TEST_START_UP_PROBE, JSON.stringify(report));
});

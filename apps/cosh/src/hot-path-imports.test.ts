// What `cosh hooks run` and `cosh claude-hook` load, checked on the sources in the unit loop: the
// per-call bundle (dist/fast-start.cjs) is built here from src/ as `pnpm build` builds it, then
// run in a child Node for a plain call whose setup.json the validation cache already knows. Zod
// (the validator, 100+ KB to compile), commander and ink (the whole program's) must not start: a
// program starts these two commands once per tool call (issue 16, issue 29). commander, ink and
// react are left out of this build, so that a require() of any of them shows, wherever the bundle
// would run it; zod stays in, as in the real bundle, and shows by the global registry it makes.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { build, type InlineConfig } from 'tsdown';
import { beforeAll, describe, expect, it } from 'vitest';
import configs from '../tsdown.config.ts';

const makeFolder = temporaryFolders('cosh-hot-path-');
const FORBIDDEN = /^(commander|ink|react)($|\/)/;

let folder: string;

beforeAll(async () => {
  folder = makeFolder();
  const fastStart = (configs as readonly InlineConfig[]).find(
    (config) => typeof config.entry === 'object' && config.entry !== null && 'fast-start' in config.entry,
  );
  if (fastStart === undefined) throw new Error('tsdown.config.ts builds no fast-start bundle');
  await build({
    ...fastStart,
    config: false,
    outDir: join(folder, 'dist'),
    sourcemap: false,
    minify: false,
    plugins: [],
    logLevel: 'error',
    external: [FORBIDDEN],
  });
  // Records every require() of the left-out packages (and answers it with nothing), and at exit
  // whether zod started.
  writeFileSync(
    join(folder, 'probe.cjs'),
    `const Module = require('node:module');
const load = Module._load;
const forbidden = [];
Module._load = function (request, ...rest) {
  if (${FORBIDDEN}.test(request)) { forbidden.push(request); return {}; }
  return load.call(this, request, ...rest);
};
process.on('exit', () => {
  require('node:fs').writeFileSync(process.env.PROBE_REPORT, JSON.stringify({ zod: '__zod_globalRegistry' in globalThis, forbidden }));
});
`,
  );
  writeFileSync(join(folder, 'setup.json'), '{"hooks": {"PreToolUse": [{"name": "trivial", "command": "true"}]}}\n');
}, 120_000);

/** Runs the built bundle's plain command line `argv` in a child Node; what it loaded. */
function runHotPath(argv: readonly string[], input = ''): { zod: boolean; forbidden: string[]; stdout: string } {
  const report = join(folder, 'report.json');
  const bundle = join(folder, 'dist', 'fast-start.cjs');
  const child = spawnSync(
    process.execPath,
    [
      '--require',
      join(folder, 'probe.cjs'),
      '-e',
      `if (!require(${JSON.stringify(bundle)}).runPlainCommandLine(${JSON.stringify(argv)})) process.exit(99)`,
    ],
    {
      cwd: folder,
      input,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'], HOME: folder, COSH_TRUST: 'all', PROBE_REPORT: report },
    },
  );
  if (child.status !== 0) throw new Error(`exit ${child.status}: ${child.stderr}`);
  return { ...JSON.parse(readFileSync(report, 'utf8')), stdout: child.stdout };
}

describe('the per-call start loads neither zod, commander nor ink (issue 29)', () => {
  const hooksRun = [
    'hooks',
    'run',
    'PreToolUse',
    '--tool',
    'bash_run',
    '--input',
    '{}',
    '--config',
    'setup.json',
    '--json',
  ];

  it('X: cosh hooks run, its setup.json known to the validation cache', () => {
    // The first run validates the file (zod starts: the check can fail) and remembers it did.
    expect(runHotPath(hooksRun).zod).toBe(true);
    const run = runHotPath(hooksRun);
    expect(JSON.parse(run.stdout)).toMatchObject({ hooks: [{ name: 'trivial', outcome: 'none' }] });
    expect({ zod: run.zod, forbidden: run.forbidden }).toEqual({ zod: false, forbidden: [] });
  });

  it('K8: cosh claude-hook, the same', () => {
    const call = JSON.stringify({
      session_id: 's',
      transcript_path: '',
      cwd: folder,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    runHotPath(['claude-hook', '--config', 'setup.json'], call);
    const run = runHotPath(['claude-hook', '--config', 'setup.json'], call);
    // K8: the COSH_TRUST=all warning goes to the person through systemMessage too.
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse' } });
    expect(JSON.parse(run.stdout)).not.toHaveProperty('hookSpecificOutput.permissionDecision');
    expect({ zod: run.zod, forbidden: run.forbidden }).toEqual({ zod: false, forbidden: [] });
  });
});

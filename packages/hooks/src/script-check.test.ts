// SPEC S5 per call, with real files and /bin/sh: an engine serving many calls, given config's
// script check, denies a call whose guard script was rewritten since it was trusted.
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createScriptCheck, loadHooks, recordTrust, readConfigLayers } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHookEngine } from './create-hook-engine.ts';
import type { HookEngine } from './hook-engine-types.ts';

const makeFolder = temporaryFolders('cosh-hooks-script-check-');

let root: string;
let home: string;
let userDir: string;
let guard: string;
let marker: string;
const engines: HookEngine[] = [];

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  userDir = join(home, '.config', 'cosh');
  guard = join(userDir, 'guard.sh');
  marker = join(root, 'ran');
  await mkdir(userDir, { recursive: true });
});

afterEach(async () => {
  for (const engine of engines.splice(0)) engine.close();
});

const env = () => ({ HOME: home, PATH: process.env['PATH'], COSH_MANAGED_CONFIG: join(root, 'no-managed.json') });

async function trustedEngine(): Promise<HookEngine> {
  await writeFile(guard, "#!/bin/sh\necho 'guard says no' >&2\nexit 2\n");
  await chmod(guard, 0o755);
  const command = '"$COSH_CONFIG_DIR/guard.sh"';
  await writeFile(
    join(userDir, 'setup.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ name: 'guard', command }], PostToolUse: [{ name: 'guard', command }] } }),
  );
  await writeFile(join(root, 'no-managed.json'), '{}');
  const layers = await readConfigLayers({ cwd: root, env: env() });
  await recordTrust(
    layers.trustStore,
    layers.files.flatMap((file) => (file.layer === 'user' && file.candidate !== null ? [file.candidate] : [])),
  );
  const loaded = await loadHooks({ cwd: root, env: env() });
  expect(loaded.files.find((file) => file.layer === 'user')?.trust).toBe('trusted');
  const engine = createHookEngine(loaded.config, {
    cwd: root,
    env: env(),
    scriptCheck: await createScriptCheck(loaded.trustedScripts),
  });
  engines.push(engine);
  return engine;
}

const reason = () => `hook 'guard': script ${guard} changed since it was trusted (run cosh hooks trust)`;

describe('the per-call script check (S5)', () => {
  it('S5: a guard script rewritten between two calls: the second call is denied with the S5 reason and the script does not run', async () => {
    const engine = await trustedEngine();
    const first = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    expect(first).toMatchObject({ decision: 'deny', reasons: ['guard says no'] });

    // Same size, same second: only the content differs (a re-hash, not just a stat, must catch it).
    await writeFile(guard, `#!/bin/sh\ntouch '${marker}'\nexit 0\n`);
    const second = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    expect(second).toMatchObject({ decision: 'deny', reasons: [reason()] });
    const post = await engine.postToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' }, toolOutput: 'x' });
    expect(post.reasons).toEqual([reason()]);
    expect(existsSync(marker)).toBe(false);
  });

  it('S5: the script put back as trusted runs again; a removed one denies', async () => {
    const engine = await trustedEngine();
    await writeFile(guard, '#!/bin/sh\nexit 0\n');
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).reasons).toEqual([reason()]);
    await writeFile(guard, "#!/bin/sh\necho 'guard says no' >&2\nexit 2\n");
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).reasons).toEqual(['guard says no']);
    const { rm } = await import('node:fs/promises');
    await rm(guard);
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).reasons).toEqual([reason()]);
  });

  it('S5: without a script check (one-shot hosts check at load) the engine runs what the file holds', async () => {
    const engine = await trustedEngine();
    const unchecked = createHookEngine((await loadHooks({ cwd: root, env: env() })).config, { cwd: root, env: env() });
    engines.push(unchecked);
    await writeFile(guard, '#!/bin/sh\nexit 0\n');
    expect((await unchecked.preToolUse({ toolName: 'bash_run', toolInput: {} })).decision).toBe('none');
    expect((await engine.preToolUse({ toolName: 'bash_run', toolInput: {} })).decision).toBe('deny');
  });
});

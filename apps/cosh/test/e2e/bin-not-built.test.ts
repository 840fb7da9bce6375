// The committed bin shim (bin/cosh.js) in a clone before `pnpm build`: one line saying what to do
// and exit 70, not a stack trace; a bundle that exists but fails to load keeps its own error.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { coshBin } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-bin-shim-');

let folder: string;

beforeAll(() => {
  folder = makeFolder();
});

/**
 * A copy of the shim in `<folder>/<name>/bin/cosh.js` (CommonJS by its own bin/package.json, in
 * an ES module package, as in the app), with `dist/` holding the given files.
 */
async function shimWith(name: string, distFiles: Record<string, string>): Promise<string> {
  const app = join(folder, name);
  await mkdir(join(app, 'bin'), { recursive: true });
  await copyFile(coshBin, join(app, 'bin/cosh.js'));
  await copyFile(join(dirname(coshBin), 'package.json'), join(app, 'bin/package.json'));
  await writeFile(join(app, 'package.json'), '{"type": "module"}\n');
  for (const [file, text] of Object.entries(distFiles)) {
    await mkdir(join(app, 'dist'), { recursive: true });
    await writeFile(join(app, 'dist', file), text);
  }
  return join(app, 'bin/cosh.js');
}

function runShim(shim: string) {
  const result = spawnSync(process.execPath, [shim, '--version'], {
    cwd: folder,
    env: { PATH: process.env['PATH'], HOME: folder },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('bin/cosh.js before a build', () => {
  it('prints "cosh is not built yet: run pnpm build" and exits 70 when dist/start.cjs is missing', async () => {
    const shim = await shimWith('unbuilt', {});
    expect(runShim(shim)).toEqual({ code: 70, stdout: '', stderr: 'cosh is not built yet: run pnpm build\n' });
  });

  it('runs the bundle when it is there', async () => {
    const shim = await shimWith('built', { 'start.cjs': "process.stdout.write('bundle ran\\n');\n" });
    expect(runShim(shim)).toEqual({ code: 0, stdout: 'bundle ran\n', stderr: '' });
  });

  it('a bundle that is there but cannot load (a chunk missing) shows its own error, not "not built"', async () => {
    const shim = await shimWith('broken', { 'start.cjs': "require('./chunk-missing.cjs');\n" });
    const result = runShim(shim);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('MODULE_NOT_FOUND');
    expect(result.stderr).toContain('chunk-missing.cjs');
    expect(result.stderr).not.toContain('not built');
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTemporaryFiles, STALE_TEMPORARY_FILE_MS, temporaryFileFor } from './stale-temporary-files.ts';
import { writeFileAtomically } from './write-file-atomically.ts';

const makeFolder = temporaryFolders('cosh-stale-');

let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

/** A pid that existed and is gone now: a child that already exited. */
function deadPid(): number {
  const child = spawnSync('/bin/sh', ['-c', 'echo $$']);
  return Number(String(child.stdout).trim());
}

function leftover(file: string, pid: number, ageMs: number): string {
  const path = temporaryFileFor(file, pid, 'a1b2c3d4e5f6');
  writeFileSync(path, '{"half":');
  const seconds = (Date.now() - ageMs) / 1000;
  utimesSync(path, seconds, seconds);
  return path;
}

describe('stale temporary files', () => {
  it("C8: a dead writer's old temporary file is removed; a live or recent writer's, a link and other files stay", async () => {
    const file = join(directory, 'setup.json');
    const old = STALE_TEMPORARY_FILE_MS + 5_000;
    const stale = leftover(file, deadPid(), old);
    const recent = leftover(file, deadPid(), 1_000);
    const live = leftover(file, process.pid, old);
    const otherFile = leftover(join(directory, 'other.json'), deadPid(), old);
    const link = join(directory, `.setup.json.${deadPid()}.0123456789ab.tmp`);
    symlinkSync(file, link);
    const unrelated = join(directory, '.setup.json.backup');
    writeFileSync(unrelated, 'keep');

    expect(await removeStaleTemporaryFiles(file)).toEqual([stale]);
    expect([stale, recent, live, otherFile, unrelated].map((path) => existsSync(path))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('C8: writeFileAtomically tidies up before it writes, and a missing folder is no error', async () => {
    const file = join(directory, 'setup.json');
    const stale = leftover(file, deadPid(), STALE_TEMPORARY_FILE_MS + 5_000);
    expect(await writeFileAtomically(file, '{}\n')).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(await removeStaleTemporaryFiles(join(directory, 'missing', 'setup.json'))).toEqual([]);
  });
});

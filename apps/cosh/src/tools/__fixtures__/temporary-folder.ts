import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * A fresh folder per call, removed after the test that made it. Tools are tested on real
 * files, never on mocks of `fs`.
 */
export function useTemporaryFolders(): () => Promise<string> {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  return async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'cosh-tools-'));
    folders.push(folder);
    return folder;
  };
}

// The tests run on real files, hooks and processes, never on mocks of `fs`: each needs a folder of
// its own, and must leave nothing behind in the system's temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';

/** A temporary folder and how to remove it (all it holds too; one already gone is fine). */
export interface TemporaryFolder {
  readonly path: string;
  remove(): void;
}

/**
 * A fresh, empty folder in the system's temporary folder, named after `prefix` (`cosh-lock-` gives
 * `/tmp/cosh-lock-XXXXXX`) so that a folder left behind tells which tests made it. Removing it is
 * the caller's job; test files use `temporaryFolders`, which does it.
 */
export function temporaryFolder(prefix: string): TemporaryFolder {
  const path = mkdtempSync(join(tmpdir(), prefix));
  // Retries: a hook's background child (R7) may still be writing there, and rm then meets a
  // folder that is not empty yet (ENOTEMPTY); rmSync waits a little longer before each retry.
  return { path, remove: () => rmSync(path, { recursive: true, force: true, maxRetries: 5 }) };
}

/**
 * A function that makes a fresh temporary folder and returns its path, and the vitest hooks that
 * remove it. A folder lives as long as what made it: one made in a test or a `beforeEach` is
 * removed after that test, one made in a `beforeAll` (or while the file loads) after the last test.
 *
 * Call it at the top of the test file, before the file's own hooks: vitest runs `after` hooks in
 * the reverse order of their registration, so the file's `afterEach` and `afterAll` (which may stop
 * a process still writing there, or read what it wrote) run before the folder is removed.
 *
 * Not named `use…`: Biome would take it for a React hook.
 */
export function temporaryFolders(prefix: string): () => string {
  const forFile: TemporaryFolder[] = [];
  // The folders of the running test; undefined between tests (in a beforeAll, or while loading).
  let forTest: TemporaryFolder[] | undefined;
  beforeEach(() => {
    forTest = [];
  });
  afterEach(() => {
    const folders = forTest ?? [];
    forTest = undefined;
    removeAll(folders);
  });
  afterAll(() => removeAll(forFile));
  return () => {
    const folder = temporaryFolder(prefix);
    (forTest ?? forFile).push(folder);
    return folder.path;
  };
}

function removeAll(folders: TemporaryFolder[]): void {
  for (const folder of folders.splice(0)) folder.remove();
}

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { refuseWhereReadOnly } from './read-only-here.ts';

const makeFolder = temporaryFolders('cosh-read-only-here-');

describe('refuseWhereReadOnly (S4)', () => {
  it('S4: a writable path, or a missing one under a writable folder, passes', async () => {
    const root = makeFolder();
    await mkdir(join(root, 'state'));
    expect(() => refuseWhereReadOnly([join(root, 'state', 'cosh', 'trust.json'), join(root, 'x.json')])).not.toThrow();
  });
  // The refusal itself (EROFS inside bubblewrap, and its exact message) is checked end to end in
  // apps/cosh/test/e2e/sandbox-adversary.test.ts: root passes every access() check outside a sandbox.
});

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePolicyPaths } from './resolve-policy-paths.ts';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'cosh-sandbox-paths-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('B2 policy paths', () => {
  it('B2: paths are resolved through symbolic links and missing ones are left out (nothing is created)', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, '.git', 'hooks'), { recursive: true });
    mkdirSync(join(root, 'real-config'));
    symlinkSync(join(root, 'real-config'), join(root, 'config-link'));
    const resolved = resolvePolicyPaths({
      cwd: project,
      writable: [join(root, 'missing-writable')],
      readOnly: [join(root, 'config-link'), join(project, '.git', 'hooks'), join(project, '.cosh')],
      network: true,
    });
    expect(resolved.cwd).toBe(project);
    expect(resolved.writable).toEqual([project]);
    expect(resolved.readOnly).toEqual([join(root, 'real-config'), join(project, '.git', 'hooks')]);
    expect(resolved.pinned).toEqual([join(project, '.git')]);
  });

  it('B2: a writable tree inside another is folded into it; a pin inside a protected folder is dropped', () => {
    const base = join(root, 'fold');
    mkdirSync(join(base, 'inner', 'cosh', 'scripts'), { recursive: true });
    const resolved = resolvePolicyPaths({
      cwd: base,
      writable: [join(base, 'inner'), base],
      readOnly: [join(base, 'inner', 'cosh', 'scripts'), join(base, 'inner', 'cosh')],
      network: true,
    });
    expect(resolved.writable).toEqual([base]);
    expect(resolved.readOnly).toEqual([join(base, 'inner', 'cosh'), join(base, 'inner', 'cosh', 'scripts')]);
    expect(resolved.pinned).toEqual([join(base, 'inner')]);
  });
});

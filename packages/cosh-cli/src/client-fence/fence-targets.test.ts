import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { fenceTargets } from './fence-targets.ts';

const makeFolder = temporaryFolders('cosh-fence-targets-');

describe('fenceTargets (SPEC B9, B13)', () => {
  it("B9: B2's folders from the one list, the installation folder and the clients' settings files; not the repository's .git", () => {
    const home = makeFolder();
    const project = join(home, 'project');
    mkdirSync(join(project, '.git', 'hooks'), { recursive: true });
    mkdirSync(join(project, '.claude'), { recursive: true });
    const targets = fenceTargets({
      env: { HOME: home, XDG_STATE_HOME: join(home, 'state') },
      cwd: project,
      installationFolder: '/opt/cosh',
      clientFiles: [join(home, '.claude', 'settings.json')],
    });
    expect(targets.map((target) => [target.path, target.kind])).toEqual([
      [join(home, '.config', 'cosh'), 'folder'],
      [join(home, 'state', 'cosh'), 'folder'],
      [join(home, '.cache', 'cosh'), 'folder'],
      ['/opt/cosh', 'folder'],
      // B13: the clients' user settings files; the project's own (.claude/ …) are the project's.
      [join(home, '.claude', 'settings.json'), 'file'],
      [join(home, '.gemini', 'settings.json'), 'file'],
      [join(home, '.codex', 'hooks.json'), 'file'],
      [join(home, '.codex', 'config.toml'), 'file'],
    ]);
  });

  it("B9: a project's .cosh/ counts when the folder connect runs in has one", () => {
    const home = makeFolder();
    mkdirSync(join(home, 'p', '.cosh'), { recursive: true });
    const targets = fenceTargets({
      env: { HOME: home },
      cwd: join(home, 'p'),
      installationFolder: null,
      clientFiles: [],
    });
    expect(targets.map((target) => target.path)).toContain(join(home, 'p', '.cosh'));
  });

  it("B9: the journal the user's setup.json names (J2) is fenced with its lock and folder, relative to the setup.json's folder", () => {
    const home = makeFolder();
    mkdirSync(join(home, '.config', 'cosh'), { recursive: true });
    writeFileSync(
      join(home, '.config', 'cosh', 'setup.json'),
      '{\n  // mine\n  "journal": {"file": "../../logs/journal.jsonl"}\n}\n',
    );
    const paths = fenceTargets({ env: { HOME: home }, cwd: home, installationFolder: null, clientFiles: [] }).map(
      (target) => target.path,
    );
    // The journal's folder (where a lock could be planted) covers the journal and its lock.
    expect(paths).toContain(join(home, 'logs'));
    // Run from inside that folder, the folder is left writable (B2) and the files are listed.
    mkdirSync(join(home, 'logs'));
    const inside = fenceTargets({
      env: { HOME: home },
      cwd: join(home, 'logs'),
      installationFolder: null,
      clientFiles: [],
    });
    expect(inside.map((target) => [target.path, target.kind])).toEqual(
      expect.arrayContaining([
        [join(home, 'logs', 'journal.jsonl'), 'file'],
        [join(home, 'logs', '.journal.jsonl.lock'), 'file'],
      ]),
    );
  });
});

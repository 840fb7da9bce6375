import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { bridgeEntryPoints, clientProjectFolders, clientSettingsFiles } from './client-files.ts';
import { protectedPaths, protectedPathWhat } from './protected-paths.ts';

const makeFolder = temporaryFolders('cosh-client-files-');

let root: string;

beforeEach(() => {
  root = makeFolder();
});

describe('client settings files and entry points (B13)', () => {
  it("B13: the user's and the project's settings of Claude Code, Codex and Gemini CLI", () => {
    const files = clientSettingsFiles({ CODEX_HOME: '/codex' }, '/h', ['/p']).map((file) => file.path);
    expect(files).toEqual([
      '/h/.claude/settings.json',
      '/h/.gemini/settings.json',
      '/codex/hooks.json',
      '/codex/config.toml',
      '/p/.claude/settings.json',
      '/p/.claude/settings.local.json',
      '/p/.codex/hooks.json',
      '/p/.codex/config.toml',
      '/p/.gemini/settings.json',
    ]);
  });

  it('B13: the project folders are the cwd and the root of the repository around it', async () => {
    await mkdir(join(root, '.git'));
    await mkdir(join(root, 'sub'));
    expect(clientProjectFolders(join(root, 'sub'))).toEqual([join(root, 'sub'), root]);
    expect(clientProjectFolders(root)).toEqual([root]);
  });

  it("B13: a bridge entry's program (a node_modules/.bin link) and its package are protected, with what they are", async () => {
    const pkg = join(root, 'proj', 'node_modules', '@cosh', 'app');
    await mkdir(join(pkg, 'bin'), { recursive: true });
    await writeFile(join(pkg, 'package.json'), '{"name": "@cosh/app"}');
    await writeFile(join(pkg, 'bin', 'cosh.js'), '');
    await mkdir(join(root, 'proj', 'node_modules', '.bin'));
    const link = join(root, 'proj', 'node_modules', '.bin', 'cosh');
    await symlink('../@cosh/app/bin/cosh.js', link);
    await mkdir(join(root, 'proj', '.claude'));
    const settings = join(root, 'proj', '.claude', 'settings.json');
    await writeFile(
      settings,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `'${link}' claude-hook || exit 2` }] }],
        },
      }),
    );
    expect(bridgeEntryPoints([{ path: settings, what: '' }])).toEqual([link]);
    const input = {
      configFiles: [],
      trustStore: '/s/cosh/trust.json',
      scripts: [],
      env: { HOME: join(root, 'home') },
      installationFolder: null,
    };
    const paths = protectedPaths(input, join(root, 'proj'));
    expect(paths).toEqual(expect.arrayContaining([settings, link, pkg]));
    expect(protectedPathWhat(link, input, join(root, 'proj'))).toBe("Cosh's entry point, named in a client's settings");
    expect(protectedPathWhat(pkg, input, join(root, 'proj'))).toBe("Cosh's installation");
    expect(protectedPathWhat(settings, input, join(root, 'proj'))).toBe("Claude Code's settings");
    expect(protectedPathWhat('/s/cosh/trust.json', input, join(root, 'proj'))).toBe('the trust store');
    expect(protectedPathWhat('/s/cosh', input, join(root, 'proj'))).toBe("the trust store's folder");
    const journaled = { ...input, journal: '/j/journal.jsonl' };
    expect(protectedPathWhat('/j/journal.jsonl', journaled, join(root, 'proj'))).toBe('the decision journal');
    expect(protectedPathWhat('/j/.journal.jsonl.lock', journaled, join(root, 'proj'))).toBe(
      "the decision journal's lock",
    );
  });
});

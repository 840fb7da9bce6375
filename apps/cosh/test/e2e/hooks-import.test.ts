// `cosh hooks import --from claude` (K6) end to end, then the imported hooks run for real. With
// `--project` it reads the project's Claude settings and writes the project's setup.json (C10).
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-import-');

beforeAll(async () => {
  await assertBuilt();
});

/**
 * A repository with `.claude/settings.json` (unless `null`) and its own `.cosh/setup.json` (the
 * file `--project` writes); `cosh` runs there with `HOME` the folder, so the user file would be
 * `.config/cosh/setup.json` in it.
 */
async function workspace(claudeSettings: string | object | null, setup = '{\n  // mine\n  "theme": "dark"\n}\n') {
  const folder = makeFolder();
  await mkdir(join(folder, '.git'));
  await mkdir(join(folder, '.claude'));
  await mkdir(join(folder, '.cosh'));
  if (claudeSettings !== null) {
    await writeFile(
      join(folder, '.claude', 'settings.json'),
      typeof claudeSettings === 'string' ? claudeSettings : JSON.stringify(claudeSettings),
    );
  }
  const config = join(folder, '.cosh', 'setup.json');
  await writeFile(config, setup);
  const userFile = join(folder, '.config', 'cosh', 'setup.json');
  const cosh = (...args: string[]) => runCosh(args, { cwd: folder });
  return { folder, config, userFile, cosh };
}

const settings = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command', command: `grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`, timeout: 5 },
        ],
      },
      { matcher: 'WebFetch', hooks: [{ type: 'command', command: 'true' }] },
      { hooks: [{ type: 'http', url: 'http://localhost:1/x' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
  },
};

describe('cosh hooks import --from claude (K6)', () => {
  it('K6: --dry-run shows every command and writes nothing', async () => {
    const { config, cosh } = await workspace(settings);
    const before = await readFile(config, 'utf8');
    const run = await cosh('hooks', 'import', '--from', 'claude', '--project', '--dry-run');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('claude:project:PreToolUse[0].hooks[0]: imported');
    expect(run.stdout).toContain("command: grep -q 'rm -rf'");
    expect(run.stdout).toContain('claude:project:PreToolUse[1].hooks[0]: imported, with a warning: matcher "WebFetch"');
    expect(run.stdout).toContain('claude:project:PreToolUse[2].hooks[0]: skipped: "http" handlers are not run by Cosh');
    expect(run.stdout).toContain('claude:project:Stop[0].hooks[0]: skipped: Stop hooks are not run by Cosh');
    expect(run.stdout).toContain('Dry run: 2 hooks would be written');
    expect(await readFile(config, 'utf8')).toBe(before);
  });

  it('K6/C8/C10: --project writes protocol "claude" entries into the project file, keeping its comments, the user file untouched; the imported hook runs; re-import does not duplicate', async () => {
    const { config, userFile, cosh } = await workspace(settings);
    const first = await cosh('hooks', 'import', '--from', 'claude', '--project', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ dry_run: false, written: true, target: config });
    expect(existsSync(userFile)).toBe(false);
    const text = await readFile(config, 'utf8');
    expect(text).toContain('// mine');
    expect(text).toContain('"theme": "dark"');
    const blocked = await cosh(
      'hooks',
      'run',
      'PreToolUse',
      '--tool',
      'bash_run',
      '--input',
      '{"command":"rm -rf /"}',
      '--json',
    );
    expect(JSON.parse(blocked.stdout)).toMatchObject({
      decision: 'deny',
      reasons: ['no rm -rf'],
      hooks: [{ name: 'claude:project:PreToolUse[0].hooks[0]', outcome: 'deny' }],
    });
    expect((await cosh('hooks', 'import', '--from', 'claude', '--project')).code).toBe(0);
    const listed = await cosh('hooks', 'list', '--json');
    const names = JSON.stringify(JSON.parse(listed.stdout)).match(/claude:project:[A-Za-z]+\[\d\]\.hooks\[\d\]/g);
    expect(names).toEqual(['claude:project:PreToolUse[0].hooks[0]', 'claude:project:PreToolUse[1].hooks[0]']);
    expect(JSON.parse(listed.stdout).files).toEqual([{ layer: 'project', path: config, trust: 'env' }]);
    expect(existsSync(userFile)).toBe(false);
  });

  it('K6: settings that are not JSON or of unknown shape are reported, exit 78, nothing written', async () => {
    const broken = await workspace('{ "hooks": ');
    const before = await readFile(broken.config, 'utf8');
    const notJson = await broken.cosh('hooks', 'import', '--from', 'claude', '--project');
    expect(notJson.code).toBe(78);
    expect(notJson.stderr).toContain('(file): error: not JSON');
    expect(await readFile(broken.config, 'utf8')).toBe(before);

    const odd = await workspace({
      hooks: { PreToolUse: [{ hooks: [{ type: 'script', command: 'x' }] }], PostToolUse: 'no' },
    });
    const run = await odd.cosh('hooks', 'import', '--from', 'claude', '--project');
    expect(run.code).toBe(78);
    expect(run.stderr).toContain('handler type "script" is not one Claude Code has');
    expect(run.stderr).toContain('hooks.PostToolUse is not an array');
    expect(run.stderr).toContain('Nothing was written');
    expect(await readFile(odd.config, 'utf8')).not.toContain('claude:');
  });

  it('K6: an unreadable settings file is exit 78; bad usage is 64', async () => {
    const { cosh } = await workspace(null);
    const missing = await cosh('hooks', 'import', '--from', 'claude', '--project');
    expect(missing.code).toBe(78);
    expect(missing.stderr).toMatch(/cannot read .*settings\.json: no such file/);
    // A bare --from claude means --project (K6): the same missing file.
    expect((await cosh('hooks', 'import', '--from', 'claude')).code).toBe(78);
    expect((await cosh('hooks', 'import', '--from', 'claude', '--project', '--user')).code).toBe(64);
    expect((await cosh('hooks', 'import', '--from', 'gemini', '--project')).code).toBe(64);
  });

  it('C10: --project with --config is bad usage (64), as for hooks enable|disable: they name different files', async () => {
    const { folder, config, cosh } = await workspace(settings);
    const before = await readFile(config, 'utf8');
    const other = join(folder, 'other.json');
    await writeFile(other, '{}\n');
    const both = await cosh('hooks', 'import', '--from', 'claude', '--project', '--config', other);
    expect(both.code).toBe(64);
    expect(both.stderr).toContain("options '--project' and '--config <file>' name different files");
    expect(await readFile(other, 'utf8')).toBe('{}\n');
    expect(await readFile(config, 'utf8')).toBe(before);
  });
});

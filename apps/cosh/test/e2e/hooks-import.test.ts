// `cosh hooks import --from claude` (K6) end to end, then the imported hooks run for real.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const folders: string[] = [];
beforeAll(async () => {
  await assertBuilt();
});
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function workspace(claudeSettings: string | object | null, setup = '{\n  // mine\n  "theme": "dark"\n}\n') {
  const folder = await mkdtemp(join(tmpdir(), 'cosh-import-'));
  folders.push(folder);
  await mkdir(join(folder, '.claude'));
  if (claudeSettings !== null) {
    await writeFile(
      join(folder, '.claude', 'settings.json'),
      typeof claudeSettings === 'string' ? claudeSettings : JSON.stringify(claudeSettings),
    );
  }
  const config = join(folder, 'setup.json');
  await writeFile(config, setup);
  const cosh = (...args: string[]) => runCosh([...args, '--config', config], { cwd: folder });
  return { folder, config, cosh };
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
      { matcher: 'Edit', hooks: [{ type: 'command', command: 'true' }] },
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
    expect(run.stdout).toContain('claude:project:PreToolUse[1].hooks[0]: imported, with a warning: matcher "Edit"');
    expect(run.stdout).toContain('claude:project:PreToolUse[2].hooks[0]: skipped: "http" handlers are not run by Cosh');
    expect(run.stdout).toContain('claude:project:Stop[0].hooks[0]: skipped: Stop hooks are not run by Cosh');
    expect(run.stdout).toContain('Dry run: 2 hooks would be written');
    expect(await readFile(config, 'utf8')).toBe(before);
  });

  it('K6/C8: writes protocol "claude" entries keeping the file\'s comments; the imported hook runs; re-import does not duplicate', async () => {
    const { config, cosh } = await workspace(settings);
    const first = await cosh('hooks', 'import', '--from', 'claude', '--project', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ dry_run: false, written: true, target: config });
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
    expect((await cosh('hooks', 'import', '--from', 'claude')).code).toBe(64);
    expect((await cosh('hooks', 'import', '--from', 'gemini', '--project')).code).toBe(64);
  });
});

// `cosh exec fs_edit` end to end (SPEC T, S6, L1, L4): the built binary, a real guard hook, real
// files in a temporary folder.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-fs-edit-e2e-');

beforeAll(async () => {
  await assertBuilt();
});

// A guard for Cosh's edit tool: no edit of a .env file, whichever form the call takes.
const envGuard = `grep -q '"path":"[^"]*\\.env"' && { echo 'no edits of .env files' >&2; exit 2; }; exit 0`;

async function project() {
  const folder = makeFolder();
  // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
  const config = join(folder, '.cosh-config', 'setup.json');
  await mkdir(dirname(config));
  await writeFile(
    config,
    JSON.stringify({
      hooks: {
        PreToolUse: [{ name: 'env guard', matcher: '^fs_edit$', command: envGuard }],
        PostToolUse: [{ name: 'log', matcher: '^fs_edit$', command: `cat >> '${join(folder, 'post.log')}'` }],
      },
    }),
  );
  await writeFile(join(folder, '.env'), 'TOKEN=secret\n');
  await writeFile(join(folder, 'notes.txt'), 'one\ntwo\nthree\n');
  // COSH_TRUST=all: runCosh's default, as the brief of these tests asks.
  const exec = (input: unknown, ...flags: string[]) =>
    runCosh(['exec', 'fs_edit', '--input', JSON.stringify(input), '--config', config, ...flags], { cwd: folder });
  return { folder, config, exec };
}

describe('cosh exec fs_edit', () => {
  it('T/L1: an allowed edit changes the file and prints the changed lines; PostToolUse hooks see it', async () => {
    const { folder, exec } = await project();
    const result = await exec({ path: 'notes.txt', old_string: 'two', new_string: '2' }, '--permission', 'allow');
    expect(result).toEqual({
      code: 0,
      stdout: 'edited notes.txt: replaced 1 occurrence; changed line 2\n',
      stderr: '',
    });
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('one\n2\nthree\n');
    const logged = JSON.parse(await readFile(join(folder, 'post.log'), 'utf8'));
    expect(logged).toEqual({
      event: 'PostToolUse',
      tool_name: 'fs_edit',
      tool_input: { path: 'notes.txt', old_string: 'two', new_string: '2' },
      tool_output: 'edited notes.txt: replaced 1 occurrence; changed line 2',
    });
  });

  it('T/A2: a guard matching ^fs_edit$ blocks an edit of .env, in both input forms, and the file stays', async () => {
    const { folder, exec } = await project();
    const single = await exec({ path: '.env', old_string: 'secret', new_string: 'leaked' }, '--permission', 'allow');
    expect(single).toMatchObject({ code: 2, stdout: 'Blocked by hook: no edits of .env files\n' });
    const several = await exec(
      { path: 'sub/../.env', edits: [{ old_string: 'TOKEN', new_string: 'X' }] },
      '--permission',
      'allow',
    );
    expect(several).toMatchObject({ code: 2, stdout: 'Blocked by hook: no edits of .env files\n' });
    expect(await readFile(join(folder, '.env'), 'utf8')).toBe('TOKEN=secret\n');
  });

  it('T: fs_edit asks permission: without a terminal and without --permission allow it is refused', async () => {
    const { folder, exec } = await project();
    const result = await exec({ path: 'notes.txt', old_string: 'two', new_string: '2' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('Permission denied: fs_edit\n');
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
  });

  it('T/L4: text that occurs twice is a tool failure (exit 1) that says how often; no PostToolUse hook runs', async () => {
    const { folder, exec } = await project();
    await writeFile(join(folder, 'twice.txt'), 'a\na\n');
    const result = await exec({ path: 'twice.txt', old_string: 'a', new_string: 'b' }, '--permission', 'allow');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('fs_edit: old_string occurs 2 times in twice.txt');
    expect(await readFile(join(folder, 'twice.txt'), 'utf8')).toBe('a\na\n');
    expect(existsSync(join(folder, 'post.log'))).toBe(false);

    const missing = await exec({ path: 'gone.txt', old_string: 'a', new_string: 'b' }, '--permission', 'allow');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('no such file: gone.txt');
    expect(existsSync(join(folder, 'gone.txt'))).toBe(false);
  });

  it('S6: the setup.json in use is refused even when a hook allows the call', async () => {
    const { config, exec } = await project();
    const before = await readFile(config, 'utf8');
    const result = await exec(
      { path: '.cosh-config/setup.json', old_string: 'env guard', new_string: 'gone' },
      '--permission',
      'allow',
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("setup.json is one of Cosh's own files");
    expect(await readFile(config, 'utf8')).toBe(before);
  });

  it('K3/K4: a protocol "claude" hook sees Edit or MultiEdit, and a tool_response shaped as Claude Code\'s', async () => {
    const folder = makeFolder();
    // B2/S6: setup.json's folder is read-only to the tools: it lives apart from the files they write.
    const config = join(folder, '.cosh-config', 'setup.json');
    await mkdir(dirname(config));
    const record = (name: string) => `cat > '${join(folder, name)}'`;
    await writeFile(
      config,
      JSON.stringify({
        hooks: {
          PostToolUse: [
            { protocol: 'claude', matcher: 'Edit', command: record('edit.json') },
            { protocol: 'claude', matcher: 'MultiEdit', command: record('multi.json') },
          ],
        },
      }),
    );
    await writeFile(join(folder, 'a.txt'), 'one\ntwo\n');
    const exec = (input: unknown) =>
      runCosh(['exec', 'fs_edit', '--input', JSON.stringify(input), '--config', config, '--permission', 'allow'], {
        cwd: folder,
      });
    expect((await exec({ path: 'a.txt', old_string: 'two', new_string: 'TWO' })).code).toBe(0);
    const edit = JSON.parse(await readFile(join(folder, 'edit.json'), 'utf8'));
    expect(edit).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: join(folder, 'a.txt'), old_string: 'two', new_string: 'TWO', replace_all: false },
      tool_response: {
        filePath: join(folder, 'a.txt'),
        oldString: 'two',
        newString: 'TWO',
        originalFile: 'one\ntwo\n',
        structuredPatch: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' one', '-two', '+TWO'] }],
        userModified: false,
        replaceAll: false,
      },
    });
    expect(existsSync(join(folder, 'multi.json'))).toBe(false);
    const edits = [{ old_string: 'one', new_string: '1' }];
    expect((await exec({ path: 'a.txt', edits })).code).toBe(0);
    const multi = JSON.parse(await readFile(join(folder, 'multi.json'), 'utf8'));
    expect(multi).toMatchObject({
      tool_name: 'MultiEdit',
      tool_input: { file_path: join(folder, 'a.txt'), edits },
      tool_response: {
        filePath: join(folder, 'a.txt'),
        edits,
        originalFileContents: 'one\nTWO\n',
        userModified: false,
      },
    });
  });

  it('T: an input with both forms is bad usage (exit 64) and runs no hook', async () => {
    const { folder, exec } = await project();
    const result = await exec(
      { path: 'notes.txt', old_string: 'a', new_string: 'b', edits: [] },
      '--permission',
      'allow',
    );
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('give either old_string and new_string (one edit) or edits (several), not both');
    expect(existsSync(join(folder, 'post.log'))).toBe(false);
  });
});

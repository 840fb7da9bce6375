import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { fsEditTool } from './fs-edit.ts';
import { protectedFiles } from './protected-files.ts';
import { createToolRegistry } from './tool-registry.ts';
import type { ToolContext } from './tool-types.ts';

const makeFolder = temporaryFolders('cosh-fs-edit-');
const runWithParts = (input: unknown, cwd: string, context: Partial<ToolContext> = {}) =>
  fsEditTool.run(input as never, { cwd, env: {}, ...context });
/** The result as the model sees it: `parts` is checked on its own. */
const run = async (input: unknown, cwd: string, context: Partial<ToolContext> = {}) => {
  const result = await runWithParts(input, cwd, context);
  if (!result.ok) return result;
  const { parts: _parts, ...seen } = result;
  return seen;
};

async function folderWith(name: string, content: string | Buffer): Promise<string> {
  const cwd = makeFolder();
  await writeFile(path.join(cwd, name), content);
  return cwd;
}

describe('fs_edit', () => {
  it('T: replaces the one occurrence and says which line changed', async () => {
    const cwd = await folderWith('app.ts', 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
    expect(await run({ path: 'app.ts', old_string: 'b = 2', new_string: 'b = 20' }, cwd)).toEqual({
      ok: true,
      output: 'edited app.ts: replaced 1 occurrence; changed line 2',
    });
    expect(await readFile(path.join(cwd, 'app.ts'), 'utf8')).toBe('const a = 1;\nconst b = 20;\nconst c = 3;\n');
    expect(await readdir(cwd)).toEqual(['app.ts']);
  });

  it('T: without replace_all, text that occurs several times is refused with the count, and the file is unchanged', async () => {
    const cwd = await folderWith('n.txt', 'x\nx\ny\nx\n');
    expect(await run({ path: 'n.txt', old_string: 'x', new_string: 'z' }, cwd)).toEqual({
      ok: false,
      error:
        'fs_edit: old_string occurs 3 times in n.txt; include more of the surrounding text to make it unique, or set replace_all to replace every occurrence; n.txt was not changed',
    });
    expect(await readFile(path.join(cwd, 'n.txt'), 'utf8')).toBe('x\nx\ny\nx\n');
  });

  it('T: replace_all replaces every occurrence and lists the changed lines', async () => {
    const cwd = await folderWith('n.txt', 'x\nx\ny\nx\n');
    expect(await run({ path: 'n.txt', old_string: 'x', new_string: 'z', replace_all: true }, cwd)).toEqual({
      ok: true,
      output: 'edited n.txt: replaced 3 occurrences; changed lines 1-2, 4',
    });
    expect(await readFile(path.join(cwd, 'n.txt'), 'utf8')).toBe('z\nz\ny\nz\n');
  });

  it('T: text that is not in the file is refused', async () => {
    const cwd = await folderWith('n.txt', 'hello\n');
    expect(await run({ path: 'n.txt', old_string: 'Hello', new_string: 'bye' }, cwd)).toEqual({
      ok: false,
      error:
        "fs_edit: old_string was not found in n.txt; it must match the file's text exactly, whitespace and line ends included; n.txt was not changed",
    });
  });

  it('T: an empty old_string and an old_string equal to new_string are refused (fs_edit changes existing text)', async () => {
    const cwd = await folderWith('n.txt', 'hello\n');
    expect(await run({ path: 'n.txt', old_string: '', new_string: 'x' }, cwd)).toEqual({
      ok: false,
      error:
        'fs_edit: old_string is empty; fs_edit replaces existing text (fs_write writes a whole file); n.txt was not changed',
    });
    expect(await run({ path: 'n.txt', old_string: 'hello', new_string: 'hello' }, cwd)).toEqual({
      ok: false,
      error: 'fs_edit: old_string and new_string are the same, so the edit would change nothing; n.txt was not changed',
    });
  });

  it('T: a file that does not exist is refused and not created', async () => {
    const cwd = makeFolder();
    expect(await run({ path: 'new.txt', old_string: 'a', new_string: 'b' }, cwd)).toEqual({
      ok: false,
      error:
        'fs_edit: no such file: new.txt (fs_edit changes an existing file; fs_write creates one); new.txt was not changed',
    });
    expect(await readdir(cwd)).toEqual([]);
  });

  it('T: edits apply in order, all or nothing; a failing edit names its index', async () => {
    const cwd = await folderWith('n.txt', 'one\ntwo\nthree\n');
    expect(
      await run(
        {
          path: 'n.txt',
          edits: [
            { old_string: 'one', new_string: '1' },
            { old_string: 'three', new_string: '3' },
            { old_string: 'one', new_string: 'uno' },
          ],
        },
        cwd,
      ),
    ).toEqual({
      ok: false,
      error:
        "fs_edit: edits[2]: old_string was not found in n.txt (after the edits before it); it must match the file's text exactly, whitespace and line ends included; n.txt was not changed",
    });
    expect(await readFile(path.join(cwd, 'n.txt'), 'utf8')).toBe('one\ntwo\nthree\n');

    expect(
      await run(
        {
          path: 'n.txt',
          edits: [
            { old_string: 'one', new_string: '1' },
            { old_string: '1\ntwo', new_string: '1\n2\n2.5' },
            { old_string: 'e', new_string: 'E', replace_all: true },
          ],
        },
        cwd,
      ),
    ).toEqual({ ok: true, output: 'edited n.txt: 3 edits, 4 replacements; changed lines 1-4' });
    expect(await readFile(path.join(cwd, 'n.txt'), 'utf8')).toBe('1\n2\n2.5\nthrEE\n');
  });

  it('K4: the result carries the text before and after and the changed lines', async () => {
    const cwd = await folderWith('n.txt', 'a\nb\nc\n');
    const result = await runWithParts({ path: 'n.txt', old_string: 'b\n', new_string: 'B\nB2\n' }, cwd);
    expect(result).toMatchObject({
      ok: true,
      parts: {
        edit: {
          before: 'a\nb\nc\n',
          after: 'a\nB\nB2\nc\n',
          changes: [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 2 }],
        },
      },
    });
  });

  it('T: keeps the mode, writes through a symbolic link to its target, and keeps a BOM and CRLF line ends', async () => {
    const cwd = await folderWith('real.sh', '\uFEFF#!/bin/sh\r\necho old\r\n');
    await chmod(path.join(cwd, 'real.sh'), 0o750);
    await symlink('real.sh', path.join(cwd, 'link.sh'));
    expect(await run({ path: 'link.sh', old_string: 'old', new_string: 'new' }, cwd)).toEqual({
      ok: true,
      output: 'edited link.sh: replaced 1 occurrence; changed line 2',
    });
    expect(await readFile(path.join(cwd, 'real.sh'), 'utf8')).toBe('\uFEFF#!/bin/sh\r\necho new\r\n');
    expect((await stat(path.join(cwd, 'real.sh'))).mode & 0o7777).toBe(0o750);
    expect((await readdir(cwd)).sort()).toEqual(['link.sh', 'real.sh']);
  });

  it('T: a folder, a binary file and a file that is not UTF-8 are refused', async () => {
    const cwd = makeFolder();
    await mkdir(path.join(cwd, 'src'));
    await writeFile(path.join(cwd, 'bin'), Buffer.from([0x61, 0, 0x62]));
    await writeFile(path.join(cwd, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect(await run({ path: 'src', old_string: 'a', new_string: 'b' }, cwd)).toEqual({
      ok: false,
      error: 'fs_edit: src is a directory; src was not changed',
    });
    expect(await run({ path: 'bin', old_string: 'a', new_string: 'b' }, cwd)).toMatchObject({
      ok: false,
      error: expect.stringContaining('bin looks like a binary file'),
    });
    expect(await run({ path: 'latin1.txt', old_string: 'caf', new_string: 'x' }, cwd)).toEqual({
      ok: false,
      error: 'fs_edit: latin1.txt is not UTF-8 text; latin1.txt was not changed',
    });
    expect(await readFile(path.join(cwd, 'latin1.txt'))).toEqual(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  });

  it("S6: refuses Cosh's own files, through a symbolic link too, with the check fs_write uses", async () => {
    const cwd = await folderWith('setup.json', '{"hooks": {}}');
    await symlink('setup.json', path.join(cwd, 'link.json'));
    const own = protectedFiles([path.join(cwd, 'setup.json')]);
    for (const target of ['setup.json', 'link.json']) {
      const result = await run({ path: target, old_string: '{}', new_string: '{"x": 1}' }, cwd, {
        protectedFiles: own,
      });
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining("is one of Cosh's own files") });
    }
    expect(await readFile(path.join(cwd, 'setup.json'), 'utf8')).toBe('{"hooks": {}}');
  });

  it('T: a call cancelled before the rename leaves the file whole and no temporary file', async () => {
    const cwd = await folderWith('keep.txt', 'original');
    let looks = 0;
    // Not aborted when the call starts nor while it reads; aborted when the write is about to be committed.
    const aborted = (): boolean => {
      looks += 1;
      return looks > 3;
    };
    const signal = {
      get aborted() {
        return aborted();
      },
      throwIfAborted() {
        if (aborted()) throw new Error('aborted');
      },
    } as unknown as AbortSignal;
    expect(await run({ path: 'keep.txt', old_string: 'original', new_string: 'changed' }, cwd, { signal })).toEqual({
      ok: false,
      error: 'fs_edit: cancelled; keep.txt was not changed',
    });
    expect(await readFile(path.join(cwd, 'keep.txt'), 'utf8')).toBe('original');
    expect(await readdir(cwd)).toEqual(['keep.txt']);
  });

  it('T: the input is one edit or edits, not both, and not neither', () => {
    const registry = createToolRegistry();
    expect(registry.parseCall('fs_edit', { path: 'a', old_string: 'x', new_string: 'y', edits: [] })).toEqual({
      ok: false,
      error: 'fs_edit: input.edits: give either old_string and new_string (one edit) or edits (several), not both',
    });
    expect(registry.parseCall('fs_edit', { path: 'a', old_string: 'x' })).toEqual({
      ok: false,
      error:
        'fs_edit: input.new_string: missing; expected a string (or give edits: [{old_string, new_string, replace_all?}, …])',
    });
    expect(registry.parseCall('fs_edit', { path: 'a', edits: [] })).toEqual({
      ok: false,
      error: 'fs_edit: input.edits: expected at least one edit, got []',
    });
    expect(registry.parseCall('fs_edit', { path: 'a', edits: [{ old_string: 'x', new_strin: 'y' }] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('input.edits[0].new_strin: unknown field (did you mean new_string?)'),
    });
    expect(registry.parseCall('fs_edit', { path: 'a', old_string: 'x', new_string: 'y', replace_all: true }).ok).toBe(
      true,
    );
  });
});

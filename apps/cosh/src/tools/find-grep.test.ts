import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { findGrepTool } from './find-grep.ts';

const makeFolder = temporaryFolders('cosh-tools-');
const run = (input: unknown, cwd: string) => findGrepTool.run(input as { pattern: string }, { cwd, env: {} });

/** Write files from a `relative path → content` map, creating folders. */
async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
}

describe('find_grep', () => {
  it('T: returns file:line:text rows, relative to cwd, lines without their line end', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, {
      'src/app.ts': 'const a = 1;\n// TODO: first\nconst b = 2;\r\n// TODO: crlf\r\n',
      'src/util/helpers.ts': 'no match here\n\n\nTODO at line 4 without final newline',
      'README.md': 'nothing\n',
    });
    expect(await run({ pattern: 'TODO' }, cwd)).toEqual({
      ok: true,
      output: [
        'src/app.ts:2:// TODO: first',
        'src/app.ts:4:// TODO: crlf',
        'src/util/helpers.ts:4:TODO at line 4 without final newline',
      ].join('\n'),
    });
  });

  it('T: path may be a folder, a file or absolute, and rows name files the way path was written', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'src/a.ts': 'hit\n', 'other/b.ts': 'hit\n' });
    expect(await run({ pattern: 'hit', path: 'src' }, cwd)).toEqual({ ok: true, output: 'src/a.ts:1:hit' });
    expect(await run({ pattern: 'hit', path: 'src/' }, cwd)).toEqual({ ok: true, output: 'src/a.ts:1:hit' });
    expect(await run({ pattern: 'hit', path: 'other/b.ts' }, cwd)).toEqual({ ok: true, output: 'other/b.ts:1:hit' });
    expect(await run({ pattern: 'hit', path: path.join(cwd, 'src') }, '/')).toEqual({
      ok: true,
      output: `${path.join(cwd, 'src', 'a.ts')}:1:hit`,
    });
  });

  it('T: the pattern is a JavaScript regex, case-sensitive', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'f.txt': 'fooBar\nfoobar\nfoo  bar\n' });
    expect(await run({ pattern: '^foo\\s+bar$' }, cwd)).toEqual({ ok: true, output: 'f.txt:3:foo  bar' });
    expect(await run({ pattern: 'Bar' }, cwd)).toEqual({ ok: true, output: 'f.txt:1:fooBar' });
  });

  it('T: no match is a short note naming the pattern and path, not an error', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'f.txt': 'nothing\n' });
    expect(await run({ pattern: 'absent', path: '.' }, cwd)).toEqual({
      ok: true,
      output: '[no matches for /absent/ in .]',
    });
    const empty = makeFolder();
    expect(await run({ pattern: 'x' }, empty)).toEqual({ ok: true, output: '[no matches for /x/ in .]' });
  });

  it('T: a missing path is a failure', async () => {
    const cwd = makeFolder();
    expect(await run({ pattern: 'x', path: 'nope' }, cwd)).toEqual({
      ok: false,
      error: 'find_grep: no such file or directory: nope',
    });
  });

  it('T: an invalid regex is an input error naming it', async () => {
    expect(await run({ pattern: 'a[' }, '/')).toEqual({
      ok: false,
      error: 'find_grep: input.pattern: invalid regular expression /a[/: Unterminated character class',
    });
  });

  it('T: order is deterministic: depth first, names sorted by code unit in each folder', async () => {
    const cwd = makeFolder();
    const names = ['a.txt', 'a/z.txt', 'a-b/x.txt', 'B.txt', '_u.txt', '10.txt', '9.txt', 'a/m/deep.txt', 'a/b.txt'];
    await writeTree(cwd, Object.fromEntries(names.map((name) => [name, 'hit\n'])));
    const expected = ['10.txt', '9.txt', 'B.txt', '_u.txt', 'a/b.txt', 'a/m/deep.txt', 'a/z.txt', 'a-b/x.txt', 'a.txt'];
    const result = await run({ pattern: 'hit' }, cwd);
    expect(result).toEqual({ ok: true, output: expected.map((name) => `${name}:1:hit`).join('\n') });
    expect(await run({ pattern: 'hit' }, cwd)).toEqual(result);
  });

  it('T: skips .git, node_modules, binary files, special files and symlinked folders (no loops)', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, {
      '.git/config': 'hit\n',
      'worktree/.git': 'gitdir: hit\n',
      'src/.git/HEAD': 'hit\n',
      'node_modules/pkg/index.js': 'hit\n',
      'src/node_modules/x.js': 'hit\n',
      'src/keep.ts': 'hit\n',
      'src/image.bin': Buffer.concat([Buffer.from('hit\n'), Buffer.from([0]), Buffer.from('hit\n')]),
      'real/file.txt': 'hit\n',
    });
    // A text file whose only NUL byte is after the first 8 KiB is text.
    await writeTree(cwd, {
      'src/late-nul.txt': Buffer.concat([Buffer.from(`hit\n${'x'.repeat(9000)}\n`), Buffer.from([0])]),
    });
    await symlink('..', path.join(cwd, 'src', 'loop'));
    await symlink(path.join(cwd, 'real'), path.join(cwd, 'linked-folder'));
    await symlink(path.join(cwd, 'real', 'file.txt'), path.join(cwd, 'linked-file.txt'));
    await symlink('missing', path.join(cwd, 'dangling'));
    execFileSync('mkfifo', [path.join(cwd, 'src', 'pipe')]);
    expect(await run({ pattern: 'hit' }, cwd)).toEqual({
      ok: true,
      output: ['linked-file.txt:1:hit', 'real/file.txt:1:hit', 'src/keep.ts:1:hit', 'src/late-nul.txt:1:hit'].join(
        '\n',
      ),
    });
  });

  it('T: a binary file given as the path is not searched, and says so', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'blob.bin': Buffer.from([0x68, 0x69, 0, 0x0a]) });
    expect(await run({ pattern: 'hi', path: 'blob.bin' }, cwd)).toEqual({
      ok: true,
      output:
        '[no matches for /hi/ in blob.bin]\n[blob.bin looks like a binary file (a NUL byte in its first 8 KiB); not searched]',
    });
  });

  it('T: output is capped at 1000 matches with a final note', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'many.txt': Array.from({ length: 1500 }, (_, index) => `match ${index + 1}`).join('\n') });
    const result = await run({ pattern: 'match' }, cwd);
    expect(result.ok).toBe(true);
    const lines = result.ok ? result.output.split('\n') : [];
    expect(lines).toHaveLength(1001);
    expect(lines[999]).toBe('many.txt:1000:match 1000');
    expect(lines[1000]).toBe('[output capped at 1000 matches; narrow the pattern or path]');
  });

  it('T: exactly 1000 matches are not capped', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'many.txt': Array.from({ length: 1000 }, () => 'match').join('\n') });
    const result = await run({ pattern: 'match' }, cwd);
    expect(result.ok && result.output.split('\n')).toHaveLength(1000);
    expect(result.ok && result.output).not.toContain('capped');
  });

  it('T: output is capped at 256 KiB and long lines are cut at 500 characters', async () => {
    const cwd = makeFolder();
    await writeTree(cwd, { 'wide.txt': Array.from({ length: 900 }, () => `hit${'w'.repeat(2000)}`).join('\n') });
    const result = await run({ pattern: 'hit' }, cwd);
    const lines = result.ok ? result.output.split('\n') : [];
    const note = lines.pop();
    expect(note).toBe('[output capped at 256 KiB; narrow the pattern or path]');
    expect(lines[0]).toBe(`wide.txt:1:hit${'w'.repeat(497)}…`);
    expect(Buffer.byteLength(lines.join('\n'))).toBeLessThanOrEqual(256 * 1024);
    expect(lines.length).toBeGreaterThan(400);
  });

  it('T: line numbers and characters stay right across 64 KiB read chunks', async () => {
    const cwd = makeFolder();
    // Lines of varied widths with multibyte characters, so chunk ends fall inside lines and
    // inside characters.
    const lines = Array.from({ length: 60_000 }, (_, index) => `${index + 1} ${'é🌍'.repeat(index % 7)} end`);
    await writeTree(cwd, { 'long.txt': lines.join('\n') });
    const wanted = [1, 7_777, 31_313, 59_999, 60_000];
    const pattern = `^(${wanted.join('|')}) `;
    expect(await run({ pattern }, cwd)).toEqual({
      ok: true,
      output: wanted.map((number) => `long.txt:${number}:${lines[number - 1]}`).join('\n'),
    });
    expect(await run({ pattern: '\uFFFD' }, cwd)).toEqual({ ok: true, output: '[no matches for /\uFFFD/ in .]' });
  });

  it('T: a line over 1 MiB is searched in its first 1 MiB only, and a note says so', async () => {
    const cwd = makeFolder();
    const head = `start${'x'.repeat(3 * 1024 * 1024)}tail\nnext line\n`;
    await writeTree(cwd, { 'minified.js': head });
    expect(await run({ pattern: 'start|next' }, cwd)).toEqual({
      ok: true,
      output: [
        `minified.js:1:start${'x'.repeat(495)}…`,
        'minified.js:2:next line',
        '[1 line longer than 1 MiB searched in its first 1 MiB only]',
      ].join('\n'),
    });
    expect(await run({ pattern: 'tail' }, cwd)).toEqual({
      ok: true,
      output: '[no matches for /tail/ in .]\n[1 line longer than 1 MiB searched in its first 1 MiB only]',
    });
  });
});

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from './write-file-atomically.ts';

const makeFolder = temporaryFolders('cosh-atomic-');

let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

describe('writeFileAtomically with unchangedSince', () => {
  it('C8: replaces the file while it still holds the expected text', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(file, '{"a": 1}');
    expect(await writeFileAtomically(file, '{"a": 2}', { unchangedSince: '{"a": 1}' })).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('{"a": 2}');
  });

  it("C8: gives up, leaving the other writer's file and no temporary file, when the text changed", async () => {
    const file = join(directory, 'setup.json');
    await writeFile(file, '{"theirs": true}');
    expect(await writeFileAtomically(file, '{"a": 2}', { unchangedSince: '{"a": 1}' })).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('{"theirs": true}');
    expect(await readdir(directory)).toEqual(['setup.json']);
  });

  it('C8: null means the file must still be absent: a file someone else created is never overwritten', async () => {
    const file = join(directory, 'setup.json');
    expect(await writeFileAtomically(file, '{"mine": true}', { unchangedSince: null })).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('{"mine": true}');
    expect(await writeFileAtomically(file, '{"again": true}', { unchangedSince: null })).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('{"mine": true}');
    expect(await readdir(directory)).toEqual(['setup.json']);
  });

  it('C8: a file removed meanwhile counts as changed, not as an error', async () => {
    const file = join(directory, 'setup.json');
    expect(await writeFileAtomically(file, '{"a": 2}', { unchangedSince: '{"a": 1}' })).toBe(false);
    expect(await readdir(directory)).toEqual([]);
  });
});

describe('writeFileAtomically', () => {
  it('C8: an abort before the rename leaves the file as it was and no temporary file', async () => {
    const file = join(directory, 'notes.txt');
    await writeFile(file, 'old');
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(writeFileAtomically(file, 'new', { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(directory)).toEqual(['notes.txt']);
  });

  it('C8: a file name too long to take a suffix gets a short temporary name, and the write succeeds', async () => {
    const file = join(directory, `${'n'.repeat(250)}.txt`);
    expect(await writeFileAtomically(file, 'long')).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('long');
  });
});

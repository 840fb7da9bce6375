import { closeSync, fstatSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { openPayloadForStdin } from './payload-file.ts';

const makeFolder = temporaryFolders('cosh-payload-file-test-');
let folder: string;
beforeAll(() => {
  folder = makeFolder();
});

const readDescriptor = (fd: number): string => {
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
};

describe('R3 payload file', () => {
  it('R3: a read-only regular file of mode 0600, with its name already removed', () => {
    const fd = openPayloadForStdin(Buffer.from('{"a":1}\n'), [folder]);
    const stat = fstatSync(fd);
    expect(stat.isFile()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(stat.nlink).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
    expect(readDescriptor(fd)).toBe('{"a":1}\n');
  });

  it('R3/R11: one payload in a tick is written once; every descriptor has its own offset', () => {
    const payload = Buffer.from('shared\n');
    const first = openPayloadForStdin(payload, [folder]);
    const second = openPayloadForStdin(payload, [folder]);
    expect(fstatSync(first).ino).toBe(fstatSync(second).ino);
    expect(readDescriptor(first)).toBe('shared\n');
    expect(readDescriptor(second)).toBe('shared\n');
  });

  it('R3: the same text in a later tick gets a file of its own', async () => {
    const first = openPayloadForStdin('later\n', [folder]);
    const inode = fstatSync(first).ino;
    await new Promise((resolve) => setImmediate(resolve));
    const second = openPayloadForStdin('later\n', [folder]);
    expect(readDescriptor(second)).toBe('later\n');
    expect(readDescriptor(first)).toBe('later\n');
    expect(inode).toBeGreaterThan(0);
  });

  it('R3: a folder that cannot hold it is passed over for the next', () => {
    const notAFolder = join(folder, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const fd = openPayloadForStdin('fallback\n', [notAFolder, folder]);
    expect(readDescriptor(fd)).toBe('fallback\n');
  });

  it('R9: no folder can hold it: the error is thrown for the caller to report as a start failure', () => {
    const notAFolder = join(folder, 'still-not-a-folder');
    writeFileSync(notAFolder, '');
    expect(() => openPayloadForStdin('nowhere\n', [notAFolder, join(folder, 'missing')])).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });
});

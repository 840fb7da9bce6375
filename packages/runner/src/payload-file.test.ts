import { existsSync, fstatSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { payloadDescriptor, prepareNextPayloadFile } from './payload-file.ts';

const makeFolder = temporaryFolders('cosh-payload-file-test-');
let folder: string;
beforeAll(() => {
  folder = makeFolder();
});

/** The whole file from the descriptor's own offset, as a process given it reads it; the descriptor stays open. */
const readFromOffset = (fd: number): string => readFileSync(fd, 'utf8');

/** The access mode a descriptor was opened with, from /proc (`O_ACCMODE` of its flags). */
const accessMode = (fd: number): number => {
  const flags = /flags:\s+(\d+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1] ?? '';
  return Number.parseInt(flags, 8) & 0o3;
};

/** Resolves once the current job of the event loop and its microtasks are done. */
const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const isOpen = (fd: number): boolean => {
  try {
    readlinkSync(`/proc/self/fd/${fd}`);
    return true;
  } catch {
    return false;
  }
};

describe('R3 payload file', () => {
  it('R3: a regular file of mode 0600, with its name already removed', () => {
    const fd = payloadDescriptor(Buffer.from('{"a":1}\n'), [folder]);
    const stat = fstatSync(fd);
    expect(stat.isFile()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(stat.nlink).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
    expect(readFromOffset(fd)).toBe('{"a":1}\n');
  });

  it('R3/R11: one payload in a tick is written once; every descriptor has its own offset', () => {
    const payload = Buffer.from('shared\n');
    const descriptors = [
      payloadDescriptor(payload, [folder]),
      payloadDescriptor(payload, [folder]),
      payloadDescriptor(payload, [folder]),
    ];
    expect(new Set(descriptors).size).toBe(3);
    expect(new Set(descriptors.map((fd) => fstatSync(fd).ino)).size).toBe(1);
    for (const fd of descriptors) expect(readFromOffset(fd)).toBe('shared\n');
  });

  it('R3: every descriptor given is read-only, a prepared one too: none writes the payload another reads', () => {
    const payload = Buffer.from('seccomp program\n');
    expect(accessMode(payloadDescriptor(payload, [folder]))).toBe(0);
    expect(accessMode(payloadDescriptor(payload, [folder]))).toBe(0);
    prepareNextPayloadFile();
    expect(accessMode(payloadDescriptor(Buffer.from('prepared\n')))).toBe(0);
  });

  it('R3: every descriptor of a tick is closed once the tick is done; the same text later gets a file of its own', async () => {
    const first = payloadDescriptor('later\n', [folder]);
    const reopened = payloadDescriptor('later\n', [folder]);
    const inode = fstatSync(first).ino;
    await nextTick();
    expect(isOpen(first) && fstatSync(first).ino === inode).toBe(false);
    expect(isOpen(reopened) && fstatSync(reopened).ino === inode).toBe(false);
    const second = payloadDescriptor('later\n', [folder]);
    expect(readFromOffset(second)).toBe('later\n');
  });

  it.skipIf(process.platform !== 'linux' || !existsSync('/dev/shm'))(
    'R3: a file made ahead holds exactly the one payload written to it, then is never used again',
    async () => {
      const openInodes = (): Map<number, number> =>
        new Map(
          readdirSync('/proc/self/fd').flatMap((name) => {
            try {
              return [[fstatSync(Number(name)).ino, Number(name)] as [number, number]];
            } catch {
              return [];
            }
          }),
        );
      await nextTick();
      const before = openInodes();
      prepareNextPayloadFile();
      const made = [...openInodes().keys()].filter((inode) => !before.has(inode));
      expect(made).toHaveLength(1);
      // One byte long, the shortest payload: it replaces the placeholder byte and nothing is left over.
      const fd = payloadDescriptor('\n');
      expect(fstatSync(fd).ino).toBe(made[0]);
      expect(readFromOffset(fd)).toBe('\n');
      await nextTick();
      const later = payloadDescriptor('{"b":2}\n');
      expect(fstatSync(later).ino).not.toBe(made[0]);
      expect(readFromOffset(later)).toBe('{"b":2}\n');
    },
  );

  it.skipIf(process.platform !== 'linux' || !existsSync('/dev/shm'))(
    'R3: an empty payload never takes a file made ahead (its placeholder byte would be read)',
    async () => {
      await nextTick();
      prepareNextPayloadFile();
      expect(readFromOffset(payloadDescriptor(new Uint8Array(0)))).toBe('');
    },
  );

  it('R3: a folder that cannot hold it is passed over for the next', () => {
    const notAFolder = join(folder, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const fd = payloadDescriptor('fallback\n', [notAFolder, folder]);
    expect(readFromOffset(fd)).toBe('fallback\n');
  });

  it('R9: no folder can hold it: the error is thrown for the caller to report as a start failure', () => {
    const notAFolder = join(folder, 'still-not-a-folder');
    writeFileSync(notAFolder, '');
    expect(() => payloadDescriptor('nowhere\n', [notAFolder, join(folder, 'missing')])).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });
});

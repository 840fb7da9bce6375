import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import type { TrustedScript } from './trust-store.ts';

/** SHA-256 of some bytes, as 64 hex digits. */
export type Sha256 = (bytes: Uint8Array) => string;

/**
 * The SHA-256 function, loaded on first use: node:crypto stays off the path of a load that
 * hashes nothing (no user or project file, or `COSH_TRUST=all`).
 */
export async function loadSha256(): Promise<Sha256> {
  const { createHash } = await import('node:crypto');
  return (bytes) => createHash('sha256').update(bytes).digest('hex');
}

/**
 * A file's fingerprint (SPEC S2): the SHA-256 of its own SHA-256 and of each script's path and
 * SHA-256, in path order, so it changes when the file or any script it names changes.
 */
export function fingerprintOf(sha256: Sha256, fileSha256: string, scripts: readonly TrustedScript[]): string {
  const lines = [`file ${fileSha256}`];
  for (const script of [...scripts].sort((left, right) => (left.path < right.path ? -1 : 1))) {
    lines.push(`script ${script.sha256} ${script.path}`);
  }
  return sha256(Buffer.from(`${lines.join('\n')}\n`));
}

/**
 * The SHA-256 of each path that names an existing regular file (symbolic links followed; SPEC
 * S2), `null` for any other path: missing, a folder, a device, unreadable.
 */
export function hashScripts(paths: Iterable<string>, sha256: Sha256): Map<string, string | null> {
  const hashes = new Map<string, string | null>();
  for (const path of paths) {
    if (hashes.has(path)) continue;
    hashes.set(path, hashRegularFile(path, sha256));
  }
  return hashes;
}

function hashRegularFile(path: string, sha256: Sha256): string | null {
  let descriptor: number | undefined;
  try {
    // Opened without waiting (a FIFO would block) and checked on the descriptor, so what is read
    // is what was checked; open follows links, so a link to a script is that script.
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!fstatSync(descriptor).isFile()) return null;
    return sha256(readFileSync(descriptor));
  } catch {
    return null;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { MAX_SCRIPT_TEXT_BYTES, type TrustedScript } from './trust-store.ts';

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

/** A script as read once: its hash and (small UTF-8 text only) its text, from the same bytes. */
export interface ScriptRead {
  readonly sha256: string;
  /** `null` past {@link MAX_SCRIPT_TEXT_BYTES} or for bytes that are not UTF-8 text (SPEC S3). */
  readonly text: string | null;
}

/**
 * The SHA-256 of each path that names an existing regular file (symbolic links followed; SPEC
 * S2), `null` for any other path: missing, a folder, a device, unreadable.
 */
export function hashScripts(paths: Iterable<string>, sha256: Sha256): Map<string, string | null> {
  const hashes = new Map<string, string | null>();
  for (const [path, read] of readScripts(paths, sha256)) hashes.set(path, read?.sha256 ?? null);
  return hashes;
}

/**
 * {@link hashScripts} with each script's text (SPEC S3: kept in the trust store for the review
 * of a later change, S4), hashed and decoded from one read so the text is what was hashed.
 */
export function readScripts(paths: Iterable<string>, sha256: Sha256): Map<string, ScriptRead | null> {
  const reads = new Map<string, ScriptRead | null>();
  for (const path of paths) {
    if (reads.has(path)) continue;
    reads.set(path, readRegularFile(path, sha256));
  }
  return reads;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readRegularFile(path: string, sha256: Sha256): ScriptRead | null {
  let descriptor: number | undefined;
  try {
    // Opened without waiting (a FIFO would block) and checked on the descriptor, so what is read
    // is what was checked; open follows links, so a link to a script is that script.
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!fstatSync(descriptor).isFile()) return null;
    const bytes = readFileSync(descriptor);
    return { sha256: sha256(bytes), text: scriptText(bytes) };
  } catch {
    return null;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

function scriptText(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_SCRIPT_TEXT_BYTES) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

// SPEC J2: the chain of a journal's lines, read back. Pure: bytes in, the first line that does
// not follow out. The writer and `cosh journal verify` share these rules.
import type * as NodeCrypto from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** node:crypto once {@link loadOpenSslSha256} loaded it. */
let openSsl: typeof NodeCrypto | undefined;

/**
 * SHA-256 (hex) of `bytes`: a line's `prev` is this of the line before, without its newline.
 * In JavaScript (@noble/hashes) unless node:crypto was loaded: a journaled call hashes two short
 * texts, and loading node:crypto (its modules, OpenSSL's set-up and the garbage they leave) cost
 * such a call 4–5 ms of CPU, most of what the journal added to a `cosh claude-hook` (issue 39's
 * bench row). The JavaScript hash, not yet compiled by V8's optimiser in a fresh process, takes
 * ~1 ms for a 1 KB line where OpenSSL takes microseconds: a writer that waits for the journal's
 * lock loads OpenSSL's meanwhile (see the journal writer).
 */
export function sha256Hex(bytes: string | Uint8Array): string {
  if (openSsl !== undefined) return openSsl.createHash('sha256').update(bytes).digest('hex');
  return bytesToHex(sha256(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes));
}

/** Makes {@link sha256Hex} use OpenSSL from now on (loads node:crypto: 2–4 ms of CPU). */
export function loadOpenSslSha256(): void {
  openSsl ??= process.getBuiltinModule('node:crypto');
}

/** The `prev` of a journal's first line: SHA-256 of the empty string (J2). */
export const FIRST_PREV = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** What a check of a journal's chain found. */
export type JournalCheck =
  | { readonly ok: true; readonly lines: number }
  | {
      readonly ok: false;
      /** Lines that did follow, before the first that did not. */
      readonly lines: number;
      /** 1-based number of the first line that does not follow. */
      readonly line: number;
      readonly problem: string;
    };

/** One parsed line: its `seq` and `prev` (or why it has none). */
function chainFields(text: string): { seq: number; prev: string } | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'it is not a JSON object';
  const { seq, prev } = value as { seq?: unknown; prev?: unknown };
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq)) return 'it has no integer "seq"';
  if (typeof prev !== 'string') return 'it has no "prev"';
  return { seq, prev };
}

/**
 * J2: checks the lines of a journal (its bytes, whole): each line's `prev` is the SHA-256 of the
 * line before (the first line's of the empty string) and its `seq` is one more than the line
 * before's (the first line's any integer, so a journal rotated by a person still verifies). A
 * file that does not end with a newline ends in a line cut short.
 */
export function checkJournalChain(bytes: Uint8Array): JournalCheck {
  let previous: Uint8Array | null = null;
  let previousSeq = 0;
  let start = 0;
  let number = 0;
  while (start < bytes.length) {
    number += 1;
    let end = bytes.indexOf(0x0a, start);
    const cut = end === -1;
    if (cut) end = bytes.length;
    const line = bytes.subarray(start, end);
    const fail = (problem: string): JournalCheck => ({ ok: false, lines: number - 1, line: number, problem });
    if (cut) return fail('it is cut short (no newline at the end of the file)');
    const fields = chainFields(Buffer.from(line).toString('utf8'));
    if (typeof fields === 'string') return fail(fields);
    const expectedPrev = previous === null ? FIRST_PREV : sha256Hex(previous);
    if (fields.prev !== expectedPrev)
      return fail(
        `its "prev" is not the SHA-256 of line ${number - 1 === 0 ? '0 (the empty string)' : number - 1}: a line before it was edited, removed or inserted`,
      );
    if (previous !== null && fields.seq !== previousSeq + 1)
      return fail(`its "seq" is ${fields.seq}, expected ${previousSeq + 1}`);
    previous = line;
    previousSeq = fields.seq;
    start = end + 1;
  }
  return { ok: true, lines: number };
}

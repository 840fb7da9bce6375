import { describe, expect, it } from 'vitest';
import { FIRST_PREV, loadOpenSslSha256, sha256Hex } from './journal-chain.ts';

// FIPS 180-2's test vectors, and a line of the size a journal's are, as text and as bytes.
const VECTORS: [string, string][] = [
  ['', FIRST_PREV],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
];
const line = `{"time":"2026-12-07T03:00:00.000Z","reason":"${'é'.repeat(600)}","seq":7}`;

describe('sha256Hex', () => {
  it('J2: the JavaScript hash and, once loaded, OpenSSL give the same hex, for text and bytes', () => {
    const before = [...VECTORS.map(([text]) => sha256Hex(text)), sha256Hex(line), sha256Hex(Buffer.from(line))];
    expect(before.slice(0, VECTORS.length)).toEqual(VECTORS.map(([, hex]) => hex));
    expect(before.at(-1)).toBe(before.at(-2));
    loadOpenSslSha256();
    const after = [...VECTORS.map(([text]) => sha256Hex(text)), sha256Hex(line), sha256Hex(Buffer.from(line))];
    expect(after).toEqual(before);
  });
});

// A build step of the `cosh` bundles (tsdown.config.ts): every character past ASCII in the output
// becomes a `\u` escape. V8 keeps a script whose text is all ASCII at one byte per character; a
// single `…` in one message makes the whole text two bytes per character, so each start reads,
// hashes and scans twice as many bytes (measured: 3.5 ms of each `cosh hooks run` on Node 20,
// scripts/bench.mjs). Sound for where such characters occur in this code: strings, template
// literals, regular expressions and comments, in which `\uXXXX` means the character itself (only a
// regular expression's `source` and a function's `toString()` show the escape).
//
// It runs on the finished chunks (generateBundle), after the minifier, which writes escapes back
// as the characters; each escape moves the code after it on its line, so the generated columns of
// the chunk's source map move with it.
import { decode, encode } from '@jridgewell/sourcemap-codec';
import type { Rolldown } from 'tsdown';

const NON_ASCII = /[\u0080-\uffff]/g;
const HAS_NON_ASCII = /[\u0080-\uffff]/;
/** `\uXXXX` is six characters where there was one. */
const ESCAPE_GROWTH = 5;

/** `text` with each UTF-16 unit past ASCII written as `\uXXXX` (a pair for characters past the BMP). */
export function escapeNonAscii(text: string): string {
  return text.replace(NON_ASCII, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `mappings` (a source map's, of `code`) for the code once {@link escapeNonAscii} has run: each
 * segment's generated column moves right by the escapes before it on its line.
 */
export function shiftMappings(code: string, mappings: string): string {
  const lines = code.split('\n');
  const decoded = decode(mappings);
  decoded.forEach((segments, index) => {
    const escapedColumns = [...(lines[index] ?? '').matchAll(NON_ASCII)].map((match) => match.index);
    if (escapedColumns.length === 0) return;
    for (const segment of segments) {
      const before = escapedColumns.filter((column) => column < segment[0]).length;
      segment[0] += before * ESCAPE_GROWTH;
    }
  });
  return encode(decoded);
}

/** The rolldown plugin: {@link escapeNonAscii} on every finished chunk, its source map kept in step. */
export function asciiOnly(): Rolldown.Plugin {
  return {
    name: 'cosh:ascii-only',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !HAS_NON_ASCII.test(output.code)) continue;
        if (output.map) output.map.mappings = shiftMappings(output.code, output.map.mappings);
        output.code = escapeNonAscii(output.code);
      }
    },
  };
}

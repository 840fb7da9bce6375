import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { describeFsError } from './describe-fs-error.ts';
import { formatSize } from './format-size.ts';
import { enableLinearRegexFallback } from './linear-regex-fallback.ts';
import { mapInOrder } from './map-in-order.ts';
import { maxSearchedLineBytes, searchFile, type FileSearchResult } from './search-file.ts';
import { walkFiles, type WalkedFile, type WalkReport } from './walk-files.ts';

/** Most `file:line:text` rows one call returns. */
export const findGrepMaxMatches = 1000;

/** Most bytes of rows one call returns (UTF-8). */
export const findGrepMaxOutputBytes = 256 * 1024;

/** Longest text shown of one matching line, in characters; longer lines end with `…`. */
export const findGrepMaxLineCharacters = 500;

/**
 * Files searched at once. Small files cost file-system round trips through libuv's four
 * threads, not CPU: a deep queue keeps those threads busy (20,000 small files: 8 → 1.0 s,
 * 32 → 0.75 s on two cores). Memory per file in flight is one 64 KiB chunk.
 */
const parallelFileSearches = 32;

const inputSchema = z.strictObject({
  pattern: z
    .string({ error: 'expected a string' })
    .min(1, { error: 'expected a non-empty regular expression (. matches every line)' })
    .superRefine((pattern, context) => {
      const problem = regexProblem(pattern);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    }),
  path: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty path' }).optional(),
});

/** The input of `find_grep`. */
export type FindGrepInput = z.infer<typeof inputSchema>;

/**
 * `find_grep {pattern, path?}`: the lines matching a JavaScript regular expression (no
 * flags: case-sensitive, as `new RegExp(pattern)`), as `file:line:text` rows.
 *
 * - `path` (default: the cwd) is a folder searched recursively or a single file. Rows name
 *   files the way `path` was written (`src/a.ts:3:…` for `src`, absolute for an absolute path).
 * - Order is deterministic: depth first, names sorted within each folder.
 * - Skipped: `.git`, `node_modules`, symbolic links to folders, special files, and binary
 *   files (a NUL byte in the first 8 KiB).
 * - The output is capped at 1,000 rows or 256 KiB; the search then stops and a final line says
 *   `[output capped at 1000 matches; narrow the pattern or path]`. A line's text is cut at
 *   500 characters (`…`).
 * - No match is not an error: the output is one line `[no matches for /pattern/ in path]`,
 *   so a model never mistakes an empty result for a tool that did nothing. Every line of the
 *   output that is not a row is such a bracketed note at the end.
 * - A pattern that backtracks too much is finished by V8's linear-time engine (see
 *   linear-regex-fallback.ts), so a model's pattern cannot freeze the host.
 */
export const findGrepTool = defineTool({
  name: 'find_grep',
  description:
    'Search files for lines matching a JavaScript regular expression and return `file:line:text` rows. ' +
    '`path` (default: the working directory) may be a folder (searched recursively, skipping .git, node_modules ' +
    'and binary files) or a file. At most 1000 matching lines are returned.',
  permission: 'allow',
  inputSchema,
  async execute(input: FindGrepInput, context) {
    // Before the pattern is first run: a model's pattern must not be able to freeze the host.
    enableLinearRegexFallback();
    const displayRoot = input.path ?? '.';
    const absoluteRoot = path.resolve(context.cwd, displayRoot);
    const pattern = new RegExp(input.pattern);

    let rootStats: Awaited<ReturnType<typeof fs.stat>>;
    try {
      rootStats = await fs.stat(absoluteRoot);
    } catch (error) {
      return { ok: false, error: `find_grep: ${describeFsError(error, displayRoot)}` };
    }
    if (!rootStats.isDirectory() && !rootStats.isFile()) {
      return { ok: false, error: `find_grep: ${displayRoot} is neither a folder nor a regular file` };
    }
    try {
      await fs.access(absoluteRoot, rootStats.isDirectory() ? constants.R_OK | constants.X_OK : constants.R_OK);
    } catch (error) {
      return { ok: false, error: `find_grep: ${describeFsError(error, displayRoot)}` };
    }

    const rows: string[] = [];
    let outputBytes = 0;
    let capped: 'matches' | 'bytes' | undefined;
    let longLines = 0;
    let binaryRoot = false;
    const report: WalkReport = { unreadable: 0 };
    const files = rootStats.isFile()
      ? oneFile(absoluteRoot, displayRoot)
      : walkFiles(absoluteRoot, displayRoot, report);
    // Stops the searches still in flight once the output is complete or the call is aborted.
    const stop = new AbortController();
    const abort = (): void => stop.abort();
    context.signal?.addEventListener('abort', abort, { once: true });
    try {
      // Several files are searched at once (small files cost file-system round trips, not CPU);
      // their rows are taken in walk order, so the output does not depend on which finished first.
      const searches = mapInOrder(files, parallelFileSearches, (file) => collectMatches(file, pattern, stop.signal));
      for await (const found of searches) {
        if (context.signal?.aborted === true) return { ok: false, error: 'find_grep: cancelled' };
        longLines += found.longLines;
        if (found.status === 'unreadable') report.unreadable += 1;
        if (found.status === 'binary' && rootStats.isFile()) binaryRoot = true;
        for (const row of found.rows) {
          if (rows.length >= findGrepMaxMatches) capped = 'matches';
          else if (outputBytes + Buffer.byteLength(row) + 1 > findGrepMaxOutputBytes) capped = 'bytes';
          if (capped !== undefined) break;
          rows.push(row);
          outputBytes += Buffer.byteLength(row) + 1;
        }
        if (capped !== undefined) break;
      }
    } finally {
      stop.abort();
      context.signal?.removeEventListener('abort', abort);
    }
    if (context.signal?.aborted === true) return { ok: false, error: 'find_grep: cancelled' };

    const notes: string[] = [];
    if (rows.length === 0 && capped === undefined) notes.push(`[no matches for /${input.pattern}/ in ${displayRoot}]`);
    if (binaryRoot)
      notes.push(`[${displayRoot} looks like a binary file (a NUL byte in its first 8 KiB); not searched]`);
    if (capped === 'matches')
      notes.push(`[output capped at ${findGrepMaxMatches} matches; narrow the pattern or path]`);
    if (capped === 'bytes')
      notes.push(`[output capped at ${formatSize(findGrepMaxOutputBytes)}; narrow the pattern or path]`);
    if (longLines > 0) {
      notes.push(
        `[${longLines} ${longLines === 1 ? 'line' : 'lines'} longer than ${formatSize(maxSearchedLineBytes)} searched in ${longLines === 1 ? 'its' : 'their'} first ${formatSize(maxSearchedLineBytes)} only]`,
      );
    }
    if (report.unreadable > 0) {
      notes.push(
        `[skipped ${report.unreadable} unreadable ${report.unreadable === 1 ? 'file or folder' : 'files or folders'}]`,
      );
    }
    return { ok: true, output: [...rows, ...notes].join('\n') };
  },
});

interface FileMatches {
  readonly rows: readonly string[];
  readonly status: FileSearchResult['status'];
  readonly longLines: number;
}

/**
 * The rows of one file, stopping once they alone would pass a cap (one row past it, so the
 * caller sees that the cap was hit): what a file holds in memory is bounded by the caps.
 */
async function collectMatches(file: WalkedFile, pattern: RegExp, signal: AbortSignal): Promise<FileMatches> {
  const rows: string[] = [];
  let bytes = 0;
  const result = await searchFile(
    file.absolutePath,
    pattern,
    (lineNumber, line) => {
      const row = `${file.displayPath}:${lineNumber}:${cutLine(line)}`;
      rows.push(row);
      bytes += Buffer.byteLength(row) + 1;
      return rows.length <= findGrepMaxMatches && bytes <= findGrepMaxOutputBytes;
    },
    signal,
  );
  return { rows, status: result.status, longLines: result.longLines };
}

async function* oneFile(absolutePath: string, displayPath: string): AsyncGenerator<WalkedFile> {
  yield { absolutePath, displayPath };
}

function cutLine(line: string): string {
  if (line.length <= findGrepMaxLineCharacters) return line;
  let end = findGrepMaxLineCharacters;
  // Never cut a surrogate pair in half.
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}…`;
}

function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // V8 says "Invalid regular expression: /(/: Unterminated group"; keep the useful part.
    const detail = message.replace(/^Invalid regular expression:\s*/, '');
    return `invalid regular expression ${detail}`;
  }
}

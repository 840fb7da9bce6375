import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '@cosh/config';
import { z } from 'zod';
import { applyTextEdits, type EditProblem, type TextEdit } from './apply-text-edits.ts';
import { defineTool } from './define-tool.ts';
import { describeFsError } from './describe-fs-error.ts';
import { formatSize } from './format-size.ts';
import { binarySniffBytes, fsReadMaxBytes, readToEnd } from './fs-read.ts';
import { countTextLines, describeChangedLines, lineChanges } from './line-changes.ts';
import { protectedFileMessage } from './protected-files.ts';

const editSchema = z.strictObject({
  old_string: z.string({ error: 'expected a string' }),
  new_string: z.string({ error: 'expected a string' }),
  replace_all: z.boolean({ error: 'expected a boolean' }).optional(),
});

// One object with both forms' fields (the registry's tools are objects, and MCP lists one JSON
// Schema); the refinement says which combinations make a call.
const inputSchema = z
  .strictObject({
    path: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty path' }),
    old_string: editSchema.shape.old_string.optional(),
    new_string: editSchema.shape.new_string.optional(),
    replace_all: editSchema.shape.replace_all,
    edits: z.array(editSchema, { error: 'expected an array of {old_string, new_string, replace_all?}' }).optional(),
  })
  .superRefine((input, context) => {
    const single = input.old_string !== undefined || input.new_string !== undefined || input.replace_all !== undefined;
    if (input.edits !== undefined) {
      if (single) {
        context.addIssue({
          code: 'custom',
          path: ['edits'],
          message: 'give either old_string and new_string (one edit) or edits (several), not both',
        });
      } else if (input.edits.length === 0) {
        context.addIssue({ code: 'custom', path: ['edits'], message: 'expected at least one edit' });
      }
      return;
    }
    for (const field of ['old_string', 'new_string'] as const) {
      if (input[field] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'missing; expected a string (or give edits: [{old_string, new_string, replace_all?}, …])',
        });
      }
    }
  });

/** The input of `fs_edit`: one edit (`old_string`, `new_string`, `replace_all?`) or `edits`. */
export type FsEditInput = z.infer<typeof inputSchema>;

/** How often an edit is redone when another writer changed the file between the read and the rename. */
const attempts = 3;

/**
 * `fs_edit {path, old_string, new_string, replace_all?}` or `fs_edit {path, edits: [{old_string,
 * new_string, replace_all?}, …]}` (SPEC T): exact-text replacement in an existing UTF-8 file.
 *
 * The edits apply in order, each to the text the one before left, all or nothing: an `old_string`
 * that does not occur, or occurs more than once without `replace_all` (the message says how many
 * times), fails the whole call and the file is not touched. So do an empty `old_string` (fs_edit
 * changes existing text; `fs_write` writes whole files) and an `old_string` equal to its
 * `new_string` (a call that changes nothing is a model's mistake worth telling it). The text is
 * matched exactly: no pattern, no line-ending or whitespace folding, `$` is just a character.
 *
 * The file must exist and be a regular UTF-8 text file of at most 10 MiB (as `fs_read` reads); a
 * symbolic link is followed. It is written as `fs_write` writes (atomically, its mode kept, no
 * temporary file left by an interrupted write), and refused when it is one of Cosh's own files
 * (SPEC S6, the same check as `fs_write`). A file another process changed between the read and
 * the write is read and edited again. Succeeds with `edited <path>: replaced 1 occurrence;
 * changed line 12`; its parts carry the text before and after and the changed lines, from which
 * a Claude hook's `tool_response` is built (K4).
 */
export const fsEditTool = defineTool({
  name: 'fs_edit',
  description:
    'Replace exact text in an existing text file: `old_string` must occur exactly once (or set `replace_all`); ' +
    'or give `edits: [{old_string, new_string, replace_all?}, …]`, applied in order, all or nothing. ' +
    '`path` is relative to the working directory (or absolute). Returns the changed line numbers.',
  permission: 'ask',
  inputSchema,
  async execute(input: FsEditInput, context) {
    const displayPath = input.path;
    const fail = (message: string) => ({
      ok: false as const,
      error: `fs_edit: ${message}; ${displayPath} was not changed`,
    });
    const edits: TextEdit[] =
      input.edits === undefined
        ? [
            {
              oldString: input.old_string ?? '',
              newString: input.new_string ?? '',
              replaceAll: input.replace_all === true,
            },
          ]
        : input.edits.map((edit) => ({
            oldString: edit.old_string,
            newString: edit.new_string,
            replaceAll: edit.replace_all === true,
          }));

    let target: string;
    try {
      target = await fs.realpath(path.resolve(context.cwd, input.path));
    } catch (error) {
      return fail(describeMissing(error, displayPath));
    }
    // SPEC S6: the same check as fs_write's, on the file the link leads to.
    const own = await context.protectedFiles?.find(target);
    if (own !== undefined) {
      return fail(protectedFileMessage(displayPath, own));
    }

    for (let attempt = 1; ; attempt += 1) {
      const read = await readText(target, displayPath, context.signal);
      if (!read.ok) return fail(read.error);
      const outcome = applyTextEdits(read.text, edits);
      if (!outcome.ok)
        return fail(describeProblem(outcome.problem, outcome.index, input.edits !== undefined, displayPath));
      let written: boolean;
      try {
        written = await writeFileAtomically(target, outcome.text, {
          mode: read.mode,
          signal: context.signal,
          unchangedSince: read.text,
        });
      } catch (error) {
        if (context.signal?.aborted === true) return fail('cancelled');
        return fail(describeFsError(error, displayPath));
      }
      if (!written) {
        if (attempt < attempts) continue;
        return fail(`${displayPath} kept changing while it was being edited (${attempts} tries)`);
      }
      const changes = lineChanges(read.text, outcome.text, outcome.regions);
      const lines = describeChangedLines(changes, countTextLines(outcome.text));
      const what =
        input.edits === undefined
          ? `replaced ${plural(outcome.replacements, 'occurrence')}`
          : `${plural(edits.length, 'edit')}, ${plural(outcome.replacements, 'replacement')}`;
      return {
        ok: true,
        output: `edited ${displayPath}: ${what}; changed ${lines.count === 1 ? 'line' : 'lines'} ${lines.text}`,
        parts: { edit: { before: read.text, after: outcome.text, changes } },
      };
    }
  },
});

type ReadResult = { ok: true; text: string; mode: number } | { ok: false; error: string };

/** The file's text, if it is a regular UTF-8 text file `fs_read` would return, and its mode. */
async function readText(file: string, displayPath: string, signal: AbortSignal | undefined): Promise<ReadResult> {
  let handle: fs.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO would otherwise wait for a writer.
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, error: describeMissing(error, displayPath) };
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return { ok: false, error: `${displayPath} is a directory` };
    if (!stats.isFile()) return { ok: false, error: `${displayPath} is not a regular file; fs_edit edits text files` };
    const tooLarge = `${displayPath} is too large (fs_edit edits files of at most ${formatSize(fsReadMaxBytes)})`;
    if (stats.size > fsReadMaxBytes) return { ok: false, error: tooLarge };
    const bytes = await readToEnd(handle, stats.size, signal);
    if (bytes === 'cancelled') return { ok: false, error: 'cancelled' };
    if (bytes === 'too large') return { ok: false, error: tooLarge };
    if (bytes.subarray(0, binarySniffBytes).includes(0)) {
      return { ok: false, error: `${displayPath} looks like a binary file (a NUL byte in its first 8 KiB)` };
    }
    // Fatal: text that is not UTF-8 would come back with U+FFFD where its bytes were. ignoreBOM
    // keeps a byte order mark as part of the text, so it is written back.
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return { ok: false, error: `${displayPath} is not UTF-8 text` };
    }
    return { ok: true, text: decoded, mode: stats.mode & 0o7777 };
  } catch (error) {
    return { ok: false, error: describeFsError(error, displayPath) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function describeMissing(error: unknown, displayPath: string): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT') return `no such file: ${displayPath} (fs_edit changes an existing file; fs_write creates one)`;
  return describeFsError(error, displayPath);
}

function describeProblem(problem: EditProblem, index: number, several: boolean, displayPath: string): string {
  const which = several ? `edits[${index}]: ` : '';
  const after = several && index > 0 ? ` (after the edits before it)` : '';
  switch (problem.kind) {
    case 'empty':
      return `${which}old_string is empty; fs_edit replaces existing text (fs_write writes a whole file)`;
    case 'unchanged':
      return `${which}old_string and new_string are the same, so the edit would change nothing`;
    case 'not found':
      return `${which}old_string was not found in ${displayPath}${after}; it must match the file's text exactly, whitespace and line ends included`;
    case 'not unique':
      return `${which}old_string occurs ${problem.occurrences} times in ${displayPath}${after}; include more of the surrounding text to make it unique, or set replace_all to replace every occurrence`;
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

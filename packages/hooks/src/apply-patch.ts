// The input format of the `apply_patch` tool (`PATCH_TOOLS` of @cosh/spec), which F2 reads for any
// host that passes the tool through (`hooks run`, replay, a bridge): its text read as Codex CLI, the
// agent that applies it, reads it (codex-rs/apply-patch/src/parser.rs, its lenient mode). A reading
// that differs from the one applying the patch is a way to hide a file from every file guard (a
// hunk header with a leading space is a header there; SPEC B8, F2, K9).

/** One chunk of an updated file: the lines it replaces (context and `-`) and their replacement (context and `+`). */
export interface PatchChunk {
  readonly oldLines: readonly string[];
  readonly newLines: readonly string[];
}

/** One file operation of a patch (`*** Add File:`, `*** Update File:`, `*** Delete File:`). */
export interface PatchOperation {
  readonly kind: 'add' | 'update' | 'delete';
  /** As the patch names it (relative to the call's folder unless absolute). */
  readonly path: string;
  /** `*** Move to:` of an update, else `null`. */
  readonly movedTo: string | null;
  /** An added file's text. */
  readonly contents: string;
  /** An updated file's chunks. */
  readonly chunks: readonly PatchChunk[];
}

/** The markers around a patch. */
export const PATCH_BEGIN = '*** Begin Patch';
export const PATCH_END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARKER = '*** End of File';

/** Rust's `str::lines`: split on `\n`, a trailing `\r` dropped from each line, no last empty line. */
function rustLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** The lines between the markers (the lenient boundaries: a `<<EOF` … `EOF` wrapper allowed), or `null`. */
function patchBody(lines: readonly string[]): readonly string[] | null {
  const strict = (each: readonly string[]): readonly string[] | null =>
    each.length >= 2 && each[0]?.trim() === PATCH_BEGIN && each.at(-1)?.trim() === PATCH_END ? each.slice(1, -1) : null;
  const direct = strict(lines);
  if (direct !== null) return direct;
  const first = lines[0];
  const last = lines.at(-1);
  if (
    lines.length >= 4 &&
    (first === '<<EOF' || first === "<<'EOF'" || first === '<<"EOF"') &&
    last?.endsWith('EOF') === true
  ) {
    return strict(lines.slice(1, -1));
  }
  return null;
}

/** One update chunk from `lines[0]` (Codex's `parse_update_file_chunk`): the chunk and the lines it took, or `null`. */
function parseChunk(lines: readonly string[], first: boolean): { chunk: PatchChunk; taken: number } | null {
  let start = 0;
  if (lines[0] === '@@' || lines[0]?.startsWith('@@ ')) start = 1;
  else if (!first) return null;
  if (start >= lines.length) return null;
  const oldLines: string[] = [];
  const newLines: string[] = [];
  let parsed = 0;
  for (const line of lines.slice(start)) {
    if (line === EOF_MARKER) {
      if (parsed === 0) return null;
      parsed += 1;
      break;
    }
    const mark = line[0];
    if (mark === undefined) {
      oldLines.push('');
      newLines.push('');
    } else if (mark === ' ') {
      oldLines.push(line.slice(1));
      newLines.push(line.slice(1));
    } else if (mark === '+') newLines.push(line.slice(1));
    else if (mark === '-') oldLines.push(line.slice(1));
    else if (parsed === 0) return null;
    else break;
    parsed += 1;
  }
  return { chunk: { oldLines, newLines }, taken: parsed + start };
}

/** One hunk from `lines[0]` (Codex's `parse_one_hunk`): the operation and the lines it took, or `null`. */
function parseHunk(lines: readonly string[]): { operation: PatchOperation; taken: number } | null {
  // Codex trims the header line: ` *** Update File: x` is a header.
  const header = (lines[0] ?? '').trim();
  if (header.startsWith(ADD)) {
    let contents = '';
    let taken = 1;
    for (const line of lines.slice(1)) {
      if (!line.startsWith('+')) break;
      contents += `${line.slice(1)}\n`;
      taken += 1;
    }
    return { operation: { kind: 'add', path: header.slice(ADD.length), movedTo: null, contents, chunks: [] }, taken };
  }
  if (header.startsWith(DELETE)) {
    return {
      operation: { kind: 'delete', path: header.slice(DELETE.length), movedTo: null, contents: '', chunks: [] },
      taken: 1,
    };
  }
  if (!header.startsWith(UPDATE)) return null;
  let rest = lines.slice(1);
  let taken = 1;
  // The move line is not trimmed (`strip_prefix` of the line as it is).
  const movedTo = rest[0]?.startsWith(MOVE) === true ? (rest[0] as string).slice(MOVE.length) : null;
  if (movedTo !== null) {
    rest = rest.slice(1);
    taken += 1;
  }
  const chunks: PatchChunk[] = [];
  while (rest.length > 0) {
    if ((rest[0] as string).trim() === '') {
      rest = rest.slice(1);
      taken += 1;
      continue;
    }
    if ((rest[0] as string).startsWith('*')) break;
    const parsed = parseChunk(rest, chunks.length === 0);
    if (parsed === null) return null;
    chunks.push(parsed.chunk);
    rest = rest.slice(parsed.taken);
    taken += parsed.taken;
  }
  if (chunks.length === 0) return null;
  return { operation: { kind: 'update', path: header.slice(UPDATE.length), movedTo, contents: '', chunks }, taken };
}

/**
 * The file operations of an `apply_patch` text as Codex parses it (`parse_patch`, lenient), `null`
 * when it would refuse the patch (and so change nothing).
 */
export function parseApplyPatch(patch: string): PatchOperation[] | null {
  const body = patchBody(rustLines(patch.trim()));
  if (body === null) return null;
  const operations: PatchOperation[] = [];
  let rest = body;
  while (rest.length > 0) {
    const parsed = parseHunk(rest);
    if (parsed === null) return null;
    operations.push(parsed.operation);
    rest = rest.slice(parsed.taken);
  }
  return operations.length > 0 ? operations : null;
}

import { promises as fs } from 'node:fs';
import path from 'node:path';

/** One regular file found by {@link walkFiles}. */
export interface WalkedFile {
  /** Where to open it. */
  readonly absolutePath: string;
  /** How to show it: the search path as the caller wrote it, joined with the names below it. */
  readonly displayPath: string;
}

/** Counts of what the walk passed over, for the notes under a result. */
export interface WalkReport {
  /** Folders or entries that could not be read (permission denied, vanished meanwhile). */
  unreadable: number;
}

/** Folders never descended into: version-control data and installed dependencies. */
export const skippedFolderNames: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/**
 * Every regular file under `absoluteRoot`, depth first, names sorted by UTF-16 code unit
 * within each folder, so the order never depends on the file system or the locale.
 *
 * Memory holds only the sorted names of the folders on the current path, never the whole
 * tree. Each folder is listed with one `readdir` rather than streamed with `opendir`: sorting
 * needs all of a folder's names anyway, and `opendir` takes three or more thread-pool round
 * trips per folder (open, reads, close), each queued behind the file reads in flight while the
 * search waits for the next file name. `.git` and `node_modules` are skipped, symbolic links to folders are not followed (no loops, no
 * escaping the tree), symbolic links to files are, and FIFOs, sockets and devices are skipped
 * (opening a FIFO would block). A root that is a file yields just that file.
 */
export async function* walkFiles(
  absoluteRoot: string,
  displayRoot: string,
  report: WalkReport,
): AsyncGenerator<WalkedFile> {
  yield* walkFolder(absoluteRoot, displayRoot, report);
}

type EntryKind = 'file' | 'folder' | 'other';

async function* walkFolder(
  absoluteFolder: string,
  displayFolder: string,
  report: WalkReport,
): AsyncGenerator<WalkedFile> {
  let entries: { name: string; kind: EntryKind }[];
  try {
    entries = await readSortedEntries(absoluteFolder);
  } catch {
    report.unreadable += 1;
    return;
  }
  for (const entry of entries) {
    const absolutePath = path.join(absoluteFolder, entry.name);
    const displayPath = path.join(displayFolder, entry.name);
    if (entry.kind === 'file') yield { absolutePath, displayPath };
    else if (entry.kind === 'folder') yield* walkFolder(absolutePath, displayPath, report);
  }
}

async function readSortedEntries(absoluteFolder: string): Promise<{ name: string; kind: EntryKind }[]> {
  const entries: { name: string; kind: EntryKind }[] = [];
  for (const entry of await fs.readdir(absoluteFolder, { withFileTypes: true })) {
    if (skippedFolderNames.has(entry.name)) continue;
    let kind: EntryKind;
    if (entry.isFile()) kind = 'file';
    else if (entry.isDirectory()) kind = 'folder';
    else if (entry.isSymbolicLink()) kind = await symbolicLinkKind(path.join(absoluteFolder, entry.name));
    else if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice()) kind = 'other';
    // Some file systems do not report entry types: ask for this one.
    else kind = await entryKind(path.join(absoluteFolder, entry.name));
    if (kind !== 'other') entries.push({ name: entry.name, kind });
  }
  return entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

/** A link is searched only when it leads to a regular file; a link to a folder is never followed. */
async function symbolicLinkKind(linkPath: string): Promise<EntryKind> {
  try {
    return (await fs.stat(linkPath)).isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

async function entryKind(entryPath: string): Promise<EntryKind> {
  try {
    const stats = await fs.lstat(entryPath);
    if (stats.isFile()) return 'file';
    if (stats.isDirectory()) return 'folder';
    if (stats.isSymbolicLink()) return symbolicLinkKind(entryPath);
    return 'other';
  } catch {
    return 'other';
  }
}

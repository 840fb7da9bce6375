// SPEC F1: a hook's `paths` globs, compiled once per loaded config (M5) with picomatch, and
// tested on the absolute touched paths of a call (F2 computes them; this module does no I/O).
import picomatch from 'picomatch';

/** Where a hook's globs are taken from (F1): its setup.json's folder and the home folder. */
export interface PathGlobPlace {
  /** Relative globs are taken from here: the setup.json's folder, the project root for `.cosh/setup.json`. */
  readonly folder: string;
  /** `~/` in a glob is this folder. */
  readonly home: string;
}

/** A hook's compiled `paths` (F1). */
export interface PathGlobTest {
  /** The absolute globs the hook's globs stand for, in order (for `explain` and tests). */
  readonly globs: readonly string[];
  /** Whether the absolute path matches one glob. */
  matches(path: string): boolean;
  /**
   * Whether one glob could match `folder` or anything below it (F2: a `find_grep` of a folder
   * touches the folder and everything in it). Errs towards `true` where a glob is too intricate to
   * tell (a brace holding `/`, an extglob): a guard is then consulted rather than skipped.
   */
  matchesFolderOrBelow(folder: string): boolean;
}

// picomatch's options for every glob: `*` and `**` match names starting with a dot (`.env`,
// `.ssh`: the files people guard), and `!` at the start is a literal character, not a negation.
const globOptions = { dot: true, nonegate: true } as const;

/** Backslash before each character picomatch would read as a glob character, for a folder's literal name. */
function escapeGlob(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@|]/g, (character) => `\\${character}`);
}

/** `a/./b`, `a//b` and `a/x/../b` as `a/b`: a glob's own `.` and `..` segments are resolved, as paths' are. */
function normaliseSegments(glob: string): string {
  const absolute = glob.startsWith('/');
  const segments: string[] = [];
  for (const segment of glob.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..' && segments.at(-1) !== '**') {
      segments.pop();
      continue;
    }
    if (segment === '..' && absolute && segments.length === 0) continue;
    segments.push(segment);
  }
  return `${absolute ? '/' : ''}${segments.join('/')}`;
}

/**
 * The absolute glob one written glob stands for (F1): without `/` it matches the last part of a
 * path anywhere (`.env` → `**​/.env`); `~/` is the home folder; a relative glob is taken from the
 * folder; a trailing `/` means the folder and everything below it (`.ssh/` → `{…/.ssh,…/.ssh/**}`).
 */
export function absoluteGlobs(glob: string, place: PathGlobPlace): string[] {
  let written = glob;
  let withContents = false;
  if (written.length > 1 && written.endsWith('/')) {
    withContents = true;
    written = written.replace(/\/+$/, '');
  }
  let absolute: string;
  if (written === '~') absolute = escapeGlob(place.home);
  else if (written.startsWith('~/')) absolute = `${escapeGlob(place.home)}/${written.slice(2)}`;
  else if (written.startsWith('/')) absolute = written;
  else if (!written.includes('/') && !withContents) return [`**/${written}`];
  else if (!written.includes('/')) absolute = `**/${written}`;
  else absolute = `${escapeGlob(place.folder)}/${written}`;
  absolute = absolute.startsWith('**/') ? absolute : normaliseSegments(absolute);
  return withContents ? [absolute, `${absolute}/**`] : [absolute];
}

/** Whether `path` is `folder` or inside it. */
function isSameOrBelow(path: string, folder: string): boolean {
  return path === folder || folder === '/' || path.startsWith(`${folder}/`);
}

/** Whether a glob's static part and glob part could match `folder` or something below it. */
function couldMatchBelow(glob: string, folder: string): boolean {
  const { base, glob: dynamic, isExtglob } = picomatch.scan(glob);
  if (isExtglob) return true;
  // The glob's fixed folder lies inside `folder` (or is it): what it matches is below `folder`.
  if (base !== '' && isSameOrBelow(base, folder)) return true;
  const root = base === '' ? '' : base;
  if (root !== '' && !isSameOrBelow(folder, root)) return false;
  if (root === '' && !glob.startsWith('/') && !glob.startsWith('**')) return true;
  // The folder is below the glob's fixed part: its remaining names must fit the glob's first
  // segments, and the glob must have a segment left for something below the folder.
  if (dynamic.includes('**')) return true;
  if (/\{[^}]*\//.test(dynamic)) return true;
  const rest = folder
    .slice(root === '/' ? 1 : root.length + 1)
    .split('/')
    .filter((name) => name !== '');
  const segments = dynamic.split('/').filter((segment) => segment !== '');
  if (rest.length >= segments.length) return false;
  return rest.every((name, index) => picomatch.isMatch(name, segments[index] as string, globOptions));
}

/**
 * Compiles a hook's `paths` (F1) for the place of its setup.json: one picomatch test for all its
 * globs, built once per loaded config (M5). Globs are checked by `@cosh/config` when loaded (C6);
 * here picomatch takes whatever it is given and never throws.
 *
 * @example
 * const test = compilePathGlobs(['.env'], { folder: '/repo', home: '/home/me' });
 * test.matches('/repo/app/.env'); // true
 */
export function compilePathGlobs(globs: readonly string[], place: PathGlobPlace): PathGlobTest {
  const absolute = globs.flatMap((glob) => absoluteGlobs(glob, place));
  // One regular expression for all the hook's globs, from picomatch's own translation: testing it
  // is a tenth of the cost of picomatch's matcher function, which formats and reports per call
  // (F4: 1,000 hooks × 10 paths within 1 ms).
  const sources = absolute.map((glob) => picomatch.makeRe(glob, globOptions).source);
  const regex = sources.length === 0 ? null : new RegExp(sources.map((source) => `(?:${source})`).join('|'));
  const matcher = (path: string): boolean => regex?.test(path) === true;
  return Object.freeze({
    globs: Object.freeze(absolute),
    matches: (path: string) => matcher(path),
    matchesFolderOrBelow: (folder: string) => matcher(folder) || absolute.some((glob) => couldMatchBelow(glob, folder)),
  });
}

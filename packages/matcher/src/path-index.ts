// SPEC F4: selecting among 1,000 hooks with globs for a call touching 10 paths within 1 ms. Testing
// every hook's regular expression on every path is 10,000 tests; an index of what each glob needs
// of a path (a fixed folder it lies in, a fixed last name, a fixed extension) leaves only the
// hooks a path could match to be tested. The index only ever rules a hook out when no glob of it
// can match: the regular expression still decides.
import picomatch from 'picomatch';

/** Hooks (by position) a touched path could select, found from the path alone. */
export interface PathIndex {
  /** Glob's fixed folder → hooks; a path inside that folder (at any depth) could match. */
  readonly byFolder: ReadonlyMap<string, readonly number[]>;
  /** Glob's fixed last name → hooks. */
  readonly byName: ReadonlyMap<string, readonly number[]>;
  /** Glob's last name `*.<ext>` (no other glob character) → hooks, by the text after the last dot. */
  readonly byExtension: ReadonlyMap<string, readonly number[]>;
  /** Hooks with a glob the index cannot narrow: tested for every path. */
  readonly always: readonly number[];
}

const GLOB_CHARACTERS = /[*?[\]{}()!+@\\]/;

function add(map: Map<string, number[]>, key: string, hook: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [hook]);
  else if (list.at(-1) !== hook) list.push(hook);
}

/** Builds the index of the hooks' absolute globs (`null` for a hook without `paths`). */
export function buildPathIndex(globsOfHook: readonly (readonly string[] | null)[]): PathIndex {
  const byFolder = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const byExtension = new Map<string, number[]>();
  const always: number[] = [];
  globsOfHook.forEach((globs, hook) => {
    if (globs === null) return;
    let narrowed = true;
    const keys: (() => void)[] = [];
    for (const glob of globs) {
      const lastName = glob.slice(glob.lastIndexOf('/') + 1);
      if (lastName !== '' && !GLOB_CHARACTERS.test(lastName) && !glob.includes('{')) {
        keys.push(() => add(byName, lastName, hook));
        continue;
      }
      const extension = /^\*\.([^.*?[\]{}()!+@\\/]+)$/.exec(lastName);
      if (extension !== null && !glob.includes('{')) {
        keys.push(() => add(byExtension, extension[1] as string, hook));
        continue;
      }
      const { base } = picomatch.scan(glob);
      if (base !== '' && base !== '/' && glob.startsWith('/') && !GLOB_CHARACTERS.test(base)) {
        keys.push(() => add(byFolder, base, hook));
        continue;
      }
      narrowed = false;
      break;
    }
    if (!narrowed) always.push(hook);
    else for (const key of keys) key();
  });
  return { byFolder, byName, byExtension, always };
}

/** Marks in `candidates` every hook the path could select. */
export function markCandidates(index: PathIndex, path: string, candidates: Uint8Array): void {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  for (const hook of index.byName.get(name) ?? []) candidates[hook] = 1;
  const dot = name.lastIndexOf('.');
  if (dot !== -1) for (const hook of index.byExtension.get(name.slice(dot + 1)) ?? []) candidates[hook] = 1;
  if (index.byFolder.size > 0) {
    for (const hook of index.byFolder.get(path) ?? []) candidates[hook] = 1;
    for (let end = slash; end > 0; end = path.lastIndexOf('/', end - 1)) {
      for (const hook of index.byFolder.get(path.slice(0, end)) ?? []) candidates[hook] = 1;
    }
  }
  for (const hook of index.always) candidates[hook] = 1;
}

import { realpathSync } from 'node:fs';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import type { SandboxPlaceholder, SandboxPolicy } from './sandbox-policy.ts';

/** A policy's paths as the sandbox mounts them: real, existing, without repeats. */
export interface ResolvedPolicyPaths {
  /** The working folder's real path. */
  readonly cwd: string;
  /** Writable trees, the cwd first; none inside another. */
  readonly writable: readonly string[];
  /**
   * Folders between a writable root and a protected path inside it. Each is bound onto itself,
   * still writable: a mount point cannot be renamed (EBUSY), so the command cannot move a
   * protected folder's parent aside and put a folder of its own in its place.
   */
  readonly pinned: readonly string[];
  /** Protected paths that exist, shallowest first (a deeper mount then lands on top). */
  readonly readOnly: readonly string[];
  /**
   * Absent paths to mount something empty and read-only over (SPEC B11), each inside a
   * writable tree and outside every protected path (elsewhere nothing can create them anyway);
   * their folders exist. A placeholder path that exists is protected as {@link readOnly} is.
   */
  readonly placeholders?: readonly SandboxPlaceholder[];
}

/**
 * SPEC B2, the working folder under a protected folder: the protected paths that hold a writable
 * root (mounted first, so that the writable tree lands on top of them) and the others (mounted
 * last, so that they win over the writable trees).
 */
export function splitReadOnly(paths: ResolvedPolicyPaths): { around: string[]; inside: string[] } {
  const around: string[] = [];
  const inside: string[] = [];
  for (const path of paths.readOnly) {
    (paths.writable.some((root) => isStrictlyInside(root, path)) ? around : inside).push(path);
  }
  return { around, inside };
}

/**
 * Resolves every path of `policy` (symbolic links followed; relative paths against the cwd) and
 * drops the ones that do not exist. The cwd must exist: its real path is returned even when the
 * folder is gone (the spawn then reports the missing folder, as without a sandbox).
 */
export function resolvePolicyPaths(
  policy: SandboxPolicy,
  isPlaceholderInUse: (path: string) => boolean = () => false,
): ResolvedPolicyPaths {
  const cwd = realPathOrNull(policy.cwd) ?? resolve(policy.cwd);
  const existing = (paths: readonly string[]): string[] => {
    const found = new Set<string>();
    for (const path of paths) {
      const real = realPathOrNull(isAbsolute(path) ? path : resolve(cwd, path));
      if (real !== null) found.add(real);
    }
    return [...found];
  };
  const writableCandidates = [cwd, ...existing(policy.writable)];
  // A tree inside another adds nothing and would only shadow the outer one's later mounts.
  const writable = writableCandidates.filter(
    (path, index) =>
      writableCandidates.indexOf(path) === index && !writableCandidates.some((other) => isStrictlyInside(path, other)),
  );
  // A placeholder's path: protected where it exists (unless it is the mount point another call
  // of this process left there: then it is a placeholder again), else held by a placeholder
  // where the command could create it.
  const placeholders: SandboxPlaceholder[] = [];
  const existingPlaceholders: string[] = [];
  for (const placeholder of policy.placeholders ?? []) {
    const path = isAbsolute(placeholder.path) ? placeholder.path : resolve(cwd, placeholder.path);
    const real = isPlaceholderInUse(path) ? null : realPathOrNull(path);
    if (real !== null) {
      existingPlaceholders.push(real);
      continue;
    }
    const folder = realPathOrNull(parentOf(path));
    if (folder === null) continue;
    const target = folder === sep ? `${sep}${basename(path)}` : `${folder}${sep}${basename(path)}`;
    if (placeholders.some((other) => other.path === target)) continue;
    placeholders.push({ ...placeholder, path: target });
  }
  // A placeholder held again (another call's mount point) is not also bound as the empty file.
  const held = new Set(placeholders.map((placeholder) => placeholder.path));
  const readOnly = [
    ...new Set([...existing(policy.readOnly).filter((path) => !held.has(path)), ...existingPlaceholders]),
  ].sort((left, right) => depth(left) - depth(right));
  // Where the command could create the path: inside a writable tree and not inside a protected
  // path mounted over that tree (one that holds the tree is under it, and does not count).
  const creatable = (path: string): boolean =>
    writable.some(
      (root) =>
        isStrictlyInside(path, root) &&
        !readOnly.some((other) => (other === path || isStrictlyInside(path, other)) && !isStrictlyInside(root, other)),
    );
  const creatablePlaceholders = placeholders.filter((placeholder) => creatable(placeholder.path));
  const pinned = new Set<string>();
  for (const path of [...readOnly, ...creatablePlaceholders.map((placeholder) => placeholder.path)]) {
    for (const root of writable) {
      if (!isStrictlyInside(path, root)) continue;
      for (let folder = parentOf(path); folder !== root && isStrictlyInside(folder, root); folder = parentOf(folder)) {
        // Inside a protected folder mounted over this tree it is read-only already.
        if (
          readOnly.some(
            (other) => (other === folder || isStrictlyInside(folder, other)) && !isStrictlyInside(root, other),
          )
        )
          continue;
        pinned.add(folder);
      }
    }
  }
  return {
    cwd,
    writable,
    pinned: [...pinned].sort((left, right) => depth(left) - depth(right)),
    readOnly,
    placeholders: creatablePlaceholders,
  };
}

/** Whether `path` lies below `folder` (not equal to it). */
export function isStrictlyInside(path: string, folder: string): boolean {
  const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
  return path !== folder && path.startsWith(prefix);
}

function parentOf(path: string): string {
  const index = path.lastIndexOf(sep);
  return index <= 0 ? sep : path.slice(0, index);
}

function depth(path: string): number {
  return path.split(sep).length;
}

function realPathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

import { realpathSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import type { SandboxPolicy } from './sandbox-policy.ts';

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
}

/**
 * Resolves every path of `policy` (symbolic links followed; relative paths against the cwd) and
 * drops the ones that do not exist. The cwd must exist: its real path is returned even when the
 * folder is gone (the spawn then reports the missing folder, as without a sandbox).
 */
export function resolvePolicyPaths(policy: SandboxPolicy): ResolvedPolicyPaths {
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
  const readOnly = existing(policy.readOnly).sort((left, right) => depth(left) - depth(right));
  const pinned = new Set<string>();
  for (const path of readOnly) {
    for (const root of writable) {
      if (!isStrictlyInside(path, root)) continue;
      for (let folder = parentOf(path); folder !== root && isStrictlyInside(folder, root); folder = parentOf(folder)) {
        // Inside a protected folder it is read-only already.
        if (readOnly.some((other) => other === folder || isStrictlyInside(folder, other))) continue;
        pinned.add(folder);
      }
    }
  }
  return { cwd, writable, pinned: [...pinned].sort((left, right) => depth(left) - depth(right)), readOnly };
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

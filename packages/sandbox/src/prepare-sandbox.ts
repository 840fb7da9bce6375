import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { bwrapArguments } from './bwrap-arguments.ts';
import { landlockArguments } from './landlock-arguments.ts';
import { resolvePolicyPaths } from './resolve-policy-paths.ts';
import { sandboxExecProfile } from './sandbox-exec-profile.ts';
import type { SandboxPlaceholder, SandboxPolicy, SandboxPreparation, SandboxProbe } from './sandbox-policy.ts';
import { unixSocketFilter } from './unix-socket-filter.ts';

/** The first descriptor after stdin, stdout and stderr: the launch's files are 3, 4, … */
const firstFileFd = 3;

/**
 * Placeholder mount points this process's launches use now, by path: a second call while the
 * first still runs mounts a placeholder again (the empty mount point is not a real file), and
 * the mount point is removed only when the last call using it is released.
 */
const placeholdersInUse = new Map<string, number>();

/**
 * How to run one command under `policy` in the sandbox `probe` found: a launcher to spawn in
 * front of `/bin/sh -c <command>` with its {@link SandboxLaunch.files} as descriptors 3, 4, …,
 * or why no sandbox can start (the probe's cause, or a seccomp filter that does not exist for
 * this machine, B14). Resolves the policy's paths now (symbolic links followed, missing ones
 * left out), so call it per command: a folder created since the last call is then protected
 * too. Call the launch's `release` once the command has ended.
 *
 * @example
 * const prepared = prepareSandbox({ cwd, writable: [], readOnly: [configFolder], network: true }, probeSandbox());
 * if (prepared.ok) {
 *   const { launcher, files } = prepared.launch; // files: descriptors 3, 4, … of the launcher
 *   spawn(launcher[0], [...launcher.slice(1), '/bin/sh', '-c', command], { stdio: ['ignore', 'pipe', 'pipe', ...fdsOf(files)] })
 *     .on('close', prepared.launch.release);
 * }
 */
export function prepareSandbox(policy: SandboxPolicy, probe: SandboxProbe): SandboxPreparation {
  if (probe.kind === null) return { ok: false, cause: probe.cause };
  let seccomp: Uint8Array | null = null;
  if (policy.unixSockets !== true && probe.kind !== 'sandbox-exec') {
    const filter = unixSocketFilter();
    if (!filter.ok) return { ok: false, cause: filter.cause };
    seccomp = filter.bytes;
  }
  const paths = resolvePolicyPaths(policy, (path) => placeholdersInUse.has(path));
  switch (probe.kind) {
    case 'bwrap': {
      const files: Uint8Array[] = [];
      const placeholderFds: number[] = [];
      for (const placeholder of paths.placeholders ?? []) {
        if (placeholder.kind !== 'file') continue;
        placeholderFds.push(firstFileFd + files.length);
        files.push(Buffer.from(placeholder.content));
      }
      const seccompFd = seccomp === null ? undefined : firstFileFd + files.length;
      if (seccomp !== null) files.push(seccomp);
      const placeholders = paths.placeholders ?? [];
      const release = holdPlaceholders(placeholders);
      for (const placeholder of placeholders) prefill(placeholder);
      return {
        ok: true,
        launch: {
          kind: 'bwrap',
          launcher: [probe.program, ...bwrapArguments(paths, { network: policy.network, seccompFd, placeholderFds })],
          files,
          release,
        },
      };
    }
    case 'sandbox-exec':
      return {
        ok: true,
        launch: {
          kind: 'sandbox-exec',
          launcher: [
            probe.program,
            '-p',
            sandboxExecProfile(paths, { network: policy.network, unixSockets: policy.unixSockets === true }),
          ],
          files: [],
          release: () => {},
        },
      };
    case 'landlock':
      return {
        ok: true,
        launch: {
          kind: 'landlock',
          launcher: [probe.program, ...landlockArguments(paths, { network: policy.network, seccomp })],
          files: [],
          release: () => {},
        },
      };
    default: {
      const never: never = probe;
      return never;
    }
  }
}

/** Marks the placeholders in use; the answer releases them once, removing the mount points left. */
function holdPlaceholders(placeholders: readonly SandboxPlaceholder[]): () => void {
  for (const { path } of placeholders) placeholdersInUse.set(path, (placeholdersInUse.get(path) ?? 0) + 1);
  let released = placeholders.length === 0;
  return () => {
    if (released) return;
    released = true;
    for (const placeholder of placeholders) {
      const count = (placeholdersInUse.get(placeholder.path) ?? 1) - 1;
      if (count > 0) {
        placeholdersInUse.set(placeholder.path, count);
        continue;
      }
      placeholdersInUse.delete(placeholder.path);
      removeMountPoint(placeholder);
    }
  };
}

/**
 * bubblewrap creates an empty file to mount a file placeholder over, on the host (the
 * placeholder's folder is the host's), and an empty file is not always harmless there: git
 * outside, during the call, fails on an empty `commondir`. So a placeholder with a content gets
 * its mount point made first, holding that content (a `commondir` of `.`, which git reads as no
 * indirection), created exclusively and never through a link; one that exists already (another
 * call's) is left as it is.
 */
function prefill(placeholder: SandboxPlaceholder): void {
  if (placeholder.kind !== 'file' || placeholder.content === '') return;
  let fd: number;
  try {
    fd = openSync(
      placeholder.path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
  } catch {
    return; // There already, or its folder is not writable: bubblewrap says so if it matters.
  }
  try {
    writeSync(fd, placeholder.content);
  } catch {
    // A short mount point is still one; its content is only for git outside during the call.
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes the mount point a placeholder left on the host: an empty folder, or a regular file
 * that is empty or holds exactly the placeholder's content (anything else is someone's file).
 */
function removeMountPoint(placeholder: SandboxPlaceholder): void {
  try {
    const stat = lstatSync(placeholder.path);
    if (
      placeholder.kind === 'file' &&
      stat.isFile() &&
      stat.size <= Buffer.byteLength(placeholder.content) &&
      (stat.size === 0 || readFileSync(placeholder.path, 'utf8') === placeholder.content)
    ) {
      unlinkSync(placeholder.path);
    }
    if (placeholder.kind === 'folder' && stat.isDirectory() && readdirSync(placeholder.path).length === 0) {
      rmdirSync(placeholder.path);
    }
  } catch {
    // Gone already, or not ours to remove.
  }
}

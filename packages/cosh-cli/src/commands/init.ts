import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { projectFileForWriting, readConfigLayers, recordTrust, resolveConfigPath } from '@cosh/config';
import { type CliContext, hasControllingTerminal } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { STARTER_GUARD_NAME, STARTER_SETUP_JSON } from './starter-setup.ts';

/** What `cosh init` was asked, as parsed by commander. */
export interface InitOptions {
  /** `--project`: write the project file (SPEC C10) instead of the user file. */
  readonly project: boolean;
  /** `--config`: write this file instead of the user file. */
  readonly configPath: string | undefined;
}

/**
 * `cosh init [--project | --config F]` (SPEC X): writes the starter setup.json where none exists
 * (the user file by default), never over an existing one (exit 1, nothing written). At a
 * controlling terminal the person who ran it trusts what it wrote (S4: Cosh's own text, shown in
 * the file); without one the file is written untrusted, and the message says how to trust it.
 */
export async function runInit(context: CliContext, options: InitOptions): Promise<void> {
  const layer = options.project ? 'project' : 'user';
  const file = options.project
    ? projectFileForWriting(context.cwd)
    : resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env }).file;
  const shownFile = escapeForTerminal(file);
  await mkdir(dirname(file), { recursive: true });
  try {
    // `wx`: created here or not at all, so a file made meanwhile is never overwritten either.
    await writeFile(file, STARTER_SETUP_JSON, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new ExitError(
      1,
      `cosh init: ${shownFile} exists already: nothing was written (edit it, check it with \`cosh hooks validate\`, or move it away to start over)`,
    );
  }
  context.out.line(
    `Wrote a starter setup.json to ${shownFile} (${layer} file): "${STARTER_GUARD_NAME}" is on; the other examples are off until you set "enabled": true (or switch them with \`cosh settings\`).`,
  );
  if (hasControllingTerminal(context) && (await trustWritten(context, file, options))) {
    context.out.line('Trusted: its hooks run from now on.');
    return;
  }
  const until =
    layer === 'project'
      ? 'until then the project file is left out'
      : 'until then Cosh refuses tool calls rather than run hooks nobody reviewed';
  context.out.line(
    `Not trusted (no terminal to ask a person at): review and trust it with \`cosh hooks trust\` in your terminal; ${until}.`,
  );
}

/**
 * Trusts the file just written, as `cosh hooks trust` records a file a person accepted: only if
 * it still holds exactly the starter text (nobody changed it in between). True when recorded.
 */
async function trustWritten(context: CliContext, file: string, options: InitOptions): Promise<boolean> {
  // The trust store is what this writes: COSH_TRUST=all must not hide it.
  const { COSH_TRUST: _ignored, ...env } = context.env;
  const layers = await readConfigLayers({
    path: options.project ? undefined : options.configPath,
    cwd: context.cwd,
    env,
    noProject: !options.project,
  });
  const written = layers.files.find((candidate) => candidate.file === file);
  if (written?.candidate == null || written.text !== STARTER_SETUP_JSON) return false;
  await recordTrust(layers.trustStore, [written.candidate]);
  return true;
}

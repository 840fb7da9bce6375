import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConfigLayers } from '@cosh/config';
import type { Writer } from './cli-context.ts';
import { escapeForTerminal } from './terminal-text.ts';

/**
 * SPEC S4: the notice of a user file trusted on first use, on stderr: what happened (it was never
 * trusted and now runs as it is, with the scripts its hooks name, none of it reviewed) and how to
 * review (read it now; `cosh hooks trust` shows every later change before it runs).
 */
export function printFirstUseNotices(err: Writer, layers: Pick<ConfigLayers, 'files' | 'trustedOnFirstUse'>): void {
  for (const trusted of layers.trustedOnFirstUse) {
    const file = layers.files.find((candidate) => candidate.file === trusted);
    const scripts = file?.candidate?.record?.scripts.map((script) => escapeForTerminal(script.path)) ?? [];
    const named =
      scripts.length === 0
        ? ''
        : ` and the ${scripts.length === 1 ? 'script' : 'scripts'} its hooks name (${scripts.join(', ')})`;
    err.line(
      `cosh: trusted ${escapeForTerminal(trusted)} on first use: it was never trusted, so this command trusted it as it is now; its hooks${named} run without a review. Read it now if you did not write it; from now on a change to it or its scripts runs only once you review and accept it with cosh hooks trust`,
    );
  }
}

/**
 * SPEC X: when `XDG_CONFIG_HOME` or `COSH_CONFIG` makes another path the user file, a
 * file at `~/.config/cosh/setup.json` is not loaded; say so (`cosh: ignored: …` on stderr) rather
 * than let `hooks validate` report "nothing to validate" while that file holds the person's hooks.
 * Not for `--config`: naming a file on the command line is choosing it.
 */
export function printIgnoredHomeUserFile(
  err: Writer,
  layers: Pick<ConfigLayers, 'locations'>,
  env: NodeJS.ProcessEnv,
): void {
  const user = layers.locations.user;
  const why = user.source === 'env' ? 'COSH_CONFIG' : user.source === 'xdg' ? 'XDG_CONFIG_HOME' : null;
  if (why === null) return;
  const standard = join(env['HOME'] || homedir(), '.config', 'cosh', 'setup.json');
  if (standard === user.file || !isRegularFile(standard)) return;
  err.line(
    `cosh: ignored: ${escapeForTerminal(standard)} (~/.config/cosh/setup.json): ${why} makes ${escapeForTerminal(user.file)} the user file, so its hooks do not run`,
  );
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

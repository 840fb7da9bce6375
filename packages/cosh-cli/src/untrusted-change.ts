import { readFileSync } from 'node:fs';
import { readTrustStore } from '@cosh/config';
import { escapeForTerminal } from './terminal-text.ts';

/**
 * SPEC S4: what a change written without a controlling terminal (`hooks enable|disable`, the
 * settings screen's toggles) leaves behind, in one sentence, or `null` when it leaves nothing
 * untrusted: under `COSH_TRUST=all` (files are used as they are), or when the file is again
 * exactly what was trusted. Otherwise the trusted copy (S5) still runs — or, for a file that was
 * never trusted, nothing of it runs — until a person runs `cosh hooks trust` at a terminal.
 */
export function untrustedChangeNotice(store: string, file: string, env: NodeJS.ProcessEnv): string | null {
  if (env['COSH_TRUST'] === 'all') return null;
  let record: ReturnType<ReturnType<typeof readTrustStore>['get']>;
  try {
    record = readTrustStore(store).get(file);
  } catch {
    // A store that cannot be read trusts nothing (S3): the file is not used as it is either.
    record = undefined;
  }
  const shown = escapeForTerminal(file);
  if (record === undefined) {
    return `cosh: no controlling terminal, so this change is not trusted: ${shown} has no trusted copy yet and does not run until a person runs cosh hooks trust at a terminal`;
  }
  if (textOf(file) === record.snapshot) return null;
  return `cosh: no controlling terminal, so this change is not trusted: the trusted copy of ${shown} still runs until a person runs cosh hooks trust at a terminal`;
}

function textOf(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

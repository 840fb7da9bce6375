// SPEC J1, J4: the journal a host gives its engine. Only this small module is on the path of
// every call; the writer (and node:crypto with it) loads only when a journal is set.
import { resolve } from 'node:path';
import type { JournalSettings } from '@cosh/config';
import type { EventJournal, JournalAgent } from '@cosh/hooks';
import type { CliContext } from './cli-context.ts';
import { coshVersion } from './cosh-version.ts';

/** What a host knows of the journal it should write. */
export interface HostJournalRequest {
  /** setup.json's `journal` (managed over user; J1). */
  readonly settings: JournalSettings;
  /** `--journal <file>`, relative to the context's folder; wins over the settings. */
  readonly file?: string | undefined;
  readonly agent: JournalAgent;
  /**
   * Where the warnings go (J4: a journal that cannot be written is a warning on every load):
   * stderr by default; a bridge adds them to its answer too.
   */
  readonly warn?: ((message: string) => void) | undefined;
  /**
   * J4: `bounded` for a bridge, whose answer waits for its line: a journal lock held 2 s by
   * another process that makes no progress (or a queue not through in 120 s or by
   * `lockWaitEndsAt`) drops the line with a warning.
   */
  readonly lockWait?: 'one-holder' | 'bounded' | undefined;
  /** With `bounded`: the bridge's own deadline (K8, ms since the epoch); no line waits past it. */
  readonly lockWaitEndsAt?: number | undefined;
}

/** The journal file a host writes, absolute, or `null` for none. */
export function hostJournalFile(
  context: Pick<CliContext, 'cwd'>,
  request: Pick<HostJournalRequest, 'settings' | 'file'>,
): string | null {
  if (request.file !== undefined && request.file !== '') return resolve(context.cwd, request.file);
  return request.settings.file;
}

/**
 * The engine's `journal` option for a host: `undefined` when no journal is set, or when the one
 * set cannot be written (then a warning says so, on every load, and the calls run as ever).
 */
export async function hostJournal(context: CliContext, request: HostJournalRequest): Promise<EventJournal | undefined> {
  const file = hostJournalFile(context, request);
  const warn = request.warn ?? ((message: string) => context.err.line(`cosh: warning: ${message}`));
  if (file === null && request.settings.otlp === null) return undefined;
  const { openJournal } = await import('./open-journal.ts');
  return openJournal({
    file,
    otlp: request.settings.otlp,
    agent: request.agent,
    coshVersion: coshVersion(),
    warn,
    lockWait: request.lockWait,
    lockWaitEndsAt: request.lockWaitEndsAt,
  });
}

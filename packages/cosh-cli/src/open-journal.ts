// The writer's side of host-journal.ts, loaded only when a journal or an export is set (J1, J3).
import {
  addOtlpDrops,
  combineJournals,
  createJournal,
  createOtlpJournal,
  type EventJournal,
  type JournalAgent,
  journalProblem,
} from '@cosh/hooks';

/**
 * The journal of `file` and the OpenTelemetry export to `otlp` (J3), as one; `undefined` when
 * neither can be used. A file that cannot be written is a warning (J4) and the export goes on.
 */
export function openJournal(options: {
  readonly file: string | null;
  readonly otlp?: string | null | undefined;
  readonly agent: JournalAgent;
  readonly coshVersion: string;
  readonly warn: (message: string) => void;
  readonly lockWait?: 'one-holder' | 'bounded' | undefined;
  readonly lockWaitEndsAt?: number | undefined;
}): EventJournal | undefined {
  const journals: EventJournal[] = [];
  let writable: string | null = null;
  if (options.file !== null) {
    const problem = journalProblem(options.file);
    if (problem !== null) options.warn(problem);
    else {
      writable = options.file;
      journals.push(
        createJournal({
          file: options.file,
          agent: options.agent,
          coshVersion: options.coshVersion,
          onWarning: options.warn,
          lockWait: options.lockWait,
          lockWaitEndsAt: options.lockWaitEndsAt,
        }),
      );
    }
  }
  if (options.otlp !== undefined && options.otlp !== null) {
    const file = writable;
    journals.push(
      createOtlpJournal({
        endpoint: options.otlp,
        agent: options.agent,
        coshVersion: options.coshVersion,
        onWarning: options.warn,
        // J3: drops are counted beside the journal, for `cosh journal stats`.
        onDropped: (dropped) => {
          if (file === null) return;
          try {
            addOtlpDrops(file, dropped);
          } catch {
            // The warning already names the drops.
          }
        },
      }),
    );
  }
  if (journals.length === 0) return undefined;
  return journals.length === 1 ? journals[0] : combineJournals(journals);
}

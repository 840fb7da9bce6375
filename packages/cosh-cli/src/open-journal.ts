// The writer's side of host-journal.ts, loaded only when a journal is set (J1).
import { createJournal, type EventJournal, type JournalAgent, journalProblem } from '@cosh/hooks';

/** The journal of `file`, or `undefined` (after a warning) when it cannot be written (J4). */
export function openJournal(options: {
  readonly file: string;
  readonly agent: JournalAgent;
  readonly coshVersion: string;
  readonly warn: (message: string) => void;
}): EventJournal | undefined {
  const problem = journalProblem(options.file);
  if (problem !== null) {
    options.warn(problem);
    return undefined;
  }
  return createJournal({
    file: options.file,
    agent: options.agent,
    coshVersion: options.coshVersion,
    onWarning: options.warn,
  });
}

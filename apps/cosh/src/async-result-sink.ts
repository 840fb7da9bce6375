import { escapeForTerminal } from '@cosh/cosh-cli';
import { asyncReportLine, type HookReport } from '@cosh/hooks';
import { asyncResultRecord, type HistoryWriter } from './history/index.ts';

/** Where a host's async hooks' finished reports go (SPEC R13). */
export interface AsyncResultSink {
  /** The engine's `onAsyncResult`. */
  readonly onAsyncResult: (report: HookReport) => void;
  /** Settles once every report's history line was written (or failed): before the history closes. */
  written(): Promise<void>;
}

export interface AsyncResultSinkOptions {
  /** `--verbose`: each report as one line on stderr (`[async] hook 'notify' none (exit 0, 12 ms)`). */
  readonly verbose: boolean;
  /** Writes to stderr. */
  readonly writeError: (text: string) => void;
  /** `--history`: each report as a `{"type":"async_result", …}` line. */
  readonly history?: HistoryWriter | undefined;
  /** Another receiver (an embedding program's), called first. */
  readonly also?: ((report: HookReport) => void) | undefined;
}

/**
 * R13 in the CLI's hosts (`session`, `mcp serve|proxy`, `exec`): an async hook's report goes to
 * stderr with `--verbose` (its text escaped: a hook's reason may hold control characters) and to
 * the history file when there is one. A history line that cannot be written is said on stderr.
 */
export function createAsyncResultSink(options: AsyncResultSinkOptions): AsyncResultSink {
  const pending = new Set<Promise<void>>();
  const onAsyncResult = (report: HookReport): void => {
    options.also?.(report);
    if (options.verbose) options.writeError(`${escapeForTerminal(asyncReportLine(report).trimEnd())}\n`);
    const history = options.history;
    if (history === undefined) return;
    const appending: Promise<void> = history.append(asyncResultRecord(report)).then((appended) => {
      pending.delete(appending);
      if (!appended.ok) options.writeError(`cosh: ${escapeForTerminal(appended.error)}\n`);
    });
    pending.add(appending);
  };
  return {
    onAsyncResult,
    written: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

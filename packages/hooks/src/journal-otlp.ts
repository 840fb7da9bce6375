// SPEC J3: the journal's records also go to an OpenTelemetry collector over OTLP/HTTP (protobuf),
// with the official @opentelemetry logs SDK and exporter. The SDK is loaded only here, by a
// dynamic import when `journal.otlp` is set, so that no per-call bundle grows by it. Export never
// blocks or fails a call: the SDK's batch processor has a bounded queue, the flush when the
// engine closes waits at most OTLP_FLUSH_MS, and every record the collector did not acknowledge
// by then is counted as dropped (OtlpJournal.dropped, written beside the journal by the host).
import { describeError } from './describe-error.ts';
import type { EventJournal } from './hook-engine-types.ts';
import type { OtlpSink } from './journal-otlp-sdk.ts';
import type { JournalAgent } from './journal-record.ts';
import { journalEntry } from './journal-writer.ts';

/** J3: the flush when the engine closes waits at most this long. */
export const OTLP_FLUSH_MS = 2_000;
/** The batch processor's queue: records past it are dropped (and counted), never waited for. */
export const OTLP_MAX_QUEUE = 2_048;

/** Options of {@link createOtlpJournal}. */
export interface OtlpJournalOptions {
  /** `journal.otlp`: the collector's base URL (`/v1/logs` is appended unless present) or the full logs URL. */
  readonly endpoint: string;
  readonly agent: JournalAgent;
  readonly coshVersion: string;
  readonly sessionId?: string | undefined;
  /** Told when records could not be sent (J4: a warning, never a failed call). */
  readonly onWarning?: ((message: string) => void) | undefined;
  /** Told, once closed, how many records did not reach the collector (queue full, refused, or not flushed in time). */
  readonly onDropped?: ((dropped: number) => void) | undefined;
  /** Test hooks. @internal */
  readonly flushMs?: number | undefined;
  /** @internal */
  readonly maxQueueSize?: number | undefined;
}

/** J3: `<base>/v1/logs`, or the URL as given when it already ends so. */
export function otlpLogsUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (!/\/v1\/logs\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/logs`;
  return url.toString();
}

/**
 * The OpenTelemetry side of the journal (J3): give it to the engine as (part of) its journal.
 * `record` never waits; `close` flushes for at most {@link OTLP_FLUSH_MS}.
 */
export function createOtlpJournal(options: OtlpJournalOptions): EventJournal {
  const warn = (message: string): void => {
    try {
      options.onWarning?.(message);
    } catch {
      // A host's logging failure is not the call's.
    }
  };
  let url: string;
  try {
    url = otlpLogsUrl(options.endpoint);
  } catch (error) {
    warn(`journal.otlp ${options.endpoint}: not a URL (${describeError(error)}); records are not sent`);
    return { record() {}, close: async () => undefined };
  }
  // The app's bundles load this as a file of its own, dist/otlp-sdk.cjs (apps/cosh/tsdown.config.ts):
  // an import() of CommonJS may put its exports under `default`.
  const sink: Promise<OtlpSink | null> = import('./journal-otlp-sdk.ts')
    .then((loaded) => {
      const createOtlpSink =
        loaded.createOtlpSink ?? (loaded as unknown as { default: typeof loaded }).default.createOtlpSink;
      return createOtlpSink({
        url,
        coshVersion: options.coshVersion,
        maxQueueSize: options.maxQueueSize ?? OTLP_MAX_QUEUE,
      });
    })
    .catch((error: unknown) => {
      warn(`journal.otlp ${url}: the OpenTelemetry exporter could not be loaded (${describeError(error)})`);
      return null;
    });
  let recorded = 0;
  return {
    record(run) {
      let entry: ReturnType<typeof journalEntry>;
      try {
        entry = journalEntry(run, options);
      } catch (error) {
        warn(`journal.otlp ${url}: the call could not be recorded: ${describeError(error)}`);
        return;
      }
      recorded += 1;
      void sink.then((loaded) => loaded?.emit(entry));
    },
    async close() {
      const loaded = await sink;
      const dropped = loaded === null ? recorded : await loaded.close(options.flushMs ?? OTLP_FLUSH_MS);
      if (dropped > 0) {
        warn(
          `journal.otlp ${url}: ${dropped} of ${recorded} record${recorded === 1 ? '' : 's'} not sent (counted in "cosh journal stats")`,
        );
        try {
          options.onDropped?.(dropped);
        } catch {
          // Counting is best effort.
        }
      }
    },
  };
}

/** Several journals as one (the file and the collector). */
export function combineJournals(journals: readonly EventJournal[]): EventJournal {
  return {
    record(run) {
      for (const journal of journals) {
        try {
          journal.record(run);
        } catch {
          // EventJournal.record must not throw; one that does loses only its own record.
        }
      }
    },
    async close() {
      await Promise.all(journals.map((journal) => journal.close().catch(() => undefined)));
    },
  };
}

// SPEC J3: the @opentelemetry SDK side of journal-otlp.ts, loaded only by its dynamic import.
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchLogRecordProcessor,
  LoggerProvider,
  type LogRecordExporter,
  type ReadableLogRecord,
} from '@opentelemetry/sdk-logs';
import type { JournalEntry } from './journal-record.ts';

/** What this module gives journal-otlp.ts once loaded. @internal */
export interface OtlpSink {
  emit(entry: JournalEntry): void;
  /** Flushes for at most `ms`, shuts down, and tells how many emitted records were not acknowledged. */
  close(ms: number): Promise<number>;
}

/** @opentelemetry/core's ExportResultCode.SUCCESS (core is the SDK's own dependency, not ours). */
const EXPORT_SUCCESS = 0;

/** The log record's attributes of one journal entry (J3). */
export function otlpAttributes(entry: JournalEntry): Record<string, string | boolean | string[]> {
  return {
    'cosh.event': entry.event,
    'cosh.tool': entry.tool_name,
    ...(entry.agent_tool_name === undefined ? {} : { 'cosh.agent_tool': entry.agent_tool_name }),
    'cosh.decision': entry.decision,
    'cosh.halt': entry.halt,
    'cosh.rewritten': entry.rewritten,
    'cosh.hook.names': entry.hooks.map((hook) => hook.name),
    'cosh.hook.outcomes': entry.hooks.map((hook) => hook.outcome ?? 'none'),
    'cosh.session_id': entry.session_id,
    'cosh.agent': entry.agent,
    'cosh.input_sha256': entry.input_sha256,
    'cosh.paths': [...entry.paths],
  };
}

export function createOtlpSink(options: { url: string; coshVersion: string; maxQueueSize: number }): OtlpSink {
  const exporter = new OTLPLogExporter({ url: options.url, timeoutMillis: 2_000 });
  let acknowledged = 0;
  let emitted = 0;
  // Counts what the collector acknowledged; everything else emitted is a drop.
  const counting: LogRecordExporter = {
    export(records: ReadableLogRecord[], done) {
      exporter.export(records, (result) => {
        if (result.code === EXPORT_SUCCESS) acknowledged += records.length;
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush(),
  };
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': 'cosh', 'service.version': options.coshVersion }),
    processors: [
      new BatchLogRecordProcessor({
        exporter: counting,
        maxQueueSize: options.maxQueueSize,
        maxExportBatchSize: Math.min(512, options.maxQueueSize),
        scheduledDelayMillis: 1_000,
        exportTimeoutMillis: 2_000,
      }),
    ],
  });
  const logger = provider.getLogger('cosh.journal');
  return {
    emit(entry) {
      emitted += 1;
      const blocked = entry.decision === 'deny' || entry.halt;
      logger.emit({
        timestamp: new Date(entry.time),
        severityNumber: blocked ? SeverityNumber.WARN : SeverityNumber.INFO,
        severityText: blocked ? 'WARN' : 'INFO',
        body: JSON.stringify(entry),
        attributes: otlpAttributes(entry),
      });
    },
    async close(ms) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
        timer.unref();
      });
      await Promise.race([provider.forceFlush().catch(() => undefined), bound]);
      clearTimeout(timer);
      // Shut down without waiting: what is still being sent is past the bound and counted as dropped.
      void provider.shutdown().catch(() => undefined);
      return Math.max(0, emitted - acknowledged);
    },
  };
}

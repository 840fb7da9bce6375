import { type HookRunJson, hookRunJson } from '@cosh/cosh-cli';
import type { HookReport } from '@cosh/hooks';

/**
 * SPEC R13: an async hook's finished report as a history line. `type` tells it from the call
 * records around it; then when it finished, its event (async hooks are PostToolUse only), the
 * hook's name, and the fields of a hook in `cosh hooks run --json` with its reason and context.
 */
export interface AsyncResultRecordJson extends HookRunJson {
  readonly type: 'async_result';
  /** When the report was made (the hook had finished), ISO 8601 UTC. */
  readonly timestamp: string;
  readonly event: 'PostToolUse';
  /** The hook's name (the same as `name`), as a diagnostic names it. */
  readonly hook: string;
  readonly reason: string | null;
  readonly context: string | null;
}

/** The history line of an async hook's finished report (R13). */
export function asyncResultRecord(report: HookReport, now: Date = new Date()): AsyncResultRecordJson {
  return {
    type: 'async_result',
    timestamp: now.toISOString(),
    event: 'PostToolUse',
    hook: report.name,
    ...hookRunJson(report),
    reason: report.reason,
    context: report.context,
  };
}

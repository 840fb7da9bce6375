export {
  type CallRecordJson,
  type CallRecordStatus,
  callRecord,
  type HookSummaryJson,
  type PreToolUseVerdictJson,
  unrunRecord,
  type VerdictJson,
  verdictJson,
} from './call-record.ts';
export { type HistoryAppendResult, type HistoryWriter, openHistory, type OpenHistoryResult } from './history-writer.ts';
export { type AsyncResultRecordJson, asyncResultRecord } from './async-result-record.ts';

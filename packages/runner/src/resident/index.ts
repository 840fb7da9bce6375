// SPEC R12: the resident kind's piece of the runner, in one folder: one long-lived process per
// key serving many calls over a line protocol (the pool, its processes, their pending calls, the
// restart limit). The rest of the runner knows nothing of it; the engine reaches it through the
// kind's entry of `@cosh/hooks`' table.
export {
  createResidentPool,
  type ResidentCallRequest,
  type ResidentCallResult,
  type ResidentPool,
  type ResidentPoolOptions,
} from './resident-pool.ts';
export { type ResidentAnswerLine, readResidentAnswer, residentLine } from './resident-protocol.ts';

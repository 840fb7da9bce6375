// SPEC R12: one call to a resident hook and what became of it, as the pool takes and answers it.

/** One call to a resident hook. */
export interface ResidentCallRequest {
  /** Which process serves it: one per key (the engine uses one per hook entry). */
  readonly key: string;
  /** Run as `<shell> -c <command>` when the process is (re)started (R1). */
  readonly command: string;
  /**
   * The process's environment (R4 without `COSH_TOOL_NAME`), used when it starts; a function is
   * called only then (copying the host's environment per call would cost more than the call).
   */
  readonly env: Readonly<Record<string, string | undefined>> | (() => Readonly<Record<string, string | undefined>>);
  /** The process's working folder (the engine's), used when it starts. */
  readonly cwd: string;
  /** The call's payload (R3's or K4's JSON object, one line); the pool adds the `"id"`. */
  readonly payload: Uint8Array;
  /** Milliseconds until the call times out and the process is ended as R6 ends a hook. */
  readonly timeoutMs: number;
  /** Aborted: the call settles at once as failed; a late answer to it is dropped. */
  readonly signal?: AbortSignal | undefined;
}

/** What became of one call. Exactly one of `answer`, `failure`, `startError`, `timedOut` says it. */
export interface ResidentCallResult {
  /** The answer line's object (its `id` included), when one came. */
  readonly answer: Readonly<Record<string, unknown>> | null;
  /** Why the call got no answer (the process exited, printed garbage, was given up on, …). */
  readonly failure: string | null;
  /** The process could not start (R9). */
  readonly startError: string | null;
  /** The call ran past its timeout; the process was ended (R6) before this result came back. */
  readonly timedOut: boolean;
  /** What the process wrote to stderr while the call was outstanding, at most 64 KiB of its end. */
  readonly stderr: string;
  /** Milliseconds from the line's write (the spawn, for a call that started the process) to the result. */
  readonly durationMs: number;
}

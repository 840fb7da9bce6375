// What a kind of hook may keep for one engine across its calls (a pool of processes), opened
// with the engine by the kind's entry (`openClient`) and ended when the engine closes: the
// engine owns every kind's client without knowing what any of them holds.
import type { HookEntry } from '@cosh/config';
import type { HookRunner } from '@cosh/runner';

/** What one engine keeps for one kind of hook. */
export interface KindClient {
  /**
   * Ends what it keeps for `hook` (S5: its script changed, or the host asked): the hook's next
   * call starts afresh. Settles once it ended; nothing to do for a hook it keeps nothing for.
   */
  end(hook: HookEntry): Promise<void>;
  /** Ends everything it keeps; later calls of its hooks fail. Settles once all of it ended. */
  close(): Promise<void>;
}

/**
 * The engine options of a host that runs one call and exits (`hooks run`, `exec`, a bridge): no
 * kind keeps anything across calls, each of its hooks' processes lives for the call (R12). A host
 * spreads it into its options rather than naming each kind's option.
 */
export const ONE_CALL_ENGINE: KindClientOptions['engine'] = Object.freeze({ residentHooks: 'one-call' });

/** What a kind's entry opens its client with: the engine's runner and the options it was made with. */
export interface KindClientOptions {
  /** The engine's runner (R11): its shell and kill grace are every process's. */
  readonly hookRunner: HookRunner;
  /** The engine's options (`HookEngineOptions`); each kind reads the ones that are its own. */
  readonly engine: {
    /** The engine's folder, when the host gave one. */
    readonly cwd?: string | undefined;
    /** R12: whether a long-lived host keeps processes across calls (`pool`) or runs one per call. */
    readonly residentHooks?: 'pool' | 'one-call' | undefined;
  };
}

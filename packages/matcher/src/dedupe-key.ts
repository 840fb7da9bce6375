/** How a hook talks to Cosh: Cosh's own protocol (the default) or Claude Code's (K1). */
export type HookProtocol = 'cosh' | 'claude';

/** The fields of a hook that decide whether two selected hooks are the same one (M4, K2, H). */
export interface DedupeFields {
  readonly command?: string | null | undefined;
  readonly url?: string | null | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly protocol?: HookProtocol | undefined;
  /** R12: a resident hook and a per-call one of the same command are two hooks. */
  readonly resident?: boolean | undefined;
}

/** A hook's protocol (K1: `cosh` is the default). */
export function protocolOf(hook: { readonly protocol?: HookProtocol | undefined }): HookProtocol {
  return hook.protocol ?? 'cosh';
}

/**
 * The one comparison key of M4's dedupe: two selected hooks with equal keys run once. A command
 * hook is its protocol and exact command (K2: the same script under both protocols gets different
 * stdin and reads different answers, so both run); an HTTP hook is its protocol, url and headers
 * (H, header order ignored). A resident command differs from the same command run per call (R12). `null` for a hook with neither, which is never merged with another.
 *
 * @example
 * dedupeKey({ command: './guard.sh' }) === dedupeKey({ command: './guard.sh', protocol: 'cosh' }); // true
 * dedupeKey({ command: './guard.sh' }) === dedupeKey({ command: './guard.sh', protocol: 'claude' }); // false
 */
export function dedupeKey(hook: DedupeFields): string | null {
  const protocol = protocolOf(hook);
  if (typeof hook.command === 'string')
    return JSON.stringify([protocol, hook.resident === true ? 'resident' : 'command', hook.command]);
  if (typeof hook.url === 'string') {
    const headers = Object.entries(hook.headers ?? {}).sort(([left], [right]) =>
      left < right ? -1 : left > right ? 1 : 0,
    );
    return JSON.stringify([protocol, 'url', hook.url, headers]);
  }
  return null;
}

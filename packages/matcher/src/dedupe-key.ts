/** How a hook talks to Cosh: Cosh's own protocol (the default) or Claude Code's (K1). */
export type HookProtocol = 'cosh' | 'claude';

/** The fields of a hook that decide whether two selected hooks are the same one (M4, K2, H). */
export interface DedupeFields {
  readonly command?: string | null | undefined;
  readonly url?: string | null | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly protocol?: HookProtocol | undefined;
  /**
   * The setup.json the hook comes from (absolute), or none (a config built in code). Commands
   * dedupe only within one folder (M4): `"$COSH_CONFIG_DIR/guard.sh"` names another script in
   * each folder (R4), so the same text in the user file and a project file is two hooks.
   */
  readonly file?: string | null | undefined;
  /** R12: a resident hook and a per-call one of the same command are two hooks. */
  readonly resident?: boolean | undefined;
  /** D1: a rule hook, compared on its rule's JSON text (key order made one by `@cosh/config`). */
  readonly rule?: { readonly text: string } | null | undefined;
}

/** A hook's protocol (K1: `cosh` is the default). */
export function protocolOf(hook: { readonly protocol?: HookProtocol | undefined }): HookProtocol {
  return hook.protocol ?? 'cosh';
}

/**
 * The one comparison key of M4's dedupe: two selected hooks with equal keys run once. A command
 * hook is its protocol, exact command, whether it is resident and the folder of its file (K2: the
 * same script under both protocols gets different stdin and reads different answers, so both run;
 * R12: a resident command differs from the same command run per call; M4: the same text in files
 * of two folders names two scripts when it uses `$COSH_CONFIG_DIR`); an HTTP hook is its
 * protocol, url and headers (H, header order ignored). `null` for a hook with neither, which is
 * never merged with another.
 *
 * @example
 * dedupeKey({ command: './guard.sh' }) === dedupeKey({ command: './guard.sh', protocol: 'cosh' }); // true
 * dedupeKey({ command: './guard.sh' }) === dedupeKey({ command: './guard.sh', protocol: 'claude' }); // false
 */
export function dedupeKey(hook: DedupeFields): string | null {
  const protocol = protocolOf(hook);
  if (typeof hook.command === 'string') {
    const kind = hook.resident === true ? 'resident' : 'command';
    return JSON.stringify([protocol, kind, hook.command, folderOf(hook.file)]);
  }
  if (typeof hook.url === 'string') {
    const headers = Object.entries(hook.headers ?? {}).sort(([left], [right]) =>
      left < right ? -1 : left > right ? 1 : 0,
    );
    return JSON.stringify([protocol, 'url', hook.url, headers]);
  }
  // D1: the same rule in files of one folder is one hook (M4's folder rule kept, as for commands:
  // a rule that `paths` scopes reads its relative globs from its file's folder).
  if (hook.rule != null) return JSON.stringify(['rule', hook.rule.text, folderOf(hook.file)]);
  return null;
}

/** The folder of a setup.json path (`/a/b/setup.json` → `/a/b`); `''` for none. No node:path: this package has no I/O. */
function folderOf(file: string | null | undefined): string {
  if (typeof file !== 'string') return '';
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

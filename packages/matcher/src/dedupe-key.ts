import { type DedupeField, HOOK_KINDS, hookKindOf, type KindFields } from '@cosh/spec';

/** How a hook talks to Cosh: Cosh's own protocol (the default) or Claude Code's (K1). */
export type HookProtocol = 'cosh' | 'claude';

/**
 * The fields of a hook that decide whether two selected hooks are the same one (M4, K2, H): its
 * kind (the fields `@cosh/spec`'s `hookKindOf` reads, these and the flags of its `KindFields`) and
 * what its kind dedupes on.
 */
export interface DedupeFields extends Omit<KindFields, 'command' | 'url' | 'rule'> {
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
  /** D1: a rule hook, compared on its rule's JSON text (key order made one by `@cosh/config`). */
  readonly rule?: { readonly text: string } | null | undefined;
}

/** A hook's protocol (K1: `cosh` is the default). */
export function protocolOf(hook: { readonly protocol?: HookProtocol | undefined }): HookProtocol {
  return hook.protocol ?? 'cosh';
}

/**
 * The one comparison key of M4's dedupe: two selected hooks with equal keys run once. The key is
 * the hook's kind (`@cosh/spec`'s `hookKindOf`: hooks of two kinds are never the same) and the
 * values of its kind's `dedupeFields` in the kinds' table: for a command, its protocol, exact
 * command and the folder of its file (K2: the same script under both protocols gets different
 * stdin and reads different answers, so both run; M4: the same text in files of two folders
 * names two scripts when it uses `$COSH_CONFIG_DIR`); for an HTTP hook, its protocol, url and
 * headers (H, header order ignored). `null` for a hook with neither a command, a url nor a rule,
 * which is never merged with another.
 *
 * @example
 * dedupeKey({ command: './guard.sh' }) === dedupeKey({ command: './guard.sh', protocol: 'cosh' }); // true
 * dedupeKey({ command: './guard.sh' }) === dedupeKey({ command: './guard.sh', protocol: 'claude' }); // false
 */
export function dedupeKey(hook: DedupeFields): string | null {
  const command = typeof hook.command === 'string' ? hook.command : null;
  // An entry forged with both (the config refuses it, C5) is keyed by its command.
  const url = command === null && typeof hook.url === 'string' ? hook.url : null;
  if (command === null && url === null && hook.rule == null) return null;
  const kind = hookKindOf({ ...hook, command, url, rule: hook.rule ?? null });
  const key: unknown[] = [kind];
  for (const field of HOOK_KINDS[kind].dedupeFields) key.push(dedupeValue(hook, field));
  return JSON.stringify(key);
}

/** What the key holds of one of its kind's dedupe fields. */
function dedupeValue(hook: DedupeFields, field: DedupeField): unknown {
  switch (field) {
    case 'protocol':
      return protocolOf(hook);
    case 'command':
      return hook.command;
    case 'url':
      return hook.url;
    case 'headers':
      return Object.entries(hook.headers ?? {}).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    case 'rule':
      return hook.rule?.text;
    case 'folder':
      return folderOf(hook.file);
    default: {
      const never: never = field;
      throw new Error(`unknown dedupe field: ${JSON.stringify(never)}`);
    }
  }
}

/** The folder of a setup.json path (`/a/b/setup.json` → `/a/b`); `''` for none. No node:path: this package has no I/O. */
function folderOf(file: string | null | undefined): string {
  if (typeof file !== 'string') return '';
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

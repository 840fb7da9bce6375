// SPEC C5, R1–R12, H1–H3: the kinds of hook, one entry each. A hook's kind says how it is written,
// deduplicated, run and shown; the rest (matcher, timeout, onError, protocol) is common to every
// kind. Adding a kind is one entry here and one member of `HookKind`: the compiler then names the
// engine's runner piece (`@cosh/hooks`' table of runs) and every switch that must handle it.

/** The kinds of hook. */
export const HOOK_KIND_NAMES = ['command', 'resident', 'http', 'rule'] as const;

/** One of {@link HOOK_KIND_NAMES}. */
export type HookKind = (typeof HOOK_KIND_NAMES)[number];

/**
 * What M4's dedupe compares of an entry: its fields, and `folder`, the folder of its setup.json
 * (M4: `"$COSH_CONFIG_DIR/guard.sh"` names another script in each folder).
 */
export type DedupeField = 'protocol' | 'command' | 'url' | 'headers' | 'rule' | 'folder';

/**
 * An entry field that, set, makes an entry this kind (C6): on an entry of another kind the config
 * refuses it with "<path> is only for <onlyFor>". A kind's base field (`command`, `url`, `rule`)
 * is not one: "exactly one of them" is its own rule (C5).
 */
export interface ExclusiveField {
  readonly field: string;
  /** When an entry counts as having it: with any value (`present`), or only with `true`. */
  readonly setWhen: 'present' | 'true';
  /** The end of the sentence that refuses it on an entry of another kind. */
  readonly onlyFor: string;
}

/**
 * A common entry field that an entry of this kind cannot have (C6), and why: on such an entry the
 * config refuses it with "<path> has "<base field>" and "<field>": <why>".
 */
export interface FieldNotWith {
  readonly field: string;
  readonly why: string;
}

/** What one kind is, as data every layer reads. */
export interface HookKindSpec {
  /** The word `hooks list` and the settings screen show for the kind. */
  readonly label: string;
  /** The entry fields that make an entry of this kind (C5): config validates from them. */
  readonly configFields: readonly string[];
  /**
   * How its entry is validated (`@cosh/config`, C5, C6), for the docs: the config rejects a
   * hook with neither or both of `command` and `url`, so every entry has exactly one kind.
   */
  readonly validated: string;
  /** Its fields that no entry of another kind may set (`@cosh/config`'s C6 check). */
  readonly exclusiveFields: readonly ExclusiveField[];
  /** The fields of other kinds and common fields it cannot have, each with why (C6, D1). */
  readonly notWith: readonly FieldNotWith[];
  /**
   * What makes two selected hooks of this kind the same one (M4's dedupe, `@cosh/matcher`): hooks
   * of two kinds are never the same.
   */
  readonly dedupeFields: readonly DedupeField[];
  /** The same, for the docs. */
  readonly deduplicatedOn: string;
  /** Whether one process serves many calls (R12): a long-lived host keeps it in a pool. */
  readonly longLived: boolean;
  /**
   * Whether listings mark a hook of this kind with its label (`hooks list`'s `(rule) `): its shown
   * text is a command that does not say the kind. A command needs no mark; `POST <url>` says HTTP.
   */
  readonly markedInListings: boolean;
  /** What the settings screen says of such a hook on a line of its label (`yes (…)`); `null`: no line. */
  readonly settingsNote: string | null;
}

/** The kinds of hook (C5): how each is written, deduplicated and shown. */
export const HOOK_KINDS = {
  command: {
    label: 'command',
    markedInListings: false,
    settingsNote: null,
    configFields: ['command'],
    validated: 'C5: `command`, a non-empty string; no `url` or `headers`',
    exclusiveFields: [],
    notWith: [],
    dedupeFields: ['protocol', 'command', 'folder'],
    deduplicatedOn: 'protocol and the exact command, within one folder (M4, K2)',
    longLived: false,
  },
  resident: {
    label: 'resident',
    markedInListings: true,
    settingsNote: 'one process serves every call',
    configFields: ['command', 'resident'],
    validated: 'R12: `command` and `"resident": true`; not with `url` (C6)',
    exclusiveFields: [
      {
        field: 'resident',
        setWhen: 'true',
        onlyFor: 'a command hook: an HTTP hook (one with a "url") cannot be resident',
      },
    ],
    notWith: [],
    dedupeFields: ['protocol', 'command', 'folder'],
    deduplicatedOn: 'protocol, the exact command and `resident`, within one folder (M4, R12)',
    longLived: true,
  },
  http: {
    label: 'HTTP',
    markedInListings: false,
    settingsNote: null,
    configFields: ['url', 'headers'],
    validated: 'H1: `url`, an http: or https: address, optional `headers` (object of strings); no `command`',
    exclusiveFields: [{ field: 'headers', setWhen: 'present', onlyFor: 'an HTTP hook (one with a "url")' }],
    notWith: [],
    dedupeFields: ['protocol', 'url', 'headers'],
    deduplicatedOn: 'protocol, url and headers (H)',
    longLived: false,
  },
  rule: {
    label: 'rule',
    markedInListings: true,
    settingsNote: null,
    configFields: ['rule'],
    validated:
      'D1: `rule` with `field`, one of `regex`, `glob`, `equals`, `contains`, and `decision`; no `command`, `url`, `headers`, `resident`, `async`, `timeout` or `protocol: "claude"` (C6)',
    exclusiveFields: [],
    // Decided for D1 (docs/setup-json.md says the same): a rule runs in Cosh's own process, in no
    // time, with no stdin, answering as a Cosh hook.
    notWith: [
      { field: 'command', why: 'a hook is a rule, a shell command or an HTTP endpoint, not two of them' },
      { field: 'url', why: 'a hook is a rule, a shell command or an HTTP endpoint, not two of them' },
      { field: 'headers', why: 'headers are for an HTTP hook (one with a "url")' },
      { field: 'resident', why: "a rule runs in Cosh's own process: there is no process to keep running" },
      {
        field: 'async',
        why: 'a rule takes no time, and its answer would be thrown away: async is for slow logging hooks',
      },
      { field: 'timeout', why: "a rule runs in Cosh's own process and takes no time: there is nothing to time out" },
    ],
    dedupeFields: ['rule', 'folder'],
    deduplicatedOn: "the rule's JSON text, within one folder (M4, D1)",
    longLived: false,
  },
} as const satisfies Record<HookKind, HookKindSpec>;

/** The fields of an entry that decide its kind (C5, H1, R12). */
export interface KindFields {
  readonly command: string | null;
  readonly url: string | null;
  readonly resident?: boolean;
  /** D1: a rule hook's rule (only its presence matters here). */
  readonly rule?: object | null;
}

/**
 * The kind of a validated entry: `rule` with a `rule` (D1), `http` with a `url`, `resident` with
 * `"resident": true`, else `command`. `@cosh/config` made sure exactly one of `command` and `url` is set (C5, C6).
 */
export function hookKindOf(hook: KindFields): HookKind {
  if (hook.rule != null && hook.command === null && hook.url === null) return 'rule';
  if (hook.url !== null) return 'http';
  if (hook.resident === true && hook.command !== null) return 'resident';
  return 'command';
}

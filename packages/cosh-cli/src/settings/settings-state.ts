import { readFile } from 'node:fs/promises';
import {
  type ConfigError,
  type ConfigLayer,
  type ConfigLayerFile,
  type ConfigProblem,
  checkMatcher,
  emptyConfig,
  formatJsonPath,
  eventsToShow,
  HOOK_EVENTS,
  type HookEntry,
  type HookEvent,
  type HookIdentity,
  type HooksConfig,
  type LoadHooksOptions,
  mergeLayers,
  readConfigLayers,
  locateJsonPath,
  type OnError,
  safeLoadConfig,
} from '@cosh/config';
import { HOOK_KINDS, hookKindOf } from '@cosh/spec';
import { trustStateText } from '../trust-state-text.ts';
import { printableText, shortenText } from '../terminal-text.ts';

/** An event's switch: `hooksEnabled.<event>` (SPEC C7). */
export interface EventRow {
  readonly kind: 'event';
  /** Stable across reloads: `event:PreToolUse`. */
  readonly key: string;
  readonly event: HookEvent;
  readonly enabled: boolean;
  readonly hookCount: number;
  /** The event's hooks as shown: a toggle is refused when the file holds others by then. */
  readonly hooks: readonly HookIdentity[];
}

/** One hook of an event, with its own `enabled` (SPEC C5). */
export interface HookRow {
  readonly kind: 'hook';
  /**
   * The hook's identity, stable across reloads that move it (another editor inserted a hook
   * above): event, name, command or url, and which of identical entries it is. The cursor and a
   * switch not yet saved follow the hook, not its position.
   */
  readonly key: string;
  readonly event: HookEvent;
  /** Position in the event's array in the file. */
  readonly index: number;
  /** The name and what it runs, as in the file (not escaped): what a toggle must still find there. */
  readonly identity: HookIdentity;
  /** Which of the entries with this identity it is (0 for the first), in file order. */
  readonly copy: number;
  /** Printable (control characters escaped, on one line). */
  readonly name: string;
  /** Printable; `''` matches every tool. */
  readonly matcher: string;
  readonly timeout: number;
  readonly enabled: boolean;
  /** The warnings of this hook, without the JSON path (they are shown under it). */
  readonly warnings: readonly string[];
  readonly onError: OnError;
  readonly protocol: HookEntry['protocol'];
  /** What its kind adds to its details (R12's "one process serves every call"), with the kind's label. */
  readonly kindNote?: { readonly label: string; readonly note: string };
  /** R13: the call does not wait for it. */
  readonly async?: boolean;
  /** D1: a rule hook's rule as written (its JSON text), shown in place of a command. */
  readonly rule?: string;
  /** The 1-based line of its entry in the file, for the detail view and `e`; `null` when unknown. */
  readonly line: number | null;
}

/**
 * A hook of another layer's file (SPEC C10): shown where it runs, with its layer, read-only
 * (it is changed in its own file).
 */
export interface LayerHookRow {
  readonly kind: 'layer-hook';
  /** `layer-hook:<file>:<event>:<index>`. */
  readonly key: string;
  readonly event: HookEvent;
  readonly layer: ConfigLayer;
  /** The file it comes from (absolute). */
  readonly file: string;
  /** Printable. */
  readonly name: string;
  readonly matcher: string;
  readonly timeout: number;
  /** Whether it runs when selected (its own switch, its event's, its layer's, its trust). */
  readonly enabled: boolean;
  readonly warnings: readonly string[];
}

/** A line of the settings list: a switch of the file, or another layer's hook (read-only). */
export type SettingsRow = EventRow | HookRow | LayerHookRow;

/** A layer's file as the screen's header lists it (SPEC S7). */
export interface LayerFileSummary {
  readonly layer: ConfigLayer;
  readonly file: string;
  /** Its trust state in words (`trusted`, `changed: its trusted copy runs …`). */
  readonly trust: string;
}

/** What the screen knows of the other layers and of trust (SPEC C10, S). */
export interface LayersView {
  /** Every layer's file, managed → user → project. */
  readonly files: readonly LayerFileSummary[];
  /** Files a person may review and trust with `t` (SPEC S4): new or changed, without errors. */
  readonly toReview: readonly ConfigLayerFile[];
  /** What to tell the person once: trust on first use, `COSH_TRUST=all`, a store that cannot be read. */
  readonly notices: readonly string[];
}

/** Where the screen's switches are written, and how to read the other layers. */
export interface SettingsTarget {
  /** The file toggles change (absolute): the user file, `--config`'s, or with `--project` the project file. */
  readonly file: string;
  /** Its layer. */
  readonly layer: ConfigLayer;
  /** How to read every layer (SPEC C10); without it the screen shows the file alone. */
  readonly layers?: LoadHooksOptions | undefined;
}

/** What the settings screen shows: the file's switches, or why it cannot show them. */
export type SettingsState =
  | {
      readonly status: 'ready';
      /** Absolute path of setup.json, also when it does not exist yet. */
      readonly file: string;
      /** False when there is no file yet: the defaults are shown and the first change creates it. */
      readonly exists: boolean;
      /** PreToolUse's switch, its hooks, then PostToolUse's switch and its hooks. */
      readonly rows: readonly SettingsRow[];
      /** Warnings that belong to no hook (an unknown event, a near miss of `hooks`), as `line:col message`. */
      readonly otherWarnings: readonly string[];
      /** The file's layer (SPEC C10). */
      readonly layer: ConfigLayer;
      /** The other layers and trust; `null` when the screen shows the file alone. */
      readonly layers: LayersView | null;
    }
  | {
      /** The file does not load (SPEC C6, or it cannot be read): read-only, nothing to toggle. */
      readonly status: 'broken';
      readonly file: string;
      readonly error: ConfigError;
    };

/**
 * Reads setup.json at the target's file (absolute) into what the screen shows, with the other
 * layers' hooks where they run and each file's trust (when the target says how to read them). A
 * missing file is not an error here, whoever named it: the screen shows the defaults and creates
 * the file on the first change. Any other {@link ConfigError} of the file gives the `broken`
 * state; never throws for one. A problem reading the other layers (a trust store that cannot be
 * read) is a notice.
 */
export async function loadSettingsState(target: string | SettingsTarget): Promise<SettingsState> {
  const { file, layer, layers } = typeof target === 'string' ? { file: target, layer: 'user' as const } : target;
  const loaded = await safeLoadConfig({ path: file });
  if (!loaded.ok && loaded.error.code !== 'E_CONFIG_NOT_FOUND') return { status: 'broken', file, error: loaded.error };
  const view = layers === undefined ? null : await layersView(file, layers);
  const [config, warnings, exists] = loaded.ok
    ? [loaded.value.config, loaded.value.warnings, loaded.value.file !== null]
    : [emptyConfig(), [], false];
  // Read again for the entries' lines: a file changed in between only misplaces a line number.
  const text = exists ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
  const lineOf = (event: HookEvent, index: number): number | null =>
    text === undefined ? null : (locateJsonPath(text, ['hooks', event, index])?.line ?? null);
  return settingsStateOf(
    file,
    config,
    warnings,
    exists,
    { layer, view: view?.view ?? null, others: view?.others ?? [] },
    lineOf,
  );
}

/** The other layers' files and hooks, read as every command reads them. */
async function layersView(
  file: string,
  options: LoadHooksOptions,
): Promise<{ view: LayersView; others: readonly HookEntry[] } | null> {
  try {
    const layers = await readConfigLayers(options);
    const merged = mergeLayers(layers.layerInputs);
    const notices = [
      ...layers.trustedOnFirstUse.map((trusted) => `Trusted ${trusted} on first use: its hooks run as they are now.`),
      ...layers.trustWarnings,
    ];
    return {
      view: {
        files: layers.files.map((entry) => ({ layer: entry.layer, file: entry.file, trust: trustStateText(entry) })),
        toReview: layers.files.filter(
          (entry) =>
            entry.layer !== 'managed' &&
            (entry.trust === 'changed' || entry.trust === 'untrusted') &&
            entry.candidate !== null,
        ),
        notices,
      },
      others: HOOK_EVENTS.flatMap((event) => merged.config.hooks[event].filter((hook) => hook.file !== file)),
    };
  } catch (error) {
    return {
      view: { files: [], toReview: [], notices: [error instanceof Error ? error.message : String(error)] },
      others: [],
    };
  }
}

/**
 * The rows of a loaded config: each event's switch followed by its hooks, in file order.
 * `lineOf` gives the line of a hook's entry in the file, when it is known.
 */
export function settingsStateOf(
  file: string,
  config: HooksConfig,
  warnings: readonly ConfigProblem[],
  exists: boolean,
  layers: { readonly layer: ConfigLayer; readonly view: LayersView | null; readonly others: readonly HookEntry[] } = {
    layer: 'user',
    view: null,
    others: [],
  },
  lineOf: (event: HookEvent, index: number) => number | null = () => null,
): SettingsState {
  const rows: SettingsRow[] = [];
  // A session event (E) with no hook in any layer and switched on is left out, as `hooks list` does.
  const shown = new Set([...eventsToShow(config), ...layers.others.map((hook) => hook.event)]);
  for (const event of HOOK_EVENTS) {
    if (!shown.has(event)) continue;
    const hooks = config.hooks[event];
    const identities = hooks.map(identityOf);
    rows.push({
      kind: 'event',
      key: `event:${event}`,
      event,
      enabled: config.hooksEnabled[event],
      hookCount: hooks.length,
      hooks: identities,
    });
    // Hooks run in layer order (C10): managed ones before this file's, project ones after.
    const others = layers.others.filter((hook) => hook.event === event);
    const before = others.filter((hook) => layerOrder(hook.layer) < layerOrder(layers.layer));
    const after = others.filter((hook) => layerOrder(hook.layer) >= layerOrder(layers.layer));
    for (const hook of before) rows.push(layerHookRow(hook));
    const seen = new Map<string, number>();
    for (const hook of hooks) {
      const own = warnings.filter((warning) => warning.hook?.event === event && warning.hook.index === hook.index);
      const identity = JSON.stringify([hook.name, hook.command, hook.url]);
      const copy = seen.get(identity) ?? 0;
      seen.set(identity, copy + 1);
      rows.push({
        kind: 'hook',
        key: `hook:${event}:${identity}:${copy}`,
        event,
        index: hook.index,
        identity: identityOf(hook),
        copy,
        name: printableText(hook.name),
        matcher: printableText(hook.matcher),
        timeout: hook.timeout,
        enabled: hook.enabled,
        warnings: own.map((warning) => hookWarningText(hook, warning)),
        onError: hook.onError,
        protocol: hook.protocol,
        ...kindNoteOf(hook),
        ...(hook.async ? { async: true } : {}),
        ...(hook.rule === null ? {} : { rule: hook.rule.text }),
        line: lineOf(event, hook.index),
      });
    }
    for (const hook of after) rows.push(layerHookRow(hook));
  }
  const otherWarnings = warnings
    .filter((warning) => warning.hook === undefined)
    .map((warning) => `${warning.line}:${warning.column} ${printableText(warning.message)}`);
  return { status: 'ready', file, exists, rows, otherWarnings, layer: layers.layer, layers: layers.view };
}

function layerOrder(layer: ConfigLayer): number {
  return layer === 'managed' ? 0 : layer === 'user' ? 1 : 2;
}

function layerHookRow(hook: HookEntry): LayerHookRow {
  return {
    kind: 'layer-hook',
    key: `layer-hook:${hook.file ?? ''}:${hook.event}:${hook.index}`,
    event: hook.event,
    layer: hook.layer,
    file: hook.file ?? '',
    name: printableText(hook.name),
    matcher: printableText(hook.matcher),
    timeout: hook.timeout,
    enabled: hook.off === null,
    warnings: hook.trustProblem === null ? [] : [printableText(`⚠ ${hook.trustProblem}`)],
  };
}

function identityOf(hook: HookEntry): HookIdentity {
  return { name: hook.name, command: hook.command, url: hook.url };
}

/**
 * A hook's warning as shown under it: `⚠ invalid matcher: "*" (nothing to repeat), never runs;
 * did you mean ".*"?`. The JSON path is dropped: the row above says which hook it is.
 */
export function hookWarningText(hook: Pick<HookEntry, 'event' | 'index' | 'matcher'>, warning: ConfigProblem): string {
  if (warning.code === 'invalid_matcher') {
    const check = checkMatcher(hook.matcher);
    const reason = check.valid ? '' : ` (${check.reason})`;
    const fix = check.valid || check.fix === undefined ? '' : `; did you mean ${JSON.stringify(check.fix)}?`;
    return printableText(`⚠ invalid matcher: ${JSON.stringify(hook.matcher)}${reason}, never runs${fix}`);
  }
  const prefix = formatJsonPath(['hooks', hook.event, hook.index]);
  let text = warning.message;
  if (text.startsWith(prefix)) {
    text = text.slice(prefix.length).replace(/^(\.[A-Za-z_$][\w$]*|\[[^\]]*\])?:? ?/, '');
  }
  return printableText(`⚠ ${text}`);
}

/** `PreToolUse hooks` or `PreToolUse hook "Block dangerous bash"`: what a toggle changed. */
export function describeRow(row: SettingsRow): string {
  return row.kind === 'event' ? `${row.event} hooks` : `${row.event} hook "${shortenText(row.name, 40)}"`;
}

/** Why a row of another layer cannot be toggled here, in the screen's words. */
export function layerHookNotice(row: LayerHookRow): string {
  return `Not saved: "${shortenText(row.name, 40)}" is in the ${row.layer} file ${printableText(row.file)}: change it there`;
}

/** The note of a hook's kind for its details, as a row's field; none for a kind that has none. */
function kindNoteOf(hook: HookEntry): Pick<HookRow, 'kindNote'> {
  const { label, settingsNote } = HOOK_KINDS[hookKindOf(hook)];
  return settingsNote === null ? {} : { kindNote: { label, note: settingsNote } };
}

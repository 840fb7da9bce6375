import {
  type ConfigError,
  type ConfigProblem,
  checkMatcher,
  emptyConfig,
  formatJsonPath,
  HOOK_EVENTS,
  type HookEntry,
  type HookEvent,
  type HookIdentity,
  type HooksConfig,
  safeLoadConfig,
} from '@cosh/config';
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
  /** Printable (control characters escaped, on one line). */
  readonly name: string;
  /** Printable; `''` matches every tool. */
  readonly matcher: string;
  readonly timeout: number;
  readonly enabled: boolean;
  /** The warnings of this hook, without the JSON path (they are shown under it). */
  readonly warnings: readonly string[];
}

/** A line of the settings list that can be toggled. */
export type SettingsRow = EventRow | HookRow;

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
    }
  | {
      /** The file does not load (SPEC C6, or it cannot be read): read-only, nothing to toggle. */
      readonly status: 'broken';
      readonly file: string;
      readonly error: ConfigError;
    };

/**
 * Reads setup.json at `file` (absolute) into what the screen shows. A missing file is not an
 * error here, whoever named it: the screen shows the defaults and creates the file on the
 * first change. Any other {@link ConfigError} gives the `broken` state; never throws for one.
 */
export async function loadSettingsState(file: string): Promise<SettingsState> {
  const loaded = await safeLoadConfig({ path: file });
  if (loaded.ok) {
    return settingsStateOf(file, loaded.value.config, loaded.value.warnings, loaded.value.file !== null);
  }
  if (loaded.error.code === 'E_CONFIG_NOT_FOUND') return settingsStateOf(file, emptyConfig(), [], false);
  return { status: 'broken', file, error: loaded.error };
}

/** The rows of a loaded config: each event's switch followed by its hooks, in file order. */
export function settingsStateOf(
  file: string,
  config: HooksConfig,
  warnings: readonly ConfigProblem[],
  exists: boolean,
): SettingsState {
  const rows: SettingsRow[] = [];
  for (const event of HOOK_EVENTS) {
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
        name: printableText(hook.name),
        matcher: printableText(hook.matcher),
        timeout: hook.timeout,
        enabled: hook.enabled,
        warnings: own.map((warning) => hookWarningText(hook, warning)),
      });
    }
  }
  const otherWarnings = warnings
    .filter((warning) => warning.hook === undefined)
    .map((warning) => `${warning.line}:${warning.column} ${printableText(warning.message)}`);
  return { status: 'ready', file, exists, rows, otherWarnings };
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

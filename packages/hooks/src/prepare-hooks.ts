import {
  DEFAULT_TIMEOUT_SECONDS,
  type HookEntry,
  type HookEvent,
  type HooksConfig,
  MAX_TIMEOUT_SECONDS,
} from '@cosh/config';
import { HooksError } from './hooks-error.ts';
import { isRecord } from './is-record.ts';

/** One enabled hook of one event, as the engine runs it. */
export interface PreparedHook {
  /** The entry as given in the config. */
  readonly entry: HookEntry;
  /** Position in the event's list in the config, disabled entries counted. */
  readonly index: number;
  readonly name: string;
  /** The command run and compared (M4); for a malformed entry, a key no real command can equal. */
  readonly command: string;
  /** The command as written in the config, for reports (`''` when it is not a string). */
  readonly configCommand: string;
  readonly matcher: string;
  readonly timeoutSeconds: number;
  readonly onError: 'ignore' | 'deny';
  /** Why this entry cannot run (a hand-built config with a wrong field); `null` when it can. */
  readonly problem: string | null;
}

/**
 * The enabled hooks of one event in config order (C5: `enabled: false` is as if absent).
 * A malformed entry is kept, marked with its problem, so that a call reports it as a failed
 * hook instead of silently dropping what may have been a blocking hook.
 */
export function prepareHooks(config: HooksConfig, event: HookEvent): PreparedHook[] {
  const list: unknown = (config.hooks as Record<string, unknown>)[event];
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    throw new HooksError('E_HOOKS_INVALID_CONFIG', `config.hooks.${event} must be an array of hook entries`);
  }
  const prepared: PreparedHook[] = [];
  list.forEach((raw: unknown, index) => {
    if (isRecord(raw) && raw['enabled'] === false) return;
    prepared.push(prepareHook(raw, index, event));
  });
  return prepared;
}

function prepareHook(raw: unknown, index: number, event: HookEvent): PreparedHook {
  const entry = (isRecord(raw) ? raw : {}) as Partial<HookEntry>;
  const problems: string[] = [];
  if (!isRecord(raw)) problems.push('the entry is not an object');

  const commandIsValid = typeof entry.command === 'string' && entry.command.trim() !== '';
  // Until the engine runs HTTP hooks and speaks Claude's protocol, such a hook must not run as a
  // Cosh command (its verdicts would be misread): it fails closed as a hook that could not start.
  if (isRecord(raw) && typeof entry.url === 'string') problems.push('HTTP hooks (url) are not run by this engine yet');
  else if (isRecord(raw) && !commandIsValid) problems.push('command must be a non-empty string');
  if (isRecord(raw) && entry.protocol !== undefined && entry.protocol !== 'cosh') {
    problems.push(`protocol ${JSON.stringify(entry.protocol)} is not run by this engine yet`);
  }

  let matcher = '';
  if (typeof entry.matcher === 'string') matcher = entry.matcher;
  else if (entry.matcher !== undefined && entry.matcher !== null) problems.push('matcher must be a string');

  // A config from `@cosh/config` always satisfies C5's bounds; a hand-built one may not.
  let timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
  if (entry.timeout !== undefined) {
    const { timeout } = entry;
    if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT_SECONDS) {
      timeoutSeconds = timeout;
    } else {
      problems.push(`timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}`);
    }
  }

  // Only an explicit 'deny' fails closed; a misspelt policy is reported, not guessed.
  const onError = entry.onError === 'deny' ? 'deny' : 'ignore';
  if (entry.onError !== undefined && entry.onError !== 'deny' && entry.onError !== 'ignore') {
    problems.push('onError must be "ignore" or "deny"');
  }
  if (entry.name !== undefined && typeof entry.name !== 'string') problems.push('name must be a string');
  if (entry.enabled !== undefined && typeof entry.enabled !== 'boolean') problems.push('enabled must be a boolean');

  const command = commandIsValid ? (entry.command as string) : '';
  const givenName = typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name : null;
  const name = givenName ?? (command !== '' ? command : `${event}[${index}]`);

  return {
    entry: raw as HookEntry,
    index,
    name,
    // NUL cannot reach a shell, so no real command equals this one and M4 never merges it.
    command: problems.length === 0 ? command : `\u0000malformed hook ${index}`,
    configCommand: typeof entry.command === 'string' ? entry.command : '',
    matcher,
    timeoutSeconds,
    onError,
    problem: problems.length === 0 ? null : `invalid hook entry: ${problems.join('; ')}`,
  };
}

import { jsonEqual } from './json-equal.ts';

/** One hook's `updated_input`, named for conflict reports. */
export interface InputUpdate {
  readonly hook: string;
  readonly updatedInput: Readonly<Record<string, unknown>>;
}

/** Two hooks set one key to different values; the later one (config order) won (A7). */
export interface MergeConflict {
  readonly key: string;
  readonly earlierHook: string;
  readonly laterHook: string;
}

/** The merged input and the conflicts met on the way. */
export interface MergedInput {
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly conflicts: readonly MergeConflict[];
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment of `__proto__` would replace the target's prototype; a definition makes
  // it an ordinary own key, as JSON.parse did.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Shallow-merge each update onto the tool input in the given (config) order: top-level keys are
 * replaced, later updates win (A7). Keys are copied as own data properties, so `__proto__`,
 * `constructor` and `prototype` stay plain keys and no prototype ever changes. Neither the input
 * nor the updates are modified. Two updates giving one key different values (deep comparison)
 * are reported as a conflict. With no update, the input itself comes back.
 *
 * @example
 * mergeUpdatedInputs({ command: 'grep x', cwd: '/' }, [
 *   { hook: 'color', updatedInput: { command: 'grep --color=never x' } },
 * ]).toolInput;
 * // { command: 'grep --color=never x', cwd: '/' }
 */
export function mergeUpdatedInputs(
  toolInput: Readonly<Record<string, unknown>>,
  updates: readonly InputUpdate[],
): MergedInput {
  if (updates.length === 0) return { toolInput, conflicts: [] };
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(toolInput)) defineOwn(merged, key, toolInput[key]);

  const lastSetter = new Map<string, { readonly hook: string; readonly value: unknown }>();
  const conflicts: MergeConflict[] = [];
  for (const { hook, updatedInput } of updates) {
    for (const key of Object.keys(updatedInput)) {
      const value = updatedInput[key];
      const previous = lastSetter.get(key);
      if (previous !== undefined && !jsonEqual(previous.value, value)) {
        conflicts.push({ key, earlierHook: previous.hook, laterHook: hook });
      }
      lastSetter.set(key, { hook, value });
      defineOwn(merged, key, value);
    }
  }
  return { toolInput: merged, conflicts };
}

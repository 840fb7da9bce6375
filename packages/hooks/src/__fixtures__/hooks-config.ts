import { type HookEntry, type HookEvent, type HooksConfig, validateHooksConfig } from '@cosh/config';

/** A hook entry as a test writes it: setup.json's fields; only `command` (or `url`) is required. */
export type TestEntry = Partial<
  Pick<HookEntry, 'name' | 'matcher' | 'timeout' | 'onError' | 'enabled' | 'protocol' | 'resident' | 'async' | 'paths'>
> &
  (
    | { readonly command: string }
    | { readonly url: string; readonly headers?: Readonly<Record<string, string>> | undefined }
    /** D1: a rule hook, as written in setup.json. */
    | { readonly rule: Readonly<Record<string, unknown>> }
  );

/** A config as `@cosh/config` validates it, from the entries a test writes. */
export function hooksConfig(
  hooks: Partial<Record<HookEvent, readonly TestEntry[]>>,
  hooksEnabled: Partial<Record<HookEvent, boolean>> = {},
): HooksConfig {
  const result = validateHooksConfig({ hooks, hooksEnabled });
  if (!result.ok) throw result.error;
  return result.config;
}

/** A shell word for `value` (single-quoted), for building hook commands in tests. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A command that prints `output` as its stdout, exactly. */
export function printing(output: unknown, exitCode = 0): string {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  return `printf '%s' ${shellQuote(text)}; exit ${exitCode}`;
}

import { ConfigError } from './config-error.ts';
import type { ConfigLayer, ConfigProblem, FileSettings, HookEntry, HooksConfig } from './config-types.ts';
import { HOOK_EVENTS, type HookEvent } from './hook-events.ts';
import { parseJsonc, stripByteOrderMark } from './parse-jsonc.ts';
import { SourceMap } from './source-map.ts';
import { type ValidationResult, validateConfig } from './validate-config.ts';

/** What {@link parseConfig} returns: a config with its warnings, or the error that stops it. */
export type ParseConfigResult =
  | {
      readonly ok: true;
      readonly config: HooksConfig;
      readonly warnings: ConfigProblem[];
      /** The switches the file writes, which matter beside other layers (SPEC C10). */
      readonly settings: FileSettings;
    }
  | { readonly ok: false; readonly error: ConfigError };

/** Options of {@link parseConfig}. */
export interface ParseConfigOptions {
  /** The layer the file belongs to, which each hook carries (SPEC C10). Default `'user'`. */
  readonly layer?: ConfigLayer | undefined;
}

/**
 * Parses and validates the text of a setup.json (SPEC C2–C7, M2). Pure: `file` names the file in
 * problems, and each hook carries it (its folder is the hook's `COSH_CONFIG_DIR`, R4). Never
 * throws: a syntax error gives `E_CONFIG_SYNTAX`, a wrong type `E_CONFIG_INVALID`, each listing
 * every problem with its line and column, warnings included (an unknown field `cmd` explains a
 * missing `command`).
 */
export function parseConfig(text: string, file: string, options: ParseConfigOptions = {}): ParseConfigResult {
  const parsed = parseJsonc(stripByteOrderMark(text));
  if (!parsed.ok) {
    return { ok: false, error: new ConfigError('E_CONFIG_SYNTAX', file, parsed.problems) };
  }
  const source = { layer: options.layer ?? 'user', file };
  return validated(validateConfig(parsed.value, parsed.tree, parsed.sourceMap, source), file);
}

/**
 * Validates a setup.json document built in code rather than read from a file (SPEC C3–C7, M2),
 * exactly as {@link parseConfig} validates a file's text: the only way to turn a hand-built
 * value into a {@link HooksConfig} the engine takes. Problems point at line 1, column 1 (there
 * is no text); `file` names the config in them. Pure; never throws.
 *
 * @example
 * const result = validateHooksConfig({ hooks: { PreToolUse: [{ matcher: '^bash_run$', command: './guard.sh' }] } });
 * if (!result.ok) throw result.error;
 * const engine = createHookEngine(result.config);
 */
export function validateHooksConfig(document: unknown, file?: string): ParseConfigResult {
  const source = { layer: 'user' as const, file: file ?? null };
  return validated(validateConfig(document, undefined, new SourceMap('', undefined), source), file ?? '(hooks config)');
}

function validated({ config, errors, warnings, settings }: ValidationResult, file: string): ParseConfigResult {
  if (config === undefined || errors.length > 0) {
    const problems = [...errors, ...warnings].sort(
      (left, right) => left.line - right.line || left.column - right.column,
    );
    return { ok: false, error: new ConfigError('E_CONFIG_INVALID', file, problems) };
  }
  return { ok: true, config, warnings: [...warnings], settings };
}

/** A config without hooks, both events enabled: what a missing default setup.json means. */
export function emptyConfig(): HooksConfig {
  const hooks = {} as Record<HookEvent, readonly HookEntry[]>;
  const hooksEnabled = {} as Record<HookEvent, boolean>;
  for (const event of HOOK_EVENTS) {
    hooks[event] = Object.freeze([]);
    hooksEnabled[event] = true;
  }
  return Object.freeze({
    hooks: Object.freeze(hooks),
    hooksEnabled: Object.freeze(hooksEnabled),
    refusal: null,
  }) as HooksConfig;
}

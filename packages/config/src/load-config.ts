import { ConfigError } from './config-error.ts';
import type { LoadedConfig } from './config-types.ts';
import { emptyConfig, parseConfig } from './parse-config.ts';
import { readConfigFile } from './read-config-file.ts';
import { type ConfigLocationOptions, resolveConfigPath } from './resolve-config-path.ts';

/**
 * Finds (SPEC C1), reads, parses and validates setup.json. A default location without a file
 * means no hooks (`file: null`). Throws {@link ConfigError}: `E_CONFIG_NOT_FOUND` for a missing
 * file that was named (option or `COSH_CONFIG`), `E_CONFIG_READ` for a directory or an
 * unreadable file, `E_CONFIG_SYNTAX` and `E_CONFIG_INVALID` as {@link parseConfig}.
 */
export async function loadConfig(options: ConfigLocationOptions = {}): Promise<LoadedConfig> {
  const location = resolveConfigPath(options);
  const bytes = readConfigFile(location);
  if (bytes === undefined) return { file: null, config: emptyConfig(), warnings: [] };
  const result = parseConfig(bytes.toString('utf8'), location.file);
  if (!result.ok) throw result.error;
  return { file: location.file, config: result.config, warnings: result.warnings };
}

/** {@link loadConfig} that returns its ConfigError instead of throwing it. */
export async function safeLoadConfig(
  options: ConfigLocationOptions = {},
): Promise<{ ok: true; value: LoadedConfig } | { ok: false; error: ConfigError }> {
  try {
    return { ok: true, value: await loadConfig(options) };
  } catch (error) {
    if (ConfigError.isInstance(error)) return { ok: false, error };
    throw error;
  }
}

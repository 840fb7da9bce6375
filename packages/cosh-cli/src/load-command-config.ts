import { type LoadedConfig, loadConfig, type ResolvedConfigPath, resolveConfigPath } from '@cosh/config';
import type { CliContext } from './cli-context.ts';
import { printProblems } from './print-problems.ts';

/** What a command that reads setup.json gets. */
export interface CommandConfig extends LoadedConfig {
  /** Where the file was looked for (also when there was none). */
  readonly location: ResolvedConfigPath;
}

/**
 * Loads setup.json for a command: `--config`, else `COSH_CONFIG`, else the default locations,
 * relative to the context's directory and environment. A {@link ConfigError} is thrown on, and
 * `runMain` turns it into exit 78 with its problems on stderr. With `warnings: 'stderr'` the
 * warnings are printed there as `file:line:col: warning: message` (what `hooks run` needs).
 */
export async function loadCommandConfig(
  context: CliContext,
  options: { readonly configPath?: string | undefined; readonly warnings?: 'stderr' | 'keep' } = {},
): Promise<CommandConfig> {
  const locationOptions = { path: options.configPath, cwd: context.cwd, env: context.env };
  const location = resolveConfigPath(locationOptions);
  const loaded = await loadConfig(locationOptions);
  if (options.warnings === 'stderr' && loaded.file !== null) printProblems(context.err, loaded.file, loaded.warnings);
  return { ...loaded, location };
}

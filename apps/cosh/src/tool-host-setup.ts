import { type CliContext, loadCommandConfig, UsageError } from '@cosh/cosh-cli';
import { createHookEngine, type HooksConfig } from '@cosh/hooks';
import { type HistoryWriter, openHistory } from './history/index.ts';
import type { PermissionMode, PermissionPrompt } from './permission/index.ts';
import type { Command } from './tool-host-cli-options.ts';
import { createToolHost } from './tool-host.ts';
import type { ToolHost, ToolHostRegistry } from './tool-host-types.ts';

/** What a command that runs tool calls was asked (its `--config`, `--history`, `--permission`). */
export interface ToolHostSetupOptions {
  readonly registry: ToolHostRegistry;
  readonly permission: PermissionMode;
  readonly prompt?: PermissionPrompt | undefined;
  /** Where tools and hooks run; `--config` and `--history` stay relative to the context's directory. */
  readonly cwd: string;
  readonly configPath?: string | undefined;
  readonly historyPath?: string | undefined;
  /** The command, for the `--help` pointer of a usage error. */
  readonly command?: Command | undefined;
}

/** A tool host ready for calls, and what to release when done. */
export interface ToolHostSetup {
  readonly host: ToolHost;
  /** The setup.json it was built from. */
  readonly config: HooksConfig;
  readonly history: HistoryWriter | undefined;
  /** Closes the history file. */
  close(): Promise<void>;
}

/**
 * The common start of `cosh exec`, `cosh session` and `cosh mcp serve`: open the history file
 * (a file that cannot be opened is a {@link UsageError}, exit 64, before anything runs), load
 * setup.json (a `ConfigError`, exit 78; warnings printed on stderr) and build the tool host.
 */
export async function setUpToolHost(context: CliContext, options: ToolHostSetupOptions): Promise<ToolHostSetup> {
  let history: HistoryWriter | undefined;
  if (options.historyPath !== undefined) {
    const opened = await openHistory(options.historyPath, context.cwd);
    if (!opened.ok) throw new UsageError(opened.error, options.command);
    history = opened.writer;
  }
  try {
    const { config } = await loadCommandConfig(context, { configPath: options.configPath, warnings: 'stderr' });
    const host = createToolHost({
      engine: createHookEngine(config, { cwd: options.cwd, env: context.env }),
      registry: options.registry,
      permission: options.permission,
      prompt: options.prompt,
      cwd: options.cwd,
      env: context.env,
      history,
    });
    return { host, config, history, close: async () => history?.close() };
  } catch (error) {
    await history?.close();
    throw error;
  }
}

import { resolve } from 'node:path';
import { type CliContext, hostJournal, hostJournalFile, loadCommandConfig, UsageError } from '@cosh/cosh-cli';
import {
  coshCacheFolder,
  coshInstallationFolder,
  createScriptCheck,
  gitIndirections,
  hookPathFor,
  protectedPaths,
  protectedPathsInputOf,
} from '@cosh/config';
import { createHookEngine, type HookEngine, type HookReport, type HooksConfig, ONE_CALL_ENGINE } from '@cosh/hooks';
import { createAsyncResultSink } from './async-result-sink.ts';
import { type HistoryWriter, openHistory } from './history/index.ts';
import type { PermissionMode, PermissionPrompt, PromptAnswerer } from './permission/index.ts';
import type { Command } from './tool-host-cli-options.ts';
import { createBashSandbox } from './sandbox/bash-sandbox.ts';
import { createToolHost } from './tool-host.ts';
import type { ToolHost, ToolHostRegistry } from './tool-host-types.ts';
import { protectedFiles } from './tools/index.ts';

/** What a command that runs tool calls was asked (its `--config`, `--history`, `--permission`). */
export interface ToolHostSetupOptions {
  readonly registry: ToolHostRegistry;
  readonly permission: PermissionMode;
  readonly prompt?: PermissionPrompt | undefined;
  /** Who answers `prompt`: a hook's `ask` (K7) is put only to a `'person'` (see `createPermissionCheck`). */
  readonly promptAnsweredBy?: PromptAnswerer | undefined;
  /** Where tools and hooks run; `--config` and `--history` stay relative to the context's directory. */
  readonly cwd: string;
  readonly configPath?: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  /**
   * Trust a never-trusted user file on first use at a controlling terminal (SPEC S4): `exec`
   * only, a person's command; never a session or a server, which programs start.
   */
  readonly trustOnFirstUse?: boolean | undefined;
  readonly historyPath?: string | undefined;
  /** `session_id` of Claude-protocol hooks (`--session-id`, K4); default a new UUID per process. */
  readonly sessionId?: string | undefined;
  /** The command, for the `--help` pointer of a usage error. */
  readonly command?: Command | undefined;
  /** A one-shot command (`exec`): the engine keeps nothing across calls (R12); default, for the host's life. */
  readonly oneCall?: boolean | undefined;
  /** R13: where an async hook's finished report goes too (besides stderr and the history). */
  readonly onAsyncResult?: ((report: HookReport) => void) | undefined;
  /** `--journal <file>` (J1), over setup.json's `journal`; relative to the context's directory. */
  readonly journalPath?: string | undefined;
  /** Who the journal names as the calls' agent (J1): `cosh`, or `mcp` for the MCP server. */
  readonly journalAgent?: 'cosh' | 'mcp' | undefined;
  /** R13 `--verbose`: each async hook's finished report as a line on stderr. */
  readonly verbose?: boolean | undefined;
}

/** A tool host ready for calls, and what to release when done. */
export interface ToolHostSetup {
  readonly host: ToolHost;
  /** The host's hook engine, for the session events (E5). */
  readonly engine: HookEngine;
  /** The setup.json it was built from. */
  readonly config: HooksConfig;
  /** The user layer's setup.json (`--config`'s, or where it was looked for, also when absent). */
  readonly configFile: string | null;
  readonly history: HistoryWriter | undefined;
  /** Closes the history file and the hooks' HTTP connections. */
  close(): Promise<void>;
}

/**
 * The common start of `cosh exec`, `cosh session` and `cosh mcp serve`: open the history file
 * (a file that cannot be opened is a {@link UsageError}, exit 64, before anything runs), load the
 * hooks of every layer, trust checked (a `ConfigError`, exit 78; warnings printed on stderr), and
 * build the tool host, whose `fs_write` and `fs_edit` refuse Cosh's own files (SPEC S6).
 */
export async function setUpToolHost(context: CliContext, options: ToolHostSetupOptions): Promise<ToolHostSetup> {
  let history: HistoryWriter | undefined;
  if (options.historyPath !== undefined) {
    const opened = await openHistory(options.historyPath, context.cwd);
    if (!opened.ok) throw new UsageError(opened.error, options.command);
    history = opened.writer;
  }
  try {
    const loaded = await loadCommandConfig(context, {
      configPath: options.configPath,
      noProject: options.noProject,
      // C10: the project layer of the folder the tools and hooks run in (`mcp serve --cwd`).
      workingFolder: options.cwd,
      trustOnFirstUse: options.trustOnFirstUse,
      warnings: 'stderr',
    });
    const { config } = loaded;
    // R13: an async hook's report on stderr with --verbose, and as a line of the history file.
    const asyncResults = createAsyncResultSink({
      verbose: options.verbose === true,
      writeError: (text) => context.err.write(text),
      history,
      also: options.onAsyncResult,
    });
    const engine = createHookEngine(config, {
      cwd: options.cwd,
      // B12: no PATH entry the agent's shell could write (the working tree, sandbox.writable, TMPDIR).
      env: hookPathFor(loaded.sandbox, context.env, [options.cwd]).env,
      sessionId: options.sessionId,
      projectFolder: loaded.projectFolder,
      // K4: Claude hooks' transcript_path is the history file, when there is one.
      transcriptPath: options.historyPath === undefined ? undefined : resolve(context.cwd, options.historyPath),
      // SPEC S5: a session or MCP server serves many calls; each checks its hooks' scripts again.
      scriptCheck: await createScriptCheck(loaded.trustedScripts),
      ...(options.oneCall === true ? ONE_CALL_ENGINE : {}),
      onAsyncResult: asyncResults.onAsyncResult,
      journal: await hostJournal(context, {
        settings: loaded.journal,
        file: options.journalPath,
        agent: options.journalAgent ?? 'cosh',
      }),
    });
    const file = loaded.location.file;
    // SPEC B2, S6: one list for the sandbox's read-only paths and the tools' refusals.
    // SPEC B2, S6, J2: the journal this host writes (`--journal` or setup.json's) is protected too.
    const pathsInput = {
      ...protectedPathsInputOf(loaded, context.env, coshInstallationFolder()),
      journal: hostJournalFile(context, { settings: loaded.journal, file: options.journalPath }),
    };
    const host = createToolHost({
      engine,
      registry: options.registry,
      permission: options.permission,
      prompt: options.prompt,
      promptAnsweredBy: options.promptAnsweredBy,
      cwd: options.cwd,
      env: context.env,
      history,
      protectedFiles: protectedFiles(protectedPaths(pathsInput, options.cwd)),
      sandbox: createBashSandbox({
        status: loaded.sandboxStatus,
        settings: loaded.sandbox,
        protectedPaths: (cwd) => protectedPaths(pathsInput, cwd),
        cacheFolder: cacheFolderOrNull(context.env),
        // B11: the absent indirections of the repository around the call's cwd.
        placeholders: (cwd) => gitIndirections(cwd, null).placeholders,
      }),
    });
    const close = async (): Promise<void> => {
      // The processes the engine keeps and its async hooks end before the host reports it is done (R12, R13).
      await engine.close();
      await asyncResults.written();
      await history?.close();
    };
    return { host, engine, config, configFile: file, history, close };
  } catch (error) {
    await history?.close();
    throw error;
  }
}

/** B2: Cosh's cache folder, `null` without a home folder (the load said so already). */
function cacheFolderOrNull(env: NodeJS.ProcessEnv): string | null {
  try {
    return coshCacheFolder({ env });
  } catch {
    return null;
  }
}

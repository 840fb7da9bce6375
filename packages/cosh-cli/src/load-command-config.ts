import { dirname } from 'node:path';
import { type LayerLocation, type LoadedHooks, loadHooks } from '@cosh/config';
import { type CliContext, hasControllingTerminal, type Writer } from './cli-context.ts';
import { printProblems } from './print-problems.ts';
import { type SandboxStatus, sandboxStatus, sandboxWarnings } from './sandbox-status.ts';
import { escapeForTerminal } from './terminal-text.ts';
import { printFirstUseNotices } from './trust-notices.ts';

/** What a command that reads its hooks gets: the layered, trust-checked load (SPEC C10, S). */
export interface CommandConfig extends LoadedHooks {
  /** Where the user file was looked for (also when there is none): what writes change by default. */
  readonly location: LayerLocation;
  /**
   * The folder holding the project layer's `.cosh/` (C10), `null` without one (or with
   * `--no-project`): Claude hooks' `CLAUDE_PROJECT_DIR` (K4), the engine's `projectFolder`.
   */
  readonly projectFolder: string | null;
  /** How `bash_run` is sandboxed here (SPEC B5); its warnings are among `trustWarnings`. */
  readonly sandboxStatus: SandboxStatus;
}

/** Options of {@link loadCommandConfig}. */
export interface CommandConfigOptions {
  /** `--config`: replaces the user layer (SPEC C1, C10). */
  readonly configPath?: string | undefined;
  /** `--no-project`: skips the project layer (SPEC C10). */
  readonly noProject?: boolean | undefined;
  /**
   * Where the hooks and tools run when that is not the context's directory (`--cwd`, a Claude
   * call's `cwd`): the project layer is looked for from there (SPEC C10), while `--config` and
   * `COSH_CONFIG` stay relative to the context's directory.
   */
  readonly workingFolder?: string | undefined;
  /**
   * `'stderr'`: each running file's warnings, the trust warnings of each file and the warnings of
   * the merge are printed there (what commands that run hooks need); `'keep'`: the command shows
   * them itself. Warnings about trust as a whole, and notices of trust on first use, always go to
   * stderr.
   */
  readonly warnings?: 'stderr' | 'keep' | undefined;
  /**
   * SPEC S4: a command a person runs to look at or use their hooks (`hooks list`, `hooks
   * validate`, `settings`, `exec`) trusts a never-trusted user file on first use, when the
   * process has a controlling terminal. Never for a command a program runs.
   */
  readonly trustOnFirstUse?: boolean | undefined;
  /**
   * Use the validation cache (`loadHooks`' `validationCache`): for the commands a program starts
   * once per tool call (`hooks run`, `claude-hook`), which then load no zod while the files stay
   * the same.
   */
  readonly validationCache?: boolean | undefined;
}

/**
 * The one way every command loads the hooks it runs or shows: `loadHooks` (managed, user and
 * project files, each checked for trust, merged) from the context's directory and environment.
 * A {@link ConfigError} is thrown on, and `runMain` turns it into exit 78 with its problems on
 * stderr. No command can run hooks any other way, so none can skip trust.
 */
export async function loadCommandConfig(
  context: CliContext,
  options: CommandConfigOptions = {},
): Promise<CommandConfig> {
  const loaded = await loadHooks({
    path: options.configPath,
    cwd: context.cwd,
    projectFrom: options.workingFolder,
    env: context.env,
    noProject: options.noProject === true,
    trustOnFirstUse: options.trustOnFirstUse === true && hasControllingTerminal(context),
    validationCache: options.validationCache === true,
  });
  const sandbox = sandboxStatus(
    loaded.sandbox,
    context.env,
    // The per-call commands (the ones that use the validation cache) cannot pay a sandbox start.
    options.validationCache === true ? 'locate' : 'start',
  );
  // SPEC B5: warned on every load, with the warnings about the load as a whole (the bridges
  // hand these to the agent's host too).
  const trustWarnings = [...loaded.trustWarnings, ...sandboxWarnings(sandbox)];
  for (const warning of trustWarnings) context.err.line(`cosh: warning: ${escapeForTerminal(warning)}`);
  printFirstUseNotices(context.err, loaded);
  if (options.warnings === 'stderr') printLoadWarnings(context.err, loaded);
  const project = loaded.locations.project;
  // The project file is `<folder>/.cosh/setup.json`.
  const projectFolder = project === null ? null : dirname(dirname(project.file));
  return { ...loaded, trustWarnings, location: loaded.locations.user, projectFolder, sandboxStatus: sandbox };
}

/**
 * The warnings of a load as `file:line:col: warning: …` lines and `cosh: warning: …` lines: each
 * running file's own, each file's trust warning, and the merge's.
 */
export function printLoadWarnings(writer: Writer, loaded: LoadedHooks): void {
  for (const file of loaded.files) {
    if (file.load === 'file') printProblems(writer, file.file, file.problems);
    if (file.trustWarning !== null) writer.line(`cosh: warning: ${escapeForTerminal(file.trustWarning)}`);
  }
  for (const warning of loaded.layerWarnings) printProblems(writer, warning.file, [warning.problem]);
}

import {
  type ConfigLayer,
  type ConfigLayerFile,
  claudeToolNameRunAdvice,
  type HookEntry,
  type HookEvent,
  parseConfig,
} from '@cosh/config';
import { explainToolCall } from '@cosh/hooks';
import type { CliContext, Writer } from '../cli-context.ts';
import { type CommandName, UsageError } from '../cli-errors.ts';
import { loadCommandConfig } from '../load-command-config.ts';
import { escapeForTerminal, printableText } from '../terminal-text.ts';
import { parseEventArgument } from './event-argument.ts';
import { inputObjectOf } from './input-option.ts';
import { printJson } from './problem-json.ts';

/** What `cosh hooks explain` was asked, as parsed by commander. */
export interface HooksExplainOptions {
  readonly event: string;
  readonly tool: string | undefined;
  readonly input: string | undefined;
  readonly inputFile: string | undefined;
  readonly configPath: string | undefined;
  readonly noProject?: boolean | undefined;
  readonly json: boolean;
  readonly command?: CommandName | undefined;
}

/** One hook (or one file whose hooks cannot be shown) in `hooks explain --json` (SPEC X). */
export interface ExplainHookJson {
  readonly name: string;
  readonly layer: ConfigLayer;
  readonly file: string | null;
  readonly selected: boolean;
  readonly reason: string | null;
}

/** `cosh hooks explain --json` (SPEC X settled): keys in this order. */
export interface HooksExplainJson {
  readonly event: HookEvent;
  readonly tool_name: string;
  /** The call's touched paths, absolute (F3). */
  readonly paths: readonly string[];
  readonly hooks: readonly ExplainHookJson[];
}

/**
 * `cosh hooks explain <event> --tool <name> [--input <json> | --input-file <path>] [--config F]
 * [--no-project] [--json]` (SPEC X): for every hook of every loaded layer, whether it would run
 * for this call and, if not, exactly why. Nothing runs. Exit 0; 64 for bad usage or input; 78 for
 * a config that does not load.
 */
export async function runHooksExplain(context: CliContext, options: HooksExplainOptions): Promise<void> {
  const { command } = options;
  const event = parseEventArgument(options.event, command);
  if (options.tool === undefined) throw new UsageError("required option '--tool <name>' not specified", command);
  if (options.tool === '') {
    throw new UsageError("option '--tool <name>' needs a tool name, not an empty string", command);
  }
  const toolInput = await inputObjectOf(context, options);
  const claudeName = claudeToolNameRunAdvice(options.tool);
  if (claudeName !== undefined) context.err.line(`cosh: warning: ${claudeName}`);

  const loaded = await loadCommandConfig(context, {
    configPath: options.configPath,
    noProject: options.noProject,
    warnings: 'stderr',
    // SPEC S4: a person asking about their hooks at a terminal trusts a new user file on first use.
    trustOnFirstUse: true,
  });
  const { config, files, projectFolder } = loaded;
  const { hooks: explained, touched } = await explainToolCall(
    config,
    event,
    { toolName: options.tool, toolInput },
    { cwd: context.cwd, env: context.env, projectFolder },
  );
  const hooks: ExplainHookJson[] = [];
  // C10: layer by layer, in the order their hooks run; each file's hooks that cannot be shown after its own.
  for (const file of files) {
    for (const { hook, selected, reason } of explained.filter((entry) => entry.hook.file === file.file)) {
      hooks.push({
        name: hook.name,
        layer: hook.layer,
        file: hook.file,
        // S5: a config refused as a whole runs no hook: every call is denied.
        selected: selected && config.refusal === null,
        reason: config.refusal !== null && reason === null ? `every call is refused: ${config.refusal}` : reason,
      });
    }
    hooks.push(
      ...unshownHooks(
        file,
        event,
        explained.map((entry) => entry.hook),
      ),
    );
  }
  // Hooks of a config built without files (none today) would still be listed.
  for (const { hook, selected, reason } of explained.filter(
    (entry) => !files.some((file) => file.file === entry.hook.file),
  )) {
    hooks.push({ name: hook.name, layer: hook.layer, file: hook.file, selected, reason });
  }
  // F3: the touched paths of the call (F2), as hooks with `paths` are selected by.
  const result: HooksExplainJson = { event, tool_name: options.tool, paths: [...touched.paths], hooks };
  if (options.json) {
    printJson((text) => context.out.write(text), result);
    return;
  }
  printExplanation(context.out, result, config.refusal);
}

/**
 * The hooks of a file that the merged config cannot show (SPEC S5): a file not trusted whose text
 * does not load is listed as itself; the hooks a changed file has now but its trusted copy (the
 * one that runs) does not, each with that reason.
 */
function unshownHooks(file: ConfigLayerFile, event: HookEvent, shown: readonly HookEntry[]): ExplainHookJson[] {
  const fromFile = shown.filter((hook) => hook.file === file.file);
  if (file.load === 'nothing' && fromFile.length === 0) {
    const errors =
      file.error === null
        ? ''
        : ` (and it does not load: ${file.error.problems.length} problem(s); cosh hooks validate shows them)`;
    return [
      {
        name: file.file,
        layer: file.layer,
        file: file.file,
        selected: false,
        reason: `file not trusted: ${file.file} is not loaded (run cosh hooks trust)${errors}`,
      },
    ];
  }
  if (file.load !== 'snapshot' || file.text === null) return [];
  const now = parseConfig(file.text, file.file, { layer: file.layer });
  if (!now.ok) return [];
  return now.config.hooks[event]
    .filter((hook) => !fromFile.some((trusted) => sameEntry(trusted, hook)))
    .map((hook) => ({
      name: hook.name,
      layer: hook.layer,
      file: hook.file,
      selected: false,
      reason: `file changed since it was trusted: its trusted copy runs, and this hook is not in it as it is now (run cosh hooks trust)`,
    }));
}

/** Whether two entries are the same hook as written (what a change to the file would show). */
function sameEntry(left: HookEntry, right: HookEntry): boolean {
  return (
    left.name === right.name &&
    left.command === right.command &&
    left.url === right.url &&
    (left.rule?.text ?? null) === (right.rule?.text ?? null) &&
    left.matcher === right.matcher &&
    left.enabled === right.enabled &&
    left.protocol === right.protocol &&
    left.onError === right.onError
  );
}

function printExplanation(out: Writer, result: HooksExplainJson, refusal: string | null): void {
  const { style } = out;
  const running = result.hooks.filter((hook) => hook.selected).length;
  out.line(
    `${style.bold(result.event)} for ${style.bold(printableText(result.tool_name))}: ${running} of ${result.hooks.length} ${result.hooks.length === 1 ? 'hook runs' : 'hooks run'}`,
  );
  if (refusal !== null) out.line(style.red(`every call is refused: ${escapeForTerminal(refusal)}`));
  if (result.hooks.length === 0) out.line('  no hooks for this event');
  for (const hook of result.hooks) {
    const mark = hook.selected ? style.green('runs') : style.dim('no  ');
    const where = `${hook.layer}${hook.file === null ? '' : ` ${escapeForTerminal(hook.file)}`}`;
    out.line(`  ${mark}  ${printableText(hook.name)}  ${style.dim(`(${where})`)}`);
    if (hook.reason !== null) out.line(`        ${escapeForTerminal(hook.reason)}`);
  }
}

import {
  type ConfigLayerFile,
  type ConfigProblem,
  eventsToShow,
  type HookEntry,
  type HookEvent,
  type HookOffReason,
  hookPathFor,
  type TrustState,
} from '@cosh/config';
import { HOOK_KINDS, type HookKind, hookKindOf, shownHook } from '@cosh/hooks';
import type { CliContext, Writer } from '../cli-context.ts';
import { loadCommandConfig } from '../load-command-config.ts';
import { printIgnoredHomeUserFile } from '../trust-notices.ts';
import { problemLine } from '../print-problems.ts';
import { sandboxStatusLine } from '../sandbox-status.ts';
import { trustStateText } from '../trust-state-text.ts';
import { escapeForTerminal, printableText, shortenText } from '../terminal-text.ts';
import { printJson, type ProblemJson, problemJson } from './problem-json.ts';

/** `cosh hooks list --json`: stable, documented in the README. */
export interface HooksListJson {
  /** The user file when it exists, else `null` (SPEC C1). */
  readonly file: string | null;
  /** Each layer's file that exists (or, trusted and removed, still runs), managed → user → project (SPEC S7). */
  readonly files: readonly {
    readonly layer: 'managed' | 'user' | 'project';
    readonly path: string;
    readonly trust: TrustState;
  }[];
  readonly events: readonly {
    readonly event: HookEvent;
    /** The event's switch for user and project hooks (the managed file's value where it sets one). */
    readonly enabled: boolean;
    readonly hooks: readonly {
      readonly index: number;
      readonly layer: 'managed' | 'user' | 'project';
      readonly file: string | null;
      readonly name: string;
      /** `null` for an HTTP hook. */
      readonly command: string | null;
      /** `null` for a command hook. */
      readonly url: string | null;
      /** How it is run: `command`, `resident`, `http` or `rule` (D1). */
      readonly kind: HookKind;
      /** A rule hook's rule as written (D1); `null` for the other kinds. */
      readonly rule: Readonly<Record<string, unknown>> | null;
      readonly protocol: string;
      readonly matcher: string;
      readonly timeout: number;
      readonly on_error: string;
      readonly enabled: boolean;
      /** Why it does not run though selected (`disabled`, `event-disabled`, …); `null` when it runs. */
      readonly off: HookOffReason | null;
      /** A script it names changed since it was trusted: it denies instead of running (SPEC S5). */
      readonly trust_problem: string | null;
      /** R12: one process serves every call. */
      readonly resident: boolean;
      /** R13: the call does not wait for it. */
      readonly async: boolean;
      readonly warnings: readonly string[];
    }[];
  }[];
  readonly warnings: readonly ProblemJson[];
  /** How `bash_run` is sandboxed (SPEC B5). */
  readonly sandbox: {
    readonly mode: 'auto' | 'required' | 'off';
    readonly active: boolean;
    readonly kind: 'bwrap' | 'landlock' | 'sandbox-exec' | null;
    readonly cause: string | null;
  };
  /**
   * B12: the `PATH` entries hooks do not get (inside a folder the agent's shell can write), in
   * `PATH`'s order; absent when none is.
   */
  readonly path_removed?: readonly string[];
}

/** `cosh hooks list [--config F] [--no-project] [--json]`. */
export async function runHooksList(
  context: CliContext,
  options: { readonly configPath: string | undefined; readonly noProject?: boolean; readonly json: boolean },
): Promise<void> {
  const loaded = await loadCommandConfig(context, {
    configPath: options.configPath,
    noProject: options.noProject,
    // SPEC S4: a person listing their hooks at a terminal trusts a new user file on first use.
    trustOnFirstUse: true,
  });
  printIgnoredHomeUserFile(context.err, loaded, context.env);
  const { config, files, location } = loaded;
  // B12: as the hosts run hooks here (`exec`, `session`, `hooks run` in this folder).
  const pathRemoved = hookPathFor(loaded.sandbox, context.env, [context.cwd]).removed;
  // A hook's warnings are those of the file it was read from: not of a file whose trusted copy runs.
  const shownFrom = new Map(files.filter((file) => file.load !== 'snapshot').map((file) => [file.file, file]));
  const hookWarnings = (hook: HookEntry): ConfigProblem[] =>
    (hook.file === null ? undefined : shownFrom.get(hook.file))?.problems.filter(
      (problem) =>
        problem.severity === 'warning' && problem.hook?.event === hook.event && problem.hook.index === hook.index,
    ) ?? [];
  const otherWarnings: { file: string; problem: ConfigProblem }[] = [
    ...files.flatMap((file) =>
      file.load === 'snapshot'
        ? []
        : file.problems
            .filter((problem) => problem.severity === 'warning' && problem.hook === undefined)
            .map((problem) => ({ file: file.file, problem })),
    ),
    ...loaded.layerWarnings,
  ];
  const userFile = files.find((file) => file.layer === 'user' && file.exists)?.file ?? null;

  if (options.json) {
    const result: HooksListJson = {
      file: userFile,
      files: files.map((file) => ({ layer: file.layer, path: file.file, trust: file.trust })),
      events: eventsToShow(config).map((event) => ({
        event,
        enabled: config.hooksEnabled[event],
        hooks: config.hooks[event].map((hook) => ({
          index: hook.index,
          layer: hook.layer,
          file: hook.file,
          name: hook.name,
          command: hook.command,
          url: hook.url,
          kind: hookKindOf(hook),
          rule: hook.rule === null ? null : (JSON.parse(hook.rule.text) as Record<string, unknown>),
          protocol: hook.protocol,
          matcher: hook.matcher,
          timeout: hook.timeout,
          on_error: hook.onError,
          enabled: hook.enabled,
          off: hook.off,
          trust_problem: hook.trustProblem,
          resident: hook.resident,
          async: hook.async,
          warnings: hookWarnings(hook).map((warning) => warning.message),
        })),
      })),
      warnings: [
        ...files.flatMap((file) =>
          file.load === 'snapshot'
            ? []
            : file.problems
                .filter((problem) => problem.severity === 'warning')
                .map((problem) => problemJson(file.file, problem)),
        ),
        ...loaded.layerWarnings.map((warning) => problemJson(warning.file, warning.problem)),
      ],
      sandbox: {
        mode: loaded.sandboxStatus.mode,
        active: loaded.sandboxStatus.active,
        kind: loaded.sandboxStatus.kind,
        cause: loaded.sandboxStatus.cause,
      },
      ...(pathRemoved.length === 0 ? {} : { path_removed: pathRemoved }),
    };
    printJson((text) => context.out.write(text), result);
    return;
  }

  const { out } = context;
  const { style } = out;
  if (files.length === 0) {
    out.line(`No config file at ${escapeForTerminal(location.file)}: no hooks.`);
  } else {
    printFiles(out, files);
  }
  for (const event of eventsToShow(config)) {
    out.line();
    const hooks = config.hooks[event];
    const enabled = config.hooksEnabled[event];
    const count = hooks.length === 0 ? 'no hooks' : hooks.length === 1 ? '1 hook' : `${hooks.length} hooks`;
    const state = enabled ? style.green('enabled') : style.yellow('disabled');
    const someRun = hooks.some((hook) => hook.off === null);
    const note =
      !enabled && hooks.length > 0
        ? style.dim(`  (hooksEnabled.${event} is false: ${someRun ? 'only managed hooks run' : 'none of them run'})`)
        : '';
    out.line(`${style.bold(event.padEnd(11))}  ${state}${' '.repeat(enabled ? 3 : 2)}${count}${note}`);
    if (hooks.length > 0) printHookTable(out, hooks, hookWarnings);
  }
  if (otherWarnings.length > 0) {
    out.line();
    out.line(style.bold('Other warnings:'));
    for (const warning of otherWarnings) out.line(`  ${problemLine(out, warning.file, warning.problem)}`);
  }
  // SPEC B5: whether the agent's shell can change what is listed here.
  out.line();
  out.line(sandboxStatusLine(loaded.sandboxStatus));
  // SPEC B12: the programs hooks find by name are never ones the agent's shell could plant.
  if (pathRemoved.length > 0) {
    out.line(
      `PATH for hooks: without ${pathRemoved.map((entry) => escapeForTerminal(entry)).join(', ')} (the agent's shell can write there)`,
    );
  }
}

function printFiles(out: Writer, files: readonly ConfigLayerFile[]): void {
  const { style } = out;
  const paths = files.map((file) => escapeForTerminal(file.file));
  const width = Math.max(...paths.map((path) => [...path].length));
  files.forEach((file, position) => {
    const path = paths[position] ?? '';
    const state = trustStateText(file);
    const painted =
      file.trust === 'trusted' || file.trust === 'managed'
        ? style.green(state)
        : file.trust === 'env'
          ? style.yellow(state)
          : style.red(state);
    const errors = file.error === null || file.load === 'file' ? '' : style.dim(`  (${countOf(file.error.problems)})`);
    out.line(
      `${file.layer.padEnd(7)}  ${style.bold(path)}${' '.repeat(width - [...path].length)}  ${painted}${errors}`,
    );
  });
}

function countOf(problems: readonly ConfigProblem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return `${errors} ${errors === 1 ? 'error' : 'errors'}: cosh hooks validate shows ${errors === 1 ? 'it' : 'them'}`;
}

/** A hook's STATE cell: on, off and why, or the deny that replaces it (SPEC C5, C7, C10, S5). */
function hookState(hook: HookEntry): string {
  if (hook.off === null) return hook.trustProblem === null ? 'on' : 'denies: script changed';
  switch (hook.off) {
    case 'disabled':
      return 'off';
    case 'event-disabled':
      return 'off (event)';
    case 'managed-event-disabled':
      return 'off (managed event)';
    case 'managed-only':
      return 'off (managed only)';
    case 'untrusted':
      return 'not trusted';
  }
}

/**
 * C5, R13: `(<kind>) ` for a hook whose kind the table marks in listings (R12's resident, D1's
 * rule), `(async) `, or both (`(resident, async) `) before the command; `''` for a plain hook.
 */
function runModes(hook: HookEntry): string {
  const { label, markedInListings } = HOOK_KINDS[hookKindOf(hook)];
  const modes = [markedInListings ? label : '', hook.async ? 'async' : ''].filter((mode) => mode !== '');
  return modes.length === 0 ? '' : `(${modes.join(', ')}) `;
}

/** Longest command `hooks list` shows when the width is unknown (off a terminal); `--json` has it whole. */
const COMMAND_WIDTH_OFF_TERMINAL = 60;
/** Narrowest the command column gets on a narrow terminal. */
const COMMAND_WIDTH_MINIMUM = 20;

function printHookTable(
  out: Writer,
  hooks: readonly HookEntry[],
  warningsOf: (hook: HookEntry) => ConfigProblem[],
): void {
  const { style } = out;
  const header = ['#', 'LAYER', 'NAME', 'MATCHER', 'TIMEOUT', 'ON ERROR', 'STATE', 'COMMAND'];
  const rows = hooks.map((hook) => [
    String(hook.index),
    hook.layer,
    // One printable line each, so a name cannot break the table or drive the terminal.
    shortenText(printableText(hook.name), 40),
    hook.matcher === '' ? '(any tool)' : shortenText(printableText(hook.matcher), 30),
    // D1: a rule runs in no time; its timeout means nothing.
    hook.rule === null ? `${hook.timeout}s` : '-',
    hook.onError,
    hookState(hook),
    `${runModes(hook)}${printableText(shownHook(hook))}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  // The command comes last and takes what the terminal has left, so a row stays one line.
  const before = widths.slice(0, -1).reduce((sum, width) => sum + width + 2, 2);
  const commandWidth = out.isTTY
    ? Math.max(COMMAND_WIDTH_MINIMUM, out.columns - 1 - before)
    : COMMAND_WIDTH_OFF_TERMINAL;
  for (const row of rows) row[row.length - 1] = shortenText(row.at(-1) ?? '', commandWidth);
  const layout = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell + ' '.repeat((widths[column] ?? 0) - [...cell].length),
      )
      .join('  ');
  out.line(style.dim(`  ${layout(header)}`));
  hooks.forEach((hook, position) => {
    const line = `  ${layout(rows[position] ?? [])}`;
    out.line(hook.off === null && hook.trustProblem === null ? line : style.dim(line));
    // The same `file:line:col: warning: message` as every other warning Cosh prints.
    for (const warning of warningsOf(hook))
      out.line(`  ${' '.repeat(widths[0] ?? 1)}  ${problemLine(out, hook.file ?? '', warning)}`);
  });
}

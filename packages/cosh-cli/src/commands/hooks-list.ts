import { type ConfigProblem, HOOK_EVENTS, type HookEntry, type HookEvent } from '@cosh/config';
import type { CliContext, Writer } from '../cli-context.ts';
import { loadCommandConfig } from '../load-command-config.ts';
import { escapeForTerminal, printableText, shortenText } from '../terminal-text.ts';
import { problemLine } from '../print-problems.ts';
import { printJson, type ProblemJson, problemJson } from './problem-json.ts';

/** `cosh hooks list --json`: stable, documented in the README. */
export interface HooksListJson {
  readonly file: string | null;
  readonly events: readonly {
    readonly event: HookEvent;
    readonly enabled: boolean;
    readonly hooks: readonly {
      readonly index: number;
      readonly name: string;
      /** `null` for an HTTP hook. */
      readonly command: string | null;
      /** `null` for a command hook. */
      readonly url: string | null;
      readonly protocol: string;
      readonly matcher: string;
      readonly timeout: number;
      readonly on_error: string;
      readonly enabled: boolean;
      readonly warnings: readonly string[];
    }[];
  }[];
  readonly warnings: readonly ProblemJson[];
}

/** `cosh hooks list [--config F] [--json]`. */
export async function runHooksList(
  context: CliContext,
  options: { readonly configPath: string | undefined; readonly json: boolean },
): Promise<void> {
  const { file, config, warnings, location } = await loadCommandConfig(context, { configPath: options.configPath });
  const hookWarnings = (hook: HookEntry): ConfigProblem[] =>
    warnings.filter((warning) => warning.hook?.event === hook.event && warning.hook.index === hook.index);

  if (options.json) {
    const result: HooksListJson = {
      file,
      events: HOOK_EVENTS.map((event) => ({
        event,
        enabled: config.hooksEnabled[event],
        hooks: config.hooks[event].map((hook) => ({
          index: hook.index,
          name: hook.name,
          command: hook.command,
          url: hook.url,
          protocol: hook.protocol,
          matcher: hook.matcher,
          timeout: hook.timeout,
          on_error: hook.onError,
          enabled: hook.enabled,
          warnings: hookWarnings(hook).map((warning) => warning.message),
        })),
      })),
      warnings: warnings.map((warning) => problemJson(file ?? location.file, warning)),
    };
    printJson((text) => context.out.write(text), result);
    return;
  }

  const { out } = context;
  const { style } = out;
  out.line(file === null ? `No config file at ${location.file}: no hooks.` : style.bold(file));
  for (const event of HOOK_EVENTS) {
    out.line();
    const hooks = config.hooks[event];
    const enabled = config.hooksEnabled[event];
    const count = hooks.length === 0 ? 'no hooks' : hooks.length === 1 ? '1 hook' : `${hooks.length} hooks`;
    const state = enabled ? style.green('enabled') : style.yellow('disabled');
    const note = !enabled && hooks.length > 0 ? style.dim(`  (hooksEnabled.${event} is false: none of them run)`) : '';
    out.line(`${style.bold(event.padEnd(11))}  ${state}${' '.repeat(enabled ? 3 : 2)}${count}${note}`);
    if (hooks.length > 0) printHookTable(out, file ?? location.file, hooks, hookWarnings);
  }
  const otherWarnings = warnings.filter((warning) => warning.hook === undefined);
  if (otherWarnings.length > 0) {
    out.line();
    out.line(style.bold('Other warnings:'));
    for (const warning of otherWarnings) out.line(`  ${problemLine(out, file ?? location.file, warning)}`);
  }
}

function printHookTable(
  out: Writer,
  file: string,
  hooks: readonly HookEntry[],
  warningsOf: (hook: HookEntry) => ConfigProblem[],
): void {
  const { style } = out;
  const header = ['#', 'NAME', 'MATCHER', 'TIMEOUT', 'ON ERROR', 'STATE'];
  const rows = hooks.map((hook) => [
    String(hook.index),
    // One printable line each, so a name cannot break the table or drive the terminal.
    shortenText(printableText(hook.name), 40),
    hook.matcher === '' ? '(any tool)' : shortenText(printableText(hook.matcher), 30),
    `${hook.timeout}s`,
    hook.onError,
    hook.enabled ? 'on' : 'off',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  const layout = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell + ' '.repeat((widths[column] ?? 0) - [...cell].length),
      )
      .join('  ');
  out.line(style.dim(`  ${layout(header)}`));
  hooks.forEach((hook, position) => {
    const line = `  ${layout(rows[position] ?? [])}`;
    out.line(hook.enabled ? line : style.dim(line));
    for (const warning of warningsOf(hook)) {
      const where = `${escapeForTerminal(file)}:${warning.line}:${warning.column}`;
      out.line(
        `  ${' '.repeat(widths[0] ?? 1)}  ${style.yellow('warning')} ${where}: ${escapeForTerminal(warning.message)}`,
      );
    }
  });
}

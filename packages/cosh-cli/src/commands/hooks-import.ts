import { accessSync, constants, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { replaceImportedHooks, resolveConfigPath } from '@cosh/config';
import type { Command } from 'commander';
import type { CliContext } from '../cli-context.ts';
import { ExitError, UsageError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { type ImportReportLine, planClaudeImport } from './claude-import-plan.ts';

/** What `cosh hooks import` was asked, as parsed by commander. */
export interface HooksImportOptions {
  readonly from: string | undefined;
  /** FILE, the settings file to read. */
  readonly file: string | undefined;
  readonly project: boolean;
  readonly local: boolean;
  readonly user: boolean;
  readonly dryRun: boolean;
  readonly json: boolean;
  readonly configPath: string | undefined;
  readonly command?: Command | undefined;
}

/** The settings file to read and the label its entries are named with (K6). */
function sourceOf(context: CliContext, options: HooksImportOptions): { file: string; label: string } {
  const chosen = [options.file !== undefined, options.project, options.local, options.user].filter(Boolean).length;
  if (chosen !== 1) {
    throw new UsageError('name exactly one source: a settings FILE, --project, --local or --user', options.command);
  }
  if (options.project) return { file: join(context.cwd, '.claude', 'settings.json'), label: 'project' };
  if (options.local) return { file: join(context.cwd, '.claude', 'settings.local.json'), label: 'local' };
  if (options.user) {
    const home = context.env['HOME'] || homedir();
    return { file: join(home, '.claude', 'settings.json'), label: 'user' };
  }
  const file = resolve(context.cwd, options.file as string);
  return { file, label: file };
}

/** Whether `name` is an executable on PATH (an interpreter a command starts). */
function onPath(env: NodeJS.ProcessEnv): (name: string) => boolean {
  const folders = (env['PATH'] ?? '').split(delimiter).filter((folder) => folder !== '');
  return (name) =>
    folders.some((folder) => {
      try {
        accessSync(join(folder, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function lineText(line: ImportReportLine): string {
  const what = { imported: 'imported', warning: 'imported, with a warning', skipped: 'skipped', error: 'error' }[
    line.status
  ];
  const command = line.command === null ? '' : `\n    command: ${escapeForTerminal(line.command)}`;
  const message = line.message === null ? '' : `: ${escapeForTerminal(line.message)}`;
  return `  ${escapeForTerminal(line.name)}: ${what}${message}${command}`;
}

/**
 * `cosh hooks import --from claude [FILE | --project | --local | --user] [--dry-run] [--json]
 * [--config F]` (K6): reads Claude Code settings and writes one `protocol: "claude"` entry per
 * command handler of PreToolUse and PostToolUse into setup.json, replacing an earlier import of the
 * same source; reports every handler. Exit 0 when written (or with `--dry-run`); 78 when the
 * settings cannot be read or hold errors (nothing written); 64 for bad usage.
 */
export async function runHooksImport(context: CliContext, options: HooksImportOptions): Promise<void> {
  if (options.from !== 'claude') {
    throw new UsageError(
      options.from === undefined
        ? "required option '--from <agent>' not specified (claude)"
        : `cannot import from '${options.from}': only --from claude is supported`,
      options.command,
    );
  }
  const source = sourceOf(context, options);
  let text: string;
  try {
    text = readFileSync(source.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? String(error));
    throw new ExitError(EXIT_CODES.config, `cosh: cannot read ${source.file}: ${why}`, { cause: error });
  }
  let settings: unknown;
  try {
    settings = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    settings = undefined;
    const why = error instanceof Error ? error.message : String(error);
    const line: ImportReportLine = { name: '(file)', status: 'error', message: `not JSON: ${why}`, command: null };
    report(context, options, source.file, null, [line], false);
    throw new ExitError(EXIT_CODES.config);
  }
  const plan = planClaudeImport(settings, source.label, onPath(context.env));
  const target = resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env }).file;
  if (plan.errorCount > 0) {
    report(context, options, source.file, target, plan.lines, false);
    throw new ExitError(EXIT_CODES.config);
  }
  let written = false;
  if (!options.dryRun) {
    await replaceImportedHooks(target, `claude:${source.label}:`, plan.entries);
    written = true;
  }
  report(context, options, source.file, target, plan.lines, written);
}

function report(
  context: CliContext,
  options: HooksImportOptions,
  source: string,
  target: string | null,
  lines: readonly ImportReportLine[],
  written: boolean,
): void {
  if (options.json) {
    context.out.write(
      `${JSON.stringify(
        {
          source,
          target,
          dry_run: options.dryRun,
          written,
          handlers: lines.map((line) => ({
            name: line.name,
            status: line.status,
            message: line.message,
            command: line.command,
          })),
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  const out = lines.some((line) => line.status === 'error') ? context.err : context.out;
  out.line(`Claude hooks in ${escapeForTerminal(source)}:`);
  if (lines.length === 0) out.line('  (no hooks)');
  for (const line of lines) out.line(lineText(line));
  const imported = lines.filter((line) => line.status === 'imported' || line.status === 'warning').length;
  if (lines.some((line) => line.status === 'error')) {
    out.line('Nothing was written: fix the errors above and import again.');
  } else if (options.dryRun) {
    out.line(
      `Dry run: ${imported} ${imported === 1 ? 'hook' : 'hooks'} would be written to ${escapeForTerminal(target ?? '')}.`,
    );
  } else if (written) {
    out.line(
      `Wrote ${imported} ${imported === 1 ? 'hook' : 'hooks'} to ${escapeForTerminal(target ?? '')}. Review and trust the change with \`cosh hooks trust\` at a terminal: until then Cosh runs the copy you last trusted (or refuses calls if there is none).`,
    );
  }
}

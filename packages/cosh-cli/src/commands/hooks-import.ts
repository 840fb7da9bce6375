import { accessSync, constants, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import {
  applyToggleToSnapshot,
  claudeProjectDirOnDisk,
  projectFileForWriting,
  replaceImportedHooks,
  resolveConfigPath,
  trustStoreFile,
} from '@cosh/config';
import type { Command } from 'commander';
import type { CliContext, Writer } from '../cli-context.ts';
import { ExitError, UsageError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { askYesNo } from '../read-terminal-line.ts';
import { refuseWhereReadOnly } from '../read-only-here.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { terminalWriter } from '../terminal-writer.ts';
import { type ImportReportLine, planClaudeImport } from './claude-import-plan.ts';

/** What `cosh hooks import` was asked, as parsed by commander. */
export interface HooksImportOptions {
  readonly from: string | undefined;
  /** FILE, the settings file to read. */
  readonly file: string | undefined;
  /** `--project`: read the project's `.claude/settings.json` and write the project file (SPEC C10, K6). */
  readonly project: boolean;
  readonly local: boolean;
  readonly user: boolean;
  readonly dryRun: boolean;
  readonly json: boolean;
  readonly configPath: string | undefined;
  readonly command?: Command | undefined;
}

/**
 * The settings file to read and the label its entries are named with (K6). No source named means
 * `--project`: the project's own Claude hooks are what people mean to bring over.
 */
function sourceOf(context: CliContext, options: HooksImportOptions): { file: string; label: string } {
  const chosen = [options.file !== undefined, options.project, options.local, options.user].filter(Boolean).length;
  if (chosen > 1) {
    throw new UsageError('name one source: a settings FILE, --project, --local or --user', options.command);
  }
  if (options.project || chosen === 0) return { file: join(context.cwd, '.claude', 'settings.json'), label: 'project' };
  if (options.local) return { file: join(context.cwd, '.claude', 'settings.local.json'), label: 'local' };
  if (options.user) {
    const home = context.env['HOME'] || homedir();
    return { file: join(home, '.claude', 'settings.json'), label: 'user' };
  }
  const file = resolve(context.cwd, options.file as string);
  return { file, label: file };
}

/**
 * The setup.json an import writes (K6): a project's Claude settings (`--project`, also when no
 * source is named, and `--local`) go to the project file, found as `hooks enable|disable
 * --project` find it; `--user` and a FILE go to the user file (`--config`'s, `COSH_CONFIG`'s or
 * the default). `--config` names the user file, so with a project source it is bad usage, as
 * `--project` with `--config` is.
 */
function targetOf(context: CliContext, options: HooksImportOptions): { file: string; layer: 'user' | 'project' } {
  const projectSource = options.project || options.local || (options.file === undefined && !options.user);
  if (projectSource) {
    if (options.configPath !== undefined) {
      const flag = options.local ? '--local' : '--project';
      throw new UsageError(
        `options '${flag}' (which writes the project file) and '--config <file>' name different files: give one`,
        options.command,
      );
    }
    return { file: projectFileForWriting(context.cwd), layer: 'project' };
  }
  const location = resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env });
  return { file: location.file, layer: 'user' };
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
 * same source (the same label); reports every handler and that the originals keep running in
 * Claude Code (bridge or import, not both). `--project`, the default, reads the project's
 * `.claude/settings.json` and `--local` its `.claude/settings.local.json`; both write the project
 * file (`.cosh/setup.json` of this folder or a parent, else created at the git top, as `hooks
 * enable|disable --project` do). `--user` and a FILE write the user file, or `--config`'s (SPEC
 * C10). A project source with `--config` is bad usage, as for the toggles.
 *
 * Importing is trusting (SPEC S4). At a controlling terminal it shows every command, asks `y/N`
 * there, and only on yes writes the file and applies the same import to the file's trusted copy,
 * as a toggle made at a terminal does (a file never trusted stays so, one the import created is
 * trusted as created, an unrelated edit stays untrusted); on anything else nothing is written
 * (exit 1, as `hooks trust` on a no). Without a terminal (a program, a hook, the agent) it writes
 * without asking and the change stays untrusted until a person accepts it with `cosh hooks trust`.
 * `--dry-run` never asks and writes nothing. Exit 0 when written (or with `--dry-run`); 78 when the
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
  // SPEC S4: not from inside the agent's sandbox, where setup.json and the store are read-only.
  refuseWhereReadOnly([targetOf(context, options).file, trustStoreFile({ env: context.env })]);
  const source = sourceOf(context, options);
  const target = targetOf(context, options);
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
    const why = error instanceof Error ? error.message : String(error);
    const line: ImportReportLine = { name: '(file)', status: 'error', message: `not JSON: ${why}`, command: null };
    const report: ImportReport = { source: source.file, target: null, layer: null, lines: [line] };
    printReport(context.err, options, report, 'failed');
    printJsonReport(context, options, report, false);
    throw new ExitError(EXIT_CODES.config);
  }
  const plan = planClaudeImport(settings, source.label, onPath(context.env));
  const report: ImportReport = { source: source.file, target: target.file, layer: target.layer, lines: plan.lines };
  if (plan.errorCount > 0) {
    printReport(context.err, options, report, 'failed');
    printJsonReport(context, options, report, false);
    throw new ExitError(EXIT_CODES.config);
  }
  if (options.dryRun) {
    printReport(context.out, options, report, 'dry-run');
    printJsonReport(context, options, report, false);
    return;
  }
  const namePrefix = `claude:${source.label}:`;
  const terminal = context.openTerminal();
  if (terminal === undefined) {
    // No person to ask: written, and untrusted until one accepts it with `cosh hooks trust`.
    await replaceImportedHooks(target.file, namePrefix, plan.entries);
    printReport(context.out, options, report, 'written-untrusted');
    printJsonReport(context, options, report, true);
    return;
  }
  try {
    // Every command is shown before the question; with --json stdout is the JSON, so they go to
    // the terminal, as `hooks trust --json` shows its diffs there.
    const shown = options.json ? terminalWriter(terminal, context.err) : context.out;
    printHandlers(shown, report);
    printNote(shown, report);
    const count = importedCount(report.lines);
    const question = `Import ${count} ${count === 1 ? 'hook' : 'hooks'} into ${escapeForTerminal(target.file)}? [y/N] `;
    if (!(await askYesNo(terminal, question))) {
      shown.line('  not imported: nothing was written');
      printJsonReport(context, options, report, false);
      throw new ExitError(1);
    }
    const change = await replaceImportedHooks(target.file, namePrefix, plan.entries);
    // A person accepted these commands at a terminal: the same import goes into the trusted copy of
    // the file written (the project file's with --project), by the path toggles take (S4: the old
    // copy plus the change). Also when the file already held them: an import written earlier
    // without a terminal is accepted now.
    const home = context.env['HOME'] || homedir();
    const trusted = await applyToggleToSnapshot(
      trustStoreFile({ env: context.env }),
      target.file,
      {
        kind: 'import',
        namePrefix,
        entries: plan.entries,
        home,
        // The folder a project file's Claude hooks get (K4): the one holding its `.cosh/`.
        claudeProjectDir: claudeProjectDirOnDisk({
          projectFolder: target.layer === 'project' ? dirname(dirname(target.file)) : null,
          cwd: context.cwd,
          env: context.env,
        }),
      },
      { created: change.created },
    );
    printOutcome(shown, report, trusted ? 'trusted' : change.changed ? 'written-untrusted' : 'unchanged');
    printJsonReport(context, options, report, true);
  } finally {
    terminal.close();
  }
}

/** What an import read and where it writes, for its report. */
interface ImportReport {
  readonly source: string;
  /** The setup.json written; `null` when the settings could not be read as JSON. */
  readonly target: string | null;
  /** The layer of `target` (SPEC C10); `null` with it. */
  readonly layer: 'user' | 'project' | null;
  readonly lines: readonly ImportReportLine[];
}

/** How an import ended, for its last line. */
type ImportEnd = 'failed' | 'dry-run' | 'unchanged' | 'trusted' | 'written-untrusted';

function importedCount(lines: readonly ImportReportLine[]): number {
  return lines.filter((line) => line.status === 'imported' || line.status === 'warning').length;
}

/** The report for people (not with `--json`): every handler, then how the import ended. */
function printReport(writer: Writer, options: HooksImportOptions, report: ImportReport, end: ImportEnd): void {
  if (options.json) return;
  printHandlers(writer, report);
  if (end !== 'failed') printNote(writer, report);
  printOutcome(writer, report, end);
}

function printHandlers(writer: Writer, report: ImportReport): void {
  writer.line(`Claude hooks in ${escapeForTerminal(report.source)}:`);
  if (report.lines.length === 0) writer.line('  (no hooks)');
  for (const line of report.lines) writer.line(lineText(line));
}

/** The note for people, after the handlers of an import that brings any. */
function printNote(writer: Writer, report: ImportReport): void {
  if (importedCount(report.lines) > 0) writer.line(escapeForTerminal(bridgeOrImportNote(report.source)));
}

/**
 * K6: importing copies the hooks, it does not move them. Claude Code still runs the originals, and
 * with `cosh connect claude` as well its bridge would run the copies too: every hook twice.
 */
function bridgeOrImportNote(source: string): string {
  return (
    `Note: the originals keep running in Claude Code (${source}). ` +
    "Import them to run them under Cosh's own hosts (cosh exec, session, mcp serve|proxy); " +
    'to guard Claude Code with Cosh, run `cosh connect claude` and remove the originals instead. ' +
    'Not both: each hook would run twice.'
  );
}

function printOutcome(writer: Writer, report: ImportReport, end: ImportEnd): void {
  const count = importedCount(report.lines);
  const hooks = `${count} ${count === 1 ? 'hook' : 'hooks'}`;
  const target = escapeForTerminal(report.target ?? '');
  switch (end) {
    case 'failed':
      writer.line('Nothing was written: fix the errors above and import again.');
      return;
    case 'dry-run':
      writer.line(`Dry run: ${hooks} would be written to ${target}.`);
      return;
    case 'unchanged':
      writer.line(`${target} already holds these ${hooks}: nothing was written.`);
      return;
    case 'trusted':
      writer.line(`Imported ${hooks} into ${target}, trusted: ${count === 1 ? 'it runs' : 'they run'} from now on.`);
      return;
    case 'written-untrusted': {
      // S5: with no trusted copy, a user file refuses every call and a project file is left out.
      const untrusted =
        report.layer === 'project' ? 'leaves the file out if there is none' : 'refuses calls if there is none';
      writer.line(
        `Wrote ${hooks} to ${target}. Review and trust the change with \`cosh hooks trust\` at a terminal: until then Cosh runs the copy you last trusted (or ${untrusted}).`,
      );
    }
  }
}

/** With `--json`: the one JSON object on stdout. */
function printJsonReport(
  context: CliContext,
  options: HooksImportOptions,
  report: ImportReport,
  written: boolean,
): void {
  if (!options.json) return;
  context.out.write(
    `${JSON.stringify(
      {
        source: report.source,
        target: report.target,
        dry_run: options.dryRun,
        written,
        ...(report.target !== null && importedCount(report.lines) > 0
          ? { note: bridgeOrImportNote(report.source) }
          : {}),
        handlers: report.lines.map((line) => ({
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
}

import {
  type ConfigLayerFile,
  type ConfigLayers,
  readConfigLayers,
  recordTrust,
  type ScriptChange,
  type TrustCandidate,
  type TrustState,
  trustStoreFile,
} from '@cosh/config';
import type { CliContext, Writer } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import type { OpenTerminal } from '../open-terminal.ts';
import { printProblems } from '../print-problems.ts';
import { refuseWhereReadOnly } from '../read-only-here.ts';
import { askYesNo } from '../read-terminal-line.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { terminalWriter } from '../terminal-writer.ts';
import { trustStateText } from '../trust-state-text.ts';
import { printJson } from './problem-json.ts';
import { scriptDiffLines, scriptNote, trustDiffLines } from './trust-diff.ts';

/** `cosh hooks trust --json`: stable, documented in the README. */
export interface HooksTrustJson {
  readonly files: readonly {
    readonly layer: 'managed' | 'user' | 'project';
    readonly path: string;
    /** The state before this command (SPEC S7). */
    readonly trust: TrustState;
    /** Trusted by this command (the person said yes, or `--yes`). */
    readonly trusted: boolean;
    /** The line diff against the trusted copy; empty when there is nothing to review. */
    readonly diff: readonly string[];
    /**
     * The scripts trusting the file would accept (SPEC S4): each new, changed or no longer named
     * script with its text now and its trusted text (`null` where none is kept), and `diff`, what
     * the person was shown: a new script in full (all `+`), a changed one as a line diff.
     */
    readonly scripts: readonly (ScriptChange & { readonly diff: readonly string[] })[];
    /** Its errors: a file with errors is not trusted. */
    readonly errors: readonly string[];
  }[];
}

/** Options of {@link runHooksTrust}. */
export interface HooksTrustOptions {
  readonly configPath: string | undefined;
  readonly noProject?: boolean | undefined;
  /** `--yes`: trust without asking; still only at a terminal. */
  readonly yes: boolean;
  readonly json: boolean;
}

/**
 * `cosh hooks trust [--config F] [--no-project] [--yes] [--json]` (SPEC S4): shows, for each
 * layer's file, its state and what changed since it was trusted (a line diff of the file, the
 * scripts that changed), asks `y/N` on the controlling terminal for each file that needs trust,
 * and records the files the person accepts. `--yes` skips the question, not the terminal: without
 * a controlling terminal nothing is ever trusted (a program, a hook or the agent cannot approve
 * its own change): exit 77 and a message. Exit 0 when every file is trusted (or needs nothing),
 * 1 when the person declined one, 78 when one has errors (a file with errors is never trusted).
 */
export async function runHooksTrust(context: CliContext, options: HooksTrustOptions): Promise<void> {
  // SPEC S4: inside the agent's sandbox the store is read-only, and a pseudo-terminal is no person.
  refuseWhereReadOnly([trustStoreFile({ env: context.env })]);
  const terminal = context.openTerminal();
  if (terminal === undefined) {
    throw new ExitError(
      EXIT_CODES.noPermission,
      'cosh hooks trust: no controlling terminal, so nothing was trusted: only a person at a terminal can give trust. Run it in your terminal.',
    );
  }
  try {
    await reviewAndTrust(context, options, terminal);
  } finally {
    terminal.close();
  }
}

/** Why a file needs a person's review: it is new, or it (or a script) changed. */
function needsReview(file: ConfigLayerFile): boolean {
  return file.layer !== 'managed' && (file.trust === 'changed' || file.trust === 'untrusted');
}

async function reviewAndTrust(context: CliContext, options: HooksTrustOptions, terminal: OpenTerminal): Promise<void> {
  // The trust store is what this command manages: COSH_TRUST=all must not hide what it holds.
  const { COSH_TRUST: _ignored, ...env } = context.env;
  const layers: ConfigLayers = await readConfigLayers({
    path: options.configPath,
    cwd: context.cwd,
    env,
    noProject: options.noProject === true,
  });
  const report: HooksTrustJson['files'][number][] = [];
  const accepted: TrustCandidate[] = [];
  let declined = false;
  let broken = false;
  // Human output goes to stdout, or to the terminal when stdout carries the JSON.
  const shown: Writer = options.json ? terminalWriter(terminal, context.err) : context.out;

  if (layers.files.length === 0) {
    shown.line(`No config file at ${escapeForTerminal(layers.locations.user.file)}: nothing to trust.`);
  }
  for (const file of layers.files) {
    const diff = needsReview(file) ? trustDiffLines(file.file, file.snapshot, file.text) : [];
    const scripts = needsReview(file)
      ? file.reviewScripts.map((script) => ({ ...script, diff: scriptDiffLines(script) }))
      : [];
    const entry = {
      layer: file.layer,
      path: file.file,
      trust: file.trust,
      trusted: false,
      diff,
      scripts,
      errors:
        file.error === null
          ? []
          : file.error.problems.map((problem) => `${problem.line}:${problem.column}: ${problem.message}`),
    };
    shown.line(`${file.layer} ${shown.style.bold(escapeForTerminal(file.file))}: ${trustStateText(file)}`);
    if (!needsReview(file)) {
      report.push(entry);
      continue;
    }
    printDiff(shown, diff);
    for (const script of scripts) printScript(shown, script);
    if (file.error !== null) {
      printProblems(context.err, file.file, file.error.problems);
      shown.line(`  not trusted: fix ${file.error.problems.length === 1 ? 'this error' : 'these errors'} first`);
      broken = true;
      report.push(entry);
      continue;
    }
    if (file.candidate === null) {
      report.push(entry);
      continue;
    }
    const yes = options.yes || (await askYesNo(terminal, `Trust ${escapeForTerminal(file.file)} as it is now? [y/N] `));
    if (yes) {
      accepted.push(file.candidate);
      report.push({ ...entry, trusted: true });
    } else {
      declined = true;
      shown.line('  not trusted');
      report.push(entry);
    }
  }
  if (accepted.length > 0) {
    await recordTrust(layers.trustStore, accepted);
    for (const candidate of accepted) {
      shown.line(`${candidate.exists ? 'Trusted' : 'Trusted the removal of'} ${escapeForTerminal(candidate.file)}`);
    }
  }
  if (options.json) printJson((text) => context.out.write(text), { files: report } satisfies HooksTrustJson);
  if (broken) throw new ExitError(EXIT_CODES.config);
  if (declined) throw new ExitError(1);
}

/**
 * One script of the review (SPEC S4): what happened to it, then a new script in full and a
 * changed one as a line diff against its trusted text, or why its text cannot be shown.
 */
function printScript(writer: Writer, script: ScriptChange & { readonly diff: readonly string[] }): void {
  const what = script.change === 'new' ? 'added' : script.change === 'missing' ? 'removed' : 'changed';
  writer.line(`  script ${what}: ${escapeForTerminal(script.path)}`);
  const note = scriptNote(script);
  if (note !== null) writer.line(`    (${note})`);
  printDiff(writer, script.diff, '    ');
}

function printDiff(writer: Writer, lines: readonly string[], indent = '  '): void {
  const { style } = writer;
  for (const line of lines) {
    const painted = line.startsWith('@@')
      ? style.cyan(line)
      : line.startsWith('+')
        ? style.green(line)
        : line.startsWith('-')
          ? style.red(line)
          : line;
    writer.line(`${indent}${painted}`);
  }
}

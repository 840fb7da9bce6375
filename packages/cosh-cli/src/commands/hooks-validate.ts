import { homedir } from 'node:os';
import {
  type ConfigLayerFile,
  ConfigError,
  type ConfigProblem,
  type CommandCheckEnvironment,
  checkHookCommands,
  mergeLayers,
  parseConfig,
  readConfigLayers,
  type TrustState,
} from '@cosh/config';
import { shellSyntaxProblem } from '@cosh/hooks';
import { type CliContext, hasControllingTerminal } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { printProblems } from '../print-problems.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { printFirstUseNotices, printIgnoredHomeUserFile } from '../trust-notices.ts';
import { printJson, type ProblemJson, problemJson } from './problem-json.ts';

/** `cosh hooks validate --json`: stable, documented in the README. */
export interface HooksValidateJson {
  /** The user file checked; null when its default location had none. */
  readonly file: string | null;
  /** True when every file is valid. */
  readonly valid: boolean;
  /** Every file's errors and warnings (each names its file). */
  readonly errors: readonly ProblemJson[];
  readonly warnings: readonly ProblemJson[];
  /** Each layer's file as it is on disk, with its trust state (SPEC S7). */
  readonly files: readonly {
    readonly layer: 'managed' | 'user' | 'project';
    readonly path: string;
    readonly trust: TrustState;
    readonly valid: boolean;
  }[];
}

/**
 * `cosh hooks validate [--config F] [--no-project] [--json]`: checks each layer's file as it is
 * on disk (SPEC C6, C10) and says its layer and trust state (S7), untrusted ones included (S5:
 * their errors do not stop a load, so this is where they show). Exit 0 when every file is valid
 * (warnings allowed), 78 when one is not; problems as `file:line:col: severity: message` on
 * stderr.
 */
export async function runHooksValidate(
  context: CliContext,
  options: {
    readonly configPath: string | undefined;
    readonly noProject?: boolean;
    readonly json: boolean;
    /** `--strict`: exit 1 on any warning (SPEC X), an invalid matcher or a missing program included. */
    readonly strict?: boolean;
  },
): Promise<void> {
  let layers: Awaited<ReturnType<typeof readConfigLayers>>;
  try {
    layers = await readConfigLayers({
      path: options.configPath,
      cwd: context.cwd,
      env: context.env,
      noProject: options.noProject === true,
      // SPEC S4: a person checking their file at a terminal trusts a new user file on first use.
      trustOnFirstUse: hasControllingTerminal(context),
    });
  } catch (error) {
    // A named file that is missing, a file or trust store that cannot be read: one error.
    if (!options.json || !ConfigError.isInstance(error)) throw error;
    const report: HooksValidateJson = {
      file: error.file,
      valid: false,
      errors: error.problems.map((problem) => problemJson(error.file, problem)),
      warnings: [],
      files: [],
    };
    printJson((text) => context.out.write(text), report);
    throw new ExitError(EXIT_CODES.config);
  }
  for (const warning of layers.trustWarnings) context.err.line(`cosh: warning: ${escapeForTerminal(warning)}`);
  printFirstUseNotices(context.err, layers);
  printIgnoredHomeUserFile(context.err, layers, context.env);
  const merged = mergeLayers(layers.layerInputs);
  const files = layers.files.filter((file) => file.exists);
  // SPEC X: each command hook's command parsed by sh -n, its program found; warnings per file.
  // Without PATH, /bin/sh looks in its default folders, as these do.
  const environment = {
    path: context.env['PATH'] ?? defaultPath,
    home: context.env['HOME'] ?? homedir(),
    shellSyntaxProblem,
  };
  const commandWarnings = new Map(files.map((file) => [file.file, commandProblems(file, environment)]));
  const problemsOf = (file: string, own: readonly ConfigProblem[]): ConfigProblem[] => [
    ...own,
    ...merged.warnings.filter((warning) => warning.file === file).map((warning) => warning.problem),
    ...(commandWarnings.get(file) ?? []),
  ];
  const valid = files.every((file) => file.error === null);
  const warned = files.some((file) =>
    problemsOf(file.file, file.problems).some((problem) => problem.severity === 'warning'),
  );
  // --strict: a warning fails the check too (exit 1), after every problem was shown.
  const strictFailure = options.strict === true && valid && warned;

  if (options.json) {
    const all = files.flatMap((file) => problemsOf(file.file, file.problems).map((problem) => ({ file, problem })));
    const report: HooksValidateJson = {
      file: files.find((file) => file.layer === 'user')?.file ?? null,
      valid,
      errors: all
        .filter(({ problem }) => problem.severity === 'error')
        .map(({ file, problem }) => problemJson(file.file, problem)),
      warnings: all
        .filter(({ problem }) => problem.severity === 'warning')
        .map(({ file, problem }) => problemJson(file.file, problem)),
      files: files.map((file) => ({
        layer: file.layer,
        path: file.file,
        trust: file.trust,
        valid: file.error === null,
      })),
    };
    printJson((text) => context.out.write(text), report);
    if (!valid) throw new ExitError(EXIT_CODES.config);
    if (strictFailure) throw new ExitError(1);
    return;
  }

  if (files.length === 0) {
    context.out.line(
      `No config file at ${escapeForTerminal(layers.locations.user.file)}: nothing to validate (no hooks).`,
    );
    return;
  }
  for (const file of files) {
    const problems = problemsOf(file.file, file.problems);
    printProblems(context.err, file.file, problems);
    const errors = problems.filter((problem) => problem.severity === 'error').length;
    const warnings = problems.filter((problem) => problem.severity === 'warning').length;
    // SPEC S7: each file with its layer and trust state, `cosh hooks list` tells what they mean.
    const name = `${escapeForTerminal(file.file)} (${file.layer}, ${file.trust})`;
    if (file.error !== null) {
      const summary = `${count(errors, 'error')}, ${count(warnings, 'warning')}`;
      context.err.line(`${name}: ${context.err.style.red('invalid')}: ${summary}`);
      continue;
    }
    const verdict = warnings === 0 ? context.out.style.green('valid') : context.out.style.yellow('valid');
    context.out.line(`${name}: ${verdict}${warnings === 0 ? '' : ` (${count(warnings, 'warning')})`}`);
  }
  if (!valid) throw new ExitError(EXIT_CODES.config);
  if (strictFailure) {
    throw new ExitError(
      1,
      'cosh hooks validate --strict: warnings count as failures (exit 1); fix them or drop --strict',
    );
  }
}

/** Where /bin/sh looks for a program when PATH is not set. */
const defaultPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** SPEC X: the command checks of a file that loads (its text as on disk); none for one with errors. */
function commandProblems(file: ConfigLayerFile, environment: CommandCheckEnvironment): ConfigProblem[] {
  if (file.error !== null || file.text === null) return [];
  const parsed = parseConfig(file.text, file.file, { layer: file.layer });
  if (!parsed.ok) return [];
  return checkHookCommands(file.text, file.file, parsed.config, environment);
}

function count(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

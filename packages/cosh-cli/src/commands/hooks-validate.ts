import { type ConfigProblem, resolveConfigPath, safeLoadConfig } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { printProblems } from '../print-problems.ts';
import { printJson, type ProblemJson, problemJson } from './problem-json.ts';

/** `cosh hooks validate --json`: stable, documented in the README. */
export interface HooksValidateJson {
  /** The file checked; null when a default location had none. */
  readonly file: string | null;
  readonly valid: boolean;
  readonly errors: readonly ProblemJson[];
  readonly warnings: readonly ProblemJson[];
}

/**
 * `cosh hooks validate [--config F] [--json]`: exit 0 when the config loads (warnings allowed),
 * 78 when it does not; problems as `file:line:col: severity: message` on stderr.
 */
export async function runHooksValidate(
  context: CliContext,
  options: { readonly configPath: string | undefined; readonly json: boolean },
): Promise<void> {
  const locationOptions = { path: options.configPath, cwd: context.cwd, env: context.env };
  const location = resolveConfigPath(locationOptions);
  const result = await safeLoadConfig(locationOptions);
  const file = result.ok ? result.value.file : result.error.file;
  const problems: readonly ConfigProblem[] = result.ok ? result.value.warnings : result.error.problems;
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');

  if (options.json) {
    const report: HooksValidateJson = {
      file,
      valid: result.ok,
      errors: errors.map((problem) => problemJson(file ?? location.file, problem)),
      warnings: warnings.map((problem) => problemJson(file ?? location.file, problem)),
    };
    printJson((text) => context.out.write(text), report);
    if (!result.ok) throw new ExitError(EXIT_CODES.config);
    return;
  }

  if (file === null) {
    context.out.line(`No config file at ${location.file}: nothing to validate (no hooks).`);
    return;
  }
  printProblems(context.err, file, problems);
  const summary = `${count(errors.length, 'error')}, ${count(warnings.length, 'warning')}`;
  if (!result.ok) {
    context.err.line(`${file}: ${context.err.style.red('invalid')}: ${summary}`);
    throw new ExitError(EXIT_CODES.config);
  }
  const verdict = warnings.length === 0 ? context.out.style.green('valid') : context.out.style.yellow('valid');
  context.out.line(`${file}: ${verdict}${warnings.length === 0 ? '' : ` (${count(warnings.length, 'warning')})`}`);
}

function count(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

// `--input` / `--input-file` of `hooks run` and `hooks explain` (SPEC X): one reading of the
// option for both, so the two commands cannot come to read an input differently.
import { readArgumentFile } from '../argument-file.ts';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, UsageError } from '../cli-errors.ts';
import { parseToolInput } from './hooks-run-input.ts';

/** The options that name an input. */
export interface InputOptions {
  readonly input?: string | undefined;
  readonly inputFile?: string | undefined;
  readonly command?: CommandName | undefined;
}

/** The JSON object of `--input` or `--input-file`, `{}` without either; bad usage (64) otherwise. */
export async function inputObjectOf(context: CliContext, options: InputOptions): Promise<Record<string, unknown>> {
  if (options.input === undefined && options.inputFile === undefined) return {};
  const { command } = options;
  const [text, source] =
    options.inputFile === undefined
      ? [options.input ?? '', '--input']
      : [
          await readArgumentFile(context, '--input-file', options.inputFile, command),
          `--input-file '${options.inputFile}'`,
        ];
  // An editor may save a byte order mark; it is not part of the JSON.
  const parsed = parseToolInput(text.replace(/^\uFEFF/, ''), source);
  if (!parsed.ok) throw new UsageError(parsed.message, command);
  return parsed.value;
}

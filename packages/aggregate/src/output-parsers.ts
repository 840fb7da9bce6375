// The readers of a hook's stdout, kept behind a seam: each holds a zod schema (hook-output-schema.ts,
// claude-output-schema.ts), and a process that starts once per tool call (`cosh hooks run`,
// `cosh claude-hook`) should not load zod when no hook printed anything, the common case of a
// guard that lets a call through.
import { isBlank } from './blank-text.ts';
import type { RunFacts } from './hook-outcome.ts';
import type { ParsedClaudeOutput } from './parse-claude-output.ts';
import type { ParsedHookOutput } from './parse-hook-output.ts';

/** How a stdout is read, per protocol: `parseHookOutput` (Cosh's, O1) and `parseClaudeOutput` (K5). */
export interface OutputParsers {
  readonly cosh: (stdout: string) => ParsedHookOutput;
  readonly claude: (stdout: string) => ParsedClaudeOutput;
}

/**
 * What `parseHookOutput` and `parseClaudeOutput` say of a blank stdout (O1: no opinion; K5: plain
 * text), without loading their schemas. Only for blank text: anything else throws, since these
 * cannot read it.
 */
const BLANK_OUTPUT_PARSERS: OutputParsers = {
  cosh: (stdout) => {
    assertBlank(stdout);
    return { kind: 'blank' };
  },
  claude: (stdout) => {
    assertBlank(stdout);
    return { kind: 'plain' };
  },
};

function assertBlank(stdout: string): void {
  if (!isBlank(stdout)) throw new Error('a stdout that is not blank needs the output parsers (outputParsersFor)');
}

/**
 * The parsers for these runs, for `interpretRunWith` and `interpretClaudeRunWith`: when every
 * stdout is blank, ones that load nothing (each reading is then what the real parser says);
 * otherwise the real ones, loaded on first use. A `null` run (a hook that did not run) prints
 * nothing.
 *
 * @example
 * const parsers = await outputParsersFor(runs);
 * const outcomes = runs.map((run, index) => interpretRunWith('PreToolUse', hooks[index], run, parsers));
 */
export function outputParsersFor(runs: readonly (Pick<RunFacts, 'stdout'> | null)[]): Promise<OutputParsers> {
  for (const run of runs) {
    if (run !== null && !isBlank(run.stdout)) {
      realParsers ??= Promise.all([import('./parse-hook-output.ts'), import('./parse-claude-output.ts')]).then(
        ([{ parseHookOutput }, { parseClaudeOutput }]) => ({ cosh: parseHookOutput, claude: parseClaudeOutput }),
      );
      return realParsers;
    }
  }
  return blankParsers;
}

/**
 * The real parsers once loaded: a host that runs for long asks on every call whose hooks printed
 * something, and even an `import()` of a module already loaded costs each of those calls about
 * 10 µs (scripts/bench.mjs, the HTTP hook row). Both answers are promises made once, so a call
 * allocates none of its own (a call to a kept process costs microseconds, R12).
 */
let realParsers: Promise<OutputParsers> | undefined;
const blankParsers: Promise<OutputParsers> = Promise.resolve(BLANK_OUTPUT_PARSERS);

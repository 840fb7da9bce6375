import type { CommandName } from './cli-errors.ts';
import {
  CLAUDE_HOOK_OPTIONS,
  GEMINI_HOOK_OPTIONS,
  HOOKS_RUN_OPTIONS,
  optionName,
  type PerCallOption,
} from './per-call-options.ts';

/**
 * A `cosh hooks run` or `cosh claude-hook` command line in its plain form, read without
 * commander: the two commands a program starts once per tool call, where commander's load and
 * set-up are a good part of the start-up. Every field means what the commander program's
 * option of the same name means (create-program.ts, hooks-run-command.ts).
 */
export type PlainCommandLine =
  | {
      readonly command: 'hooks run';
      readonly event: string;
      readonly tool: string | undefined;
      readonly input: string | undefined;
      readonly inputFile: string | undefined;
      readonly output: string | undefined;
      readonly outputFile: string | undefined;
      readonly config: string | undefined;
      /** `--no-project` given. */
      readonly noProject: boolean;
      readonly sessionId: string | undefined;
      /** `--journal <file>` (J1). */
      readonly journal: string | undefined;
      readonly json: boolean;
      readonly verbose: boolean;
      /** `--exit-code` given (X). */
      readonly exitCode: boolean;
    }
  | {
      readonly command: 'claude-hook';
      readonly config: string | undefined;
      /** `--no-project` given. */
      readonly noProject: boolean;
      /** `--client codex` (K9). */
      readonly client?: string | undefined;
    }
  | {
      readonly command: 'gemini-hook';
      readonly config: string | undefined;
      /** `--no-project` given. */
      readonly noProject: boolean;
    };

/** The flags of `options` that take a value, and the switches, each by flag, with the field it fills. */
function optionTables(options: readonly PerCallOption[]): {
  readonly values: Readonly<Record<string, string>>;
  readonly switches: Readonly<Record<string, string>>;
} {
  const values: Record<string, string> = {};
  const switches: Record<string, string> = {};
  for (const option of options) {
    const { name, takesValue } = optionName(option);
    (takesValue ? values : switches)[name] = option.field;
  }
  return { values, switches };
}

// From the one table commander's program is built from too (per-call-options.ts).
const HOOKS_RUN = optionTables(HOOKS_RUN_OPTIONS);
const CLAUDE_HOOK = optionTables(CLAUDE_HOOK_OPTIONS);
const GEMINI_HOOK = optionTables(GEMINI_HOOK_OPTIONS);

/** `cosh hooks run` and `cosh claude-hook` as usage hints name them (see usage-hint.ts). */
const program: CommandName = { name: () => 'cosh', parent: null };
const hooks: CommandName = { name: () => 'hooks', parent: program };
export const HOOKS_RUN_COMMAND: CommandName = { name: () => 'run', parent: hooks };
export const CLAUDE_HOOK_COMMAND: CommandName = { name: () => 'claude-hook', parent: program };
export const GEMINI_HOOK_COMMAND: CommandName = { name: () => 'gemini-hook', parent: program };

/**
 * `argv` (without node and script) as a {@link PlainCommandLine}, or `undefined` for anything
 * else, which the commander program then parses: other commands, `--help`, `--` , an unknown,
 * repeated or conflicting option, an option without its value, a missing or extra argument,
 * `-` for standard input. Whatever is accepted here, commander would read the same way without
 * an error, so every message and exit status stays the program's (run-plain-command.test.ts
 * compares the two on many command lines).
 */
export function parsePlainCommandLine(argv: readonly string[]): PlainCommandLine | undefined {
  if (argv[0] === 'hooks' && argv[1] === 'run') {
    const read = readOptions(argv.slice(2), HOOKS_RUN.values, HOOKS_RUN.switches);
    if (read === undefined || read.operands.length !== 1) return undefined;
    const { values, switches, operands } = read;
    // Commander refuses both of a pair (`conflicts`); `-` reads standard input, which a second
    // reading could not do again.
    const conflicting = HOOKS_RUN_OPTIONS.some(
      (option) =>
        option.conflicts !== undefined && values[option.field] !== undefined && values[option.conflicts] !== undefined,
    );
    if (conflicting) return undefined;
    if (values['inputFile'] === '-' || values['outputFile'] === '-') return undefined;
    return {
      command: 'hooks run',
      event: operands[0] as string,
      tool: values['tool'],
      input: values['input'],
      inputFile: values['inputFile'],
      output: values['output'],
      outputFile: values['outputFile'],
      config: values['config'],
      noProject: switches.has('noProject'),
      sessionId: values['sessionId'],
      journal: values['journal'],
      json: switches.has('json'),
      verbose: switches.has('verbose'),
      exitCode: switches.has('exitCode'),
    };
  }
  if (argv[0] === 'claude-hook') {
    const read = readOptions(argv.slice(1), CLAUDE_HOOK.values, CLAUDE_HOOK.switches);
    if (read === undefined || read.operands.length !== 0) return undefined;
    return {
      command: 'claude-hook',
      config: read.values['config'],
      noProject: read.switches.has('noProject'),
      client: read.values['client'],
    };
  }
  if (argv[0] === 'gemini-hook') {
    const read = readOptions(argv.slice(1), GEMINI_HOOK.values, GEMINI_HOOK.switches);
    if (read === undefined || read.operands.length !== 0) return undefined;
    return { command: 'gemini-hook', config: read.values['config'], noProject: read.switches.has('noProject') };
  }
  return undefined;
}

interface ReadOptions {
  readonly values: Record<string, string | undefined>;
  readonly switches: ReadonlySet<string>;
  readonly operands: readonly string[];
}

/**
 * The options and operands of one command's arguments, as commander reads them: options and
 * operands in any order, `--name value` and `--name=value`. `undefined` for anything this reader
 * leaves to commander, a value that starts with `-` included: commander gives `--input --json`
 * the value `--json`, but the program reads `-V` or `--version` anywhere as its own option.
 */
function readOptions(
  args: readonly string[],
  valueOptions: Readonly<Record<string, string>>,
  switchOptions: Readonly<Record<string, string>>,
): ReadOptions | undefined {
  const values: Record<string, string | undefined> = {};
  const switches = new Set<string>();
  const operands: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    // Commander's test for an option: more than a lone `-`, starting with `-`.
    if (!(arg.length > 1 && arg.startsWith('-'))) {
      operands.push(arg);
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 2 ? arg.slice(0, equals) : arg;
    if (seen.has(flag)) return undefined;
    seen.add(flag);
    const valueField = Object.hasOwn(valueOptions, flag) ? valueOptions[flag] : undefined;
    const switchField = Object.hasOwn(switchOptions, flag) ? switchOptions[flag] : undefined;
    if (valueField !== undefined) {
      const value = equals > 2 ? arg.slice(equals + 1) : args[index + 1];
      if (value === undefined || value.startsWith('-')) return undefined;
      if (equals <= 2) index += 1;
      values[valueField] = value;
    } else if (switchField !== undefined && equals <= 2) switches.add(switchField);
    // `--`, `--help`, `-h`, an unknown option, `--json=…`: commander's to read or refuse.
    else return undefined;
  }
  return { values, switches, operands };
}

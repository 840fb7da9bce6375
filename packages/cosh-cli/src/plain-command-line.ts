import type { CommandName } from './cli-errors.ts';

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
      readonly json: boolean;
      readonly verbose: boolean;
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

/** The options of `hooks run` with a value, by flag, and the field each fills. */
const HOOKS_RUN_VALUE_OPTIONS = {
  '--tool': 'tool',
  '--input': 'input',
  '--input-file': 'inputFile',
  '--output': 'output',
  '--output-file': 'outputFile',
  '--config': 'config',
  '--session-id': 'sessionId',
} as const;
const HOOKS_RUN_SWITCHES = { '--no-project': 'noProject', '--json': 'json', '--verbose': 'verbose' } as const;
const CLAUDE_HOOK_VALUE_OPTIONS = { '--config': 'config', '--client': 'client' } as const;
const CLAUDE_HOOK_SWITCHES = { '--no-project': 'noProject' } as const;
const GEMINI_HOOK_VALUE_OPTIONS = { '--config': 'config' } as const;

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
    const read = readOptions(argv.slice(2), HOOKS_RUN_VALUE_OPTIONS, HOOKS_RUN_SWITCHES);
    if (read === undefined || read.operands.length !== 1) return undefined;
    const { values, switches, operands } = read;
    // Commander refuses both of a pair (`conflicts`); `-` reads standard input, which a second
    // reading could not do again.
    if (values['input'] !== undefined && values['inputFile'] !== undefined) return undefined;
    if (values['output'] !== undefined && values['outputFile'] !== undefined) return undefined;
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
      json: switches.has('json'),
      verbose: switches.has('verbose'),
    };
  }
  if (argv[0] === 'claude-hook') {
    const read = readOptions(argv.slice(1), CLAUDE_HOOK_VALUE_OPTIONS, CLAUDE_HOOK_SWITCHES);
    if (read === undefined || read.operands.length !== 0) return undefined;
    return {
      command: 'claude-hook',
      config: read.values['config'],
      noProject: read.switches.has('noProject'),
      client: read.values['client'],
    };
  }
  if (argv[0] === 'gemini-hook') {
    const read = readOptions(argv.slice(1), GEMINI_HOOK_VALUE_OPTIONS, CLAUDE_HOOK_SWITCHES);
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

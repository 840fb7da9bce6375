import { type BridgeCommandName, bridgeCommandNamed } from './agents/bridge-commands.ts';
import type { CommandName } from './cli-errors.ts';
import { bridgeCommandOptions, HOOKS_RUN_OPTIONS, optionName, type PerCallOption } from './per-call-options.ts';

/**
 * A `cosh hooks run` or bridge command line (`cosh claude-hook`, …) in its plain form, read
 * without commander: the commands a program starts once per tool call, where commander's load and
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
      /** An agent's bridge (K8–K10). */
      readonly command: BridgeCommandName;
      readonly config: string | undefined;
      /** `--no-project` given. */
      readonly noProject: boolean;
      /** `--client <agent>`, of a command that answers more than one agent. */
      readonly client?: string | undefined;
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

/** `cosh hooks run` and the bridge commands as usage hints name them (see usage-hint.ts). */
const program: CommandName = { name: () => 'cosh', parent: null };
const hooks: CommandName = { name: () => 'hooks', parent: program };
export const HOOKS_RUN_COMMAND: CommandName = { name: () => 'run', parent: hooks };

/** The bridge command `name` as usage hints name it. */
export function bridgeCommandName(name: BridgeCommandName): CommandName {
  return { name: () => name, parent: program };
}

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
  const bridge = bridgeCommandNamed(argv[0]);
  if (bridge !== undefined) {
    const options = optionTables(bridgeCommandOptions(bridge));
    const read = readOptions(argv.slice(1), options.values, options.switches);
    if (read === undefined || read.operands.length !== 0) return undefined;
    return {
      command: bridge.name,
      config: read.values['config'],
      noProject: read.switches.has('noProject'),
      ...(bridge.agents.length > 1 ? { client: read.values['client'] } : {}),
    };
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

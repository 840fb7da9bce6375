// The options of `cosh hooks run` and the bridge commands, in one table that both readers of their
// command lines take: commander's program (hooks-run-command.ts, config-option.ts,
// session-id-option.ts, create-program.ts) and the plain reader of the per-call start
// (plain-command-line.ts), which must not load commander. An option added here is known to both;
// run-plain-command.test.ts checks that they read every command line alike.
import { AGENTS } from '@cosh/spec';
import { type BridgeCommand, bridgeCommandNamed } from './agents/bridge-commands.ts';

/** One option: its commander flags (`--tool <name>`), help text, and the field the plain reader fills. */
export interface PerCallOption {
  /** Commander's flags: `--name <value>` takes a value, `--name` is a switch. */
  readonly flags: string;
  readonly description: string;
  /** The plain command line's field (plain-command-line.ts). */
  readonly field: string;
  /** The option it cannot be given with (commander's `conflicts`), by its field. */
  readonly conflicts?: string;
}

export const CONFIG_OPTION = {
  flags: '--config <file>',
  description:
    'the setup.json to use (default: $COSH_CONFIG, else $XDG_CONFIG_HOME/cosh/setup.json, else ~/.config/cosh/setup.json)',
  field: 'config',
} as const satisfies PerCallOption;

export const NO_PROJECT_OPTION = {
  flags: '--no-project',
  description: 'leave out the project layer (.cosh/setup.json of this folder or a parent, up to the git top)',
  field: 'noProject',
} as const satisfies PerCallOption;

export const SESSION_ID_OPTION = {
  flags: '--session-id <id>',
  description: 'the session_id Claude-protocol hooks receive (default: a new UUID for this process)',
  field: 'sessionId',
} as const satisfies PerCallOption;

export const JOURNAL_OPTION = {
  flags: '--journal <file>',
  description: 'append one hash-chained line per event run to this journal (default: setup.json\'s "journal")',
  field: 'journal',
} as const satisfies PerCallOption;

/** `cosh hooks run <event>`'s options, in the order its help lists them. */
export const HOOKS_RUN_OPTIONS: readonly PerCallOption[] = [
  { flags: '--tool <name>', description: 'the tool name the matchers see (required)', field: 'tool' },
  {
    flags: '--input <json>',
    description: 'the tool input: one JSON object (default {})',
    field: 'input',
    conflicts: 'inputFile',
  },
  {
    flags: '--input-file <path>',
    description: 'read the tool input from a file',
    field: 'inputFile',
    conflicts: 'input',
  },
  {
    flags: '--output <text>',
    description: 'PostToolUse: the raw tool output (default "")',
    field: 'output',
    conflicts: 'outputFile',
  },
  {
    flags: '--output-file <path>',
    description: 'PostToolUse: read the raw tool output from a file',
    field: 'outputFile',
    conflicts: 'output',
  },
  CONFIG_OPTION,
  NO_PROJECT_OPTION,
  SESSION_ID_OPTION,
  JOURNAL_OPTION,
  {
    flags: '--json',
    description:
      "print one JSON object (the shape scripts rely on, see the README), each hook's stdout and stderr included",
    field: 'json',
  },
  {
    flags: '--verbose',
    description: "also print each hook's stdin payload, stdout and stderr (trimmed) under its row",
    field: 'verbose',
  },
  {
    flags: '--exit-code',
    description: 'exit 2 when the verdict is deny and 49 on halt, else 0 (for policy tests in CI)',
    field: 'exitCode',
  },
];

/**
 * A bridge command's options (K8–K10): `--config`, `--no-project`, and `--client <agent>` when it
 * answers more than one agent.
 */
export function bridgeCommandOptions(command: BridgeCommand): readonly PerCallOption[] {
  if (command.agents.length === 1) return [CONFIG_OPTION, NO_PROJECT_OPTION];
  const [first, ...others] = command.agents.map((agent) => `${agent} (${AGENTS[agent].label})`);
  return [
    CONFIG_OPTION,
    NO_PROJECT_OPTION,
    {
      flags: '--client <agent>',
      description: `the agent that runs it: ${first}, the default, or ${others.join(' or ')}`,
      field: 'client',
    },
  ];
}

/** `cosh claude-hook`'s options. */
export const CLAUDE_HOOK_OPTIONS: readonly PerCallOption[] = bridgeCommandOptions(
  bridgeCommandNamed('claude-hook') as BridgeCommand,
);

/** The option's long name (`--tool`), and whether it takes a value. */
export function optionName(option: PerCallOption): { readonly name: string; readonly takesValue: boolean } {
  const [name = '', value] = option.flags.split(' ');
  return { name, takesValue: value !== undefined };
}

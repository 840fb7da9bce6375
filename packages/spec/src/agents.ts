// SPEC K8–K10, E5, X (connect): the coding agents Cosh bridges into, one entry each. Their event
// names are the events table's (`EVENTS[event].agentNames`) and their tool twins the tools table's
// (`TOOLS[tool].twins`), so an agent's entry holds only what is its own: the bridge's command, its
// settings files, the unit of its hook timeout, the form of its answers and its lines in `connect --help`.

/** The agents Cosh bridges into. */
export const AGENT_NAMES = ['claude', 'codex', 'gemini'] as const;

/** One of {@link AGENT_NAMES}. */
export type AgentName = (typeof AGENT_NAMES)[number];

import type { ToolPathFields } from './path-fields.ts';

/** One settings file of an agent's: a file whose change can remove the bridge or weaken its fence (B13). */
export interface AgentSettingsFile {
  /** Its name in the agent's folder (user or project). */
  readonly name: string;
  /** What it is, for people (B8's refusal names it). */
  readonly what: string;
  /** Read only in a project's folder, never in the user's (`settings.local.json`). */
  readonly projectOnly?: true;
}

/** Where an agent keeps its settings: a folder of the user's and one in each project. */
export interface AgentSettingsFiles {
  /** The user's folder: `~/…`, or the folder an environment variable names when it is set. */
  readonly userFolder: string;
  /** An environment variable that moves the user's folder (`CODEX_HOME`) when absolute, or `null`. */
  readonly userFolderVariable: string | null;
  /** The project's folder, relative to the project. */
  readonly projectFolder: string;
  /** The file of those folders `cosh connect` writes the bridge into. */
  readonly hooks: string;
  /** Every file of those folders Cosh protects (B13), the hooks file among them. */
  readonly files: readonly AgentSettingsFile[];
  /** Its managed settings, which a repository cannot override (`cosh connect --managed`), or `null`. */
  readonly managed: string | null;
}

/** What `cosh connect --help` and `cosh disconnect --help` say of one agent (X). */
export interface AgentHelp {
  /** What `connect --fence` does for it, in the option's own line, or `null` when it does nothing. */
  readonly fenceOption: string | null;
  /**
   * Its part of the help's paragraph on the fence, as printed: its own line breaks, and a part
   * that ends its line ends with one (the next part then starts a line).
   */
  readonly fence: string;
  /** Examples of `cosh connect`: the arguments after the agent's name, and what the line does. */
  readonly connectExamples: readonly AgentHelpExample[];
  /** Examples of `cosh disconnect`, alike. */
  readonly disconnectExamples: readonly AgentHelpExample[];
}

/** One example of a command's help: the arguments after the agent's name (`--fence`), and what it does. */
export type AgentHelpExample = readonly [args: string, says: string];

/** Everything that differs between two agents, in one place. */
export interface AgentSpec {
  /** The agent's name for people (`Claude Code`). */
  readonly label: string;
  /** The `cosh` subcommand and arguments its settings run (K8–K10). */
  readonly bridgeCommand: string;
  /** Its settings files: where `cosh connect` writes, and what B13 protects. */
  readonly settingsFiles: AgentSettingsFiles;
  /** The unit of a hook timeout in its settings. */
  readonly timeoutUnit: 'seconds' | 'milliseconds';
  /** The matcher `cosh connect` writes to select every tool (`undefined`: none, which selects all). */
  readonly matchAll: string | undefined;
  /** The longest the bridge waits for the hooks, in seconds: below the agent's own timeout. */
  readonly boundSeconds: number;
  /** The hook timeout `cosh connect` writes, in seconds (above {@link AgentSpec.boundSeconds}). */
  readonly connectTimeoutSeconds: number;
  /** How its hook answers a deny and adds context (E5, K8–K10), for the docs. */
  readonly answers: string;
  /**
   * The environment variables that name the project the person opened (K8), first found wins: the
   * bridge looks for the project layer from there, else from the call's `cwd`.
   */
  readonly projectFolderVariables: readonly string[];
  /** Its own tools' path fields, by its names of them (F2; its twins of Cosh's tools are read as those). */
  readonly toolPaths: Readonly<Record<string, ToolPathFields>>;
  /** Its own file-writing tools, each with the input field that names the file (B8). */
  readonly writeTools: Readonly<Record<string, string>>;
  /** What the help of `connect` and `disconnect` says of it. */
  readonly help: AgentHelp;
}

/** Claude Code's file-writing tools, also accepted from Codex CLI (B8). */
const CLAUDE_WRITE_TOOLS = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
} as const;

/** The agents (K8–K10): their bridge, their settings files and the form of their answers. */
export const AGENTS = {
  claude: {
    label: 'Claude Code',
    bridgeCommand: 'claude-hook',
    settingsFiles: {
      userFolder: '~/.claude',
      userFolderVariable: null,
      projectFolder: '.claude',
      hooks: 'settings.json',
      files: [
        { name: 'settings.json', what: "Claude Code's settings" },
        { name: 'settings.local.json', what: "Claude Code's settings", projectOnly: true },
      ],
      managed: '/etc/claude-code/managed-settings.json',
    },
    timeoutUnit: 'seconds',
    matchAll: '*',
    boundSeconds: 895,
    connectTimeoutSeconds: 900,
    answers:
      'hookSpecificOutput.permissionDecision for a tool call; decision "block" + reason, hookSpecificOutput.additionalContext otherwise',
    projectFolderVariables: ['CLAUDE_PROJECT_DIR'],
    toolPaths: {
      Read: { fields: ['file_path'] },
      Write: { fields: ['file_path'] },
      Edit: { fields: ['file_path'] },
      MultiEdit: { fields: ['file_path'] },
      NotebookEdit: { fields: ['notebook_path'] },
      Glob: { fields: ['path'], folder: true },
      Grep: { fields: ['path'], folder: true },
    },
    writeTools: CLAUDE_WRITE_TOOLS,
    help: {
      fenceOption: 'Claude: replace sandbox settings that weaken it',
      fence: [
        "for claude, connect also writes Claude Code's",
        '"sandbox" block (enabled, failIfUnavailable, allowUnsandboxedCommands: false, filesystem.denyWrite)',
        'and "permissions"."deny" Edit(...) rules; it merges and never weakens, and reports an existing',
        '"enabled": false unless --fence. Claude Code\'s sandbox needs bwrap and socat on PATH.',
        '',
      ].join('\n'),
      connectExamples: [
        ['', 'guard Claude Code with your hooks and sandbox its Bash (~/.claude/settings.json)'],
        ['--fence', "also turn on a sandbox you switched off: Claude's Bash cannot change your guards"],
      ],
      disconnectExamples: [['', 'stop guarding Claude Code with Cosh (~/.claude/settings.json)']],
    },
  },
  codex: {
    label: 'Codex CLI',
    bridgeCommand: 'claude-hook --client codex',
    settingsFiles: {
      userFolder: '~/.codex',
      userFolderVariable: 'CODEX_HOME',
      projectFolder: '.codex',
      hooks: 'hooks.json',
      files: [
        { name: 'hooks.json', what: "Codex's hooks" },
        { name: 'config.toml', what: "Codex's settings" },
      ],
      managed: null,
    },
    timeoutUnit: 'seconds',
    matchAll: undefined,
    boundSeconds: 895,
    connectTimeoutSeconds: 900,
    answers: "Claude Code's form, as far as Codex reads it (K9)",
    projectFolderVariables: ['CLAUDE_PROJECT_DIR'],
    // `apply_patch` is read as Codex reads its patch (PATCH_TOOLS, B8). `read_file` is Codex's
    // `path` and Gemini's `absolute_path`: both are read.
    toolPaths: { read_file: { fields: ['path', 'absolute_path', 'file_path'] } },
    writeTools: CLAUDE_WRITE_TOOLS,
    help: {
      fenceOption: 'Codex: write a permission profile',
      fence: [
        'For codex, --fence writes the permission profile "cosh" into config.toml (and removes a sandbox_mode,',
        'which would override it).',
      ].join('\n'),
      connectExamples: [
        ['--fence', 'wire Codex and write its permission profile into ~/.codex/config.toml'],
        ['--dry-run', 'show what would be written to ~/.codex/hooks.json'],
      ],
      disconnectExamples: [['--project', "remove the bridge from this folder's .codex/hooks.json"]],
    },
  },
  gemini: {
    label: 'Gemini CLI',
    bridgeCommand: 'gemini-hook',
    settingsFiles: {
      userFolder: '~/.gemini',
      userFolderVariable: null,
      projectFolder: '.gemini',
      hooks: 'settings.json',
      files: [{ name: 'settings.json', what: "Gemini CLI's settings" }],
      managed: null,
    },
    timeoutUnit: 'milliseconds',
    matchAll: '*',
    // Below Gemini CLI's own 60 s hook timeout, which lets the call through (K10).
    boundSeconds: 55,
    connectTimeoutSeconds: 60,
    answers: 'decision "deny" + reason, hookSpecificOutput.additionalContext, continue: false + stopReason (K10)',
    projectFolderVariables: ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
    toolPaths: {
      read_file: { fields: ['absolute_path', 'path', 'file_path'] },
      write_file: { fields: ['file_path'] },
      replace: { fields: ['file_path'] },
      read_many_files: { fields: ['paths'] },
    },
    writeTools: { write_file: 'file_path', replace: 'file_path' },
    help: {
      fenceOption: null,
      fence: 'Gemini CLI can only be fenced by its own tools.sandbox: connect reports it.',
      connectExamples: [['--check', 'exit 1 unless Gemini CLI runs cosh gemini-hook and its shell is sandboxed']],
      disconnectExamples: [],
    },
  },
} as const satisfies Record<AgentName, AgentSpec>;

/** Whether `value` names an agent exactly. */
export function isAgentName(value: unknown): value is AgentName {
  return typeof value === 'string' && Object.hasOwn(AGENTS, value);
}

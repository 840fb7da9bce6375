// The real agents that `pnpm test:clients` drives, one table entry each: where the installed
// agent is (the repository's clients/ folder, its own lockfile), how to point it at the fake model API, how to run one
// prompt non-interactively, and how Cosh is wired into its settings.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anthropicMessages } from './anthropic-messages.ts';
import type { ModelProtocol, ScriptedToolCall } from './fake-model-api.ts';

export type AgentName = 'claude';

/** What a test needs to know of one agent. */
export interface AgentSpec {
  /** The program and the arguments before the prompt's. */
  readonly command: (prompt: string) => { readonly executable: string; readonly args: readonly string[] };
  readonly protocol: ModelProtocol;
  /** The environment that points it at the fake model API at `origin`, offline. */
  readonly env: (origin: string) => Record<string, string>;
  /** Writes the Cosh bridge into the agent's user settings under `home` (what `cosh connect` does). */
  readonly connect: (home: string, cosh: string) => Promise<void>;
  /** The file that wiring wrote, for a test that breaks it on purpose. */
  readonly settingsFile: (home: string) => string;
  /** The agent's tool call that runs a shell command. */
  readonly shellCall: (command: string) => ScriptedToolCall;
}

const agentsFolder = fileURLToPath(new URL('../../../../clients/', import.meta.url));
/** An installed agent's file, under the repository's clients/node_modules (clients/install.mjs). */
export const installed = (path: string): string => join(agentsFolder, 'node_modules', path);

/** The committed bin shim of the built Cosh, as `cosh connect` names it: an absolute path. */
export const coshBin = fileURLToPath(new URL('../../bin/cosh.js', import.meta.url));

/**
 * SPEC K8's fail-closed hook command: when `cosh` itself cannot start (gone, or no `node` for its
 * shim) the shell's exit 2 with a message on stderr still blocks the call, where a bare
 * `cosh claude-hook` would exit 127, which agents read as "carry on".
 */
export function failClosedCommand(cosh: string, bridge: 'claude-hook' | 'gemini-hook', args = ''): string {
  const call = `${cosh} ${bridge}${args === '' ? '' : ` ${args}`}`;
  return `${call} || { echo 'cosh ${bridge} failed' >&2; exit 2; }`;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

const claudeSettings = (home: string) => join(home, '.claude', 'settings.json');

export const agents = {
  claude: {
    command: (prompt) => ({
      executable: installed('@anthropic-ai/claude-code/bin/claude.exe'),
      // acceptEdits: Claude runs file edits and, inside its working folder, commands that only
      // create or remove files (`rm -rf victim` included) without asking; root may not use
      // --dangerously-skip-permissions.
      args: ['-p', prompt, '--permission-mode', 'acceptEdits', '--output-format', 'json'],
    }),
    protocol: anthropicMessages,
    env: (origin) => ({
      ANTHROPIC_BASE_URL: origin,
      ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-tests',
      // No telemetry, error reports, update checks or feature flags: nothing but the model API.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      SHELL: '/bin/bash',
    }),
    connect: async (home, cosh) => {
      const hook = { type: 'command', command: failClosedCommand(cosh, 'claude-hook'), timeout: 120 };
      await writeJson(claudeSettings(home), {
        hooks: {
          PreToolUse: [{ matcher: '*', hooks: [hook] }],
          PostToolUse: [{ matcher: '*', hooks: [hook] }],
        },
      });
    },
    settingsFile: claudeSettings,
    shellCall: (command) => ({ name: 'Bash', input: { command, description: 'run a command' } }),
  },
} satisfies Record<AgentName, AgentSpec>;

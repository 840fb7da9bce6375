// The real agents that `pnpm test:clients` drives, one table entry each: where the installed
// agent is (the repository's clients/ folder, its own lockfile), how to point it at the fake model API, how to run one
// prompt non-interactively, and how Cosh is wired into its settings.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { anthropicMessages } from './anthropic-messages.ts';
import type { ModelProtocol, ScriptedToolCall } from './fake-model-api.ts';
import { geminiGenerateContent } from './gemini-generate-content.ts';
import { openaiResponses } from './openai-responses.ts';

export type AgentName = 'claude' | 'codex' | 'gemini';

/** What a test needs to know of one agent. */
export interface AgentSpec {
  /** The program and the arguments before the prompt's. */
  readonly command: (prompt: string) => { readonly executable: string; readonly args: readonly string[] };
  readonly protocol: ModelProtocol;
  /** The environment that points it at the fake model API at `origin`, offline. */
  readonly env: (origin: string, home: string) => Record<string, string>;
  /** Writes the agent's own settings for an offline run against `origin` (before `connect`). */
  readonly prepare?: (home: string, origin: string) => Promise<void>;
  /** Wires the Cosh bridge into the agent's user settings under `home`: the built `cosh connect <agent> [args]`. */
  readonly connect: (home: string, cosh: string, args?: readonly string[]) => Promise<void>;
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

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

const claudeSettings = (home: string) => join(home, '.claude', 'settings.json');
const codexHome = (home: string) => join(home, '.codex');
const geminiSettings = (home: string) => join(home, '.gemini', 'settings.json');

/** Runs the built `cosh connect <agent>` with `home` as HOME (X): what a person runs once. */
async function coshConnect(agent: AgentName, home: string, cosh: string, args: readonly string[] = []): Promise<void> {
  await promisify(execFile)(process.execPath, [cosh, 'connect', agent, ...args], {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home, CODEX_HOME: codexHome(home) },
  });
}

export const agents: Readonly<Record<AgentName, AgentSpec>> = {
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
    connect: (home, cosh, args) => coshConnect('claude', home, cosh, args),
    settingsFile: claudeSettings,
    shellCall: (command) => ({ name: 'Bash', input: { command, description: 'run a command' } }),
  },
  codex: {
    command: (prompt) => ({
      executable: installed('@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex'),
      // exec: one prompt, no terminal. Codex's own approvals and sandbox are off, so what stops a
      // call is Cosh alone. --dangerously-bypass-hook-trust: Codex skips a hook nobody trusted in
      // its /hooks screen; that trust is a hash Codex keeps of each hook in config.toml, written by
      // its screen, and this flag is Codex's own switch for automation that vets its hooks itself
      // (here: the hooks `cosh connect codex` wrote). A person runs /hooks once instead.
      args: [
        'exec',
        '--skip-git-repo-check',
        '--dangerously-bypass-approvals-and-sandbox',
        '--dangerously-bypass-hook-trust',
        prompt,
      ],
    }),
    protocol: openaiResponses,
    env: (_origin, home) => ({ CODEX_HOME: codexHome(home), FAKE_MODEL_API_KEY: 'fake-key-for-tests' }),
    prepare: async (home, origin) => {
      await mkdir(codexHome(home), { recursive: true });
      // A model provider of its own at the fake API; no update check, no telemetry.
      await writeFile(
        join(codexHome(home), 'config.toml'),
        [
          'model = "gpt-fake"',
          'model_provider = "fake"',
          'check_for_update_on_startup = false',
          '[analytics]',
          'enabled = false',
          '[model_providers.fake]',
          'name = "fake"',
          `base_url = "${origin}/v1"`,
          'wire_api = "responses"',
          'env_key = "FAKE_MODEL_API_KEY"',
          '',
        ].join('\n'),
      );
    },
    connect: (home, cosh, args) => coshConnect('codex', home, cosh, args),
    settingsFile: (home) => join(codexHome(home), 'hooks.json'),
    shellCall: (command) => ({ name: 'exec_command', input: { cmd: command } }),
  },
  gemini: {
    command: (prompt) => ({
      executable: process.execPath,
      // -m: a fixed model, so no routing requests; yolo: Gemini's own approval is off, so what
      // stops a call is Cosh alone.
      args: [
        installed('@google/gemini-cli/bundle/gemini.js'),
        '-p',
        prompt,
        '--approval-mode',
        'yolo',
        '--output-format',
        'json',
        '-m',
        'gemini-2.5-flash',
      ],
    }),
    protocol: geminiGenerateContent,
    env: (origin) => ({
      GEMINI_API_KEY: 'fake-key-for-tests',
      GOOGLE_GEMINI_BASE_URL: origin,
      // One process, not a relaunched child with a larger heap: half the start-up.
      GEMINI_CLI_NO_RELAUNCH: 'true',
    }),
    prepare: async (home) => {
      // The API key's auth without the login dialog; every folder trusted (yolo holds); no
      // statistics, telemetry or update checks.
      await writeJson(geminiSettings(home), {
        security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { disableAutoUpdate: true, disableUpdateNag: true },
      });
    },
    connect: (home, cosh, args) => coshConnect('gemini', home, cosh, args),
    settingsFile: geminiSettings,
    shellCall: (command) => ({ name: 'run_shell_command', input: { command } }),
  },
};

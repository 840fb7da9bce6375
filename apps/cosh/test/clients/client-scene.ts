// One run of a real agent against the fake model API, wired to the built Cosh, in a folder of
// its own: `home` (the agent's and Cosh's settings, a temporary HOME), `project` (the agent's
// working folder, holding `victim/keep`, the folder the model asks to remove) and `bin`.
import { access, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HookEvent } from '@cosh/config';
import { TRUST_ALL_ENV } from '@cosh/test-utils';
import { type AgentName, agents, coshBin } from './agents.ts';
import { type FakeModelApi, type ScriptedToolCall, startFakeModelApi } from './fake-model-api.ts';
import { type AgentRun, runAgent } from './run-agent.ts';

/** One Cosh hook entry of setup.json (SPEC C). */
export interface CoshHook {
  readonly matcher?: string;
  readonly command: string;
}

export interface SceneOptions {
  /** The tool calls the fake model makes, in order. */
  readonly calls: readonly ScriptedToolCall[];
  /** Cosh's user setup.json: its hooks by event, or the file's text as is; absent: no file. */
  readonly setup?: { readonly [Event in HookEvent]?: CoshHook[] } | string;
  /** Changes to the agent's environment (undefined removes a name, e.g. `COSH_TRUST`). */
  readonly env?: Record<string, string | undefined>;
  /** Whether to wire Cosh into the agent (default true). */
  readonly connect?: boolean;
  /**
   * `false`: the wiring without the fence `cosh connect claude` writes beside the hooks (B9), for
   * a test of the agent's own permission system, which Claude's sandbox changes (it auto-allows a
   * sandboxed command); `true`: `cosh connect <agent> --fence`. Default: as `cosh connect <agent>` writes it.
   */
  readonly fence?: boolean;
  /** Changes the wired settings file's text (e.g. to name a Cosh that is gone). */
  readonly editSettings?: (text: string) => string;
  /** Files to create in the project, by relative path. */
  readonly files?: Record<string, string>;
}

export interface SceneResult {
  readonly run: AgentRun;
  readonly api: FakeModelApi;
  readonly project: string;
  readonly home: string;
  /** Whether `path` (relative to the project) exists after the run. */
  exists(path: string): Promise<boolean>;
  /** A project file's text after the run. */
  read(path: string): Promise<string>;
}

/** The time one agent run may take: a few seconds normally, far more on a loaded machine. */
const RUN_LIMIT_MS = 90_000;

/** The prompt every run gets; the fake model's script decides what happens. */
export const PROMPT = 'Do what the fake model scripted.';

/**
 * A `bin` folder holding only the shells: a PATH without `node`, on which Cosh's `#!/usr/bin/env
 * node` shim cannot start (exit 127), while the agents, started by absolute path, still run.
 */
export async function shellsOnlyBin(folder: string): Promise<string> {
  const bin = join(folder, 'bin-without-node');
  await mkdir(bin, { recursive: true });
  for (const shell of ['sh', 'bash']) await symlink(`/bin/${shell}`, join(bin, shell));
  // Claude Code's sandbox (B9, as cosh connect writes it) starts only with both on PATH.
  for (const program of ['bwrap', 'socat']) await symlink(`/usr/bin/${program}`, join(bin, program));
  return bin;
}

/** The agent's working folder in a scene made in `folder`. */
export const projectFolder = (folder: string): string => join(folder, 'project');

/** Runs `agent` once in `folder` (empty, the test's own) as `options` say, and returns what happened. */
export async function runScene(agentName: AgentName, folder: string, options: SceneOptions): Promise<SceneResult> {
  const agent = agents[agentName];
  const home = join(folder, 'home');
  const project = projectFolder(folder);
  await mkdir(join(project, 'victim'), { recursive: true });
  await writeFile(join(project, 'victim', 'keep'), 'the model asks to remove this folder\n');
  for (const [path, text] of Object.entries(options.files ?? {})) await writeFile(join(project, path), text);
  await mkdir(home, { recursive: true });
  if (options.setup !== undefined) {
    const file = join(home, '.config', 'cosh', 'setup.json');
    await mkdir(join(home, '.config', 'cosh'), { recursive: true });
    await writeFile(file, typeof options.setup === 'string' ? options.setup : JSON.stringify({ hooks: options.setup }));
  }
  const api = await startFakeModelApi(agent.protocol, options.calls);
  try {
    await agent.prepare?.(home, api.origin);
    if (options.connect !== false) {
      await agent.connect(home, coshBin, options.fence === true ? ['--fence'] : []);
      if (options.fence === false) {
        const settings = agent.settingsFile(home);
        const { sandbox: _sandbox, permissions: _permissions, ...rest } = JSON.parse(await readFile(settings, 'utf8'));
        await writeFile(settings, `${JSON.stringify(rest, null, 2)}\n`);
      }
      if (options.editSettings !== undefined) {
        const settings = agent.settingsFile(home);
        await writeFile(settings, options.editSettings(await readFile(settings, 'utf8')));
      }
    }
    const env = Object.fromEntries(
      Object.entries({
        PATH: '/usr/local/bin:/usr/bin:/bin',
        HOME: home,
        LANG: 'C.UTF-8',
        ...TRUST_ALL_ENV,
        ...agent.env(api.origin, home),
        ...options.env,
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const { executable, args } = agent.command(PROMPT);
    const run = await runAgent(executable, args, { cwd: project, env, timeoutMs: RUN_LIMIT_MS });
    return {
      run,
      api,
      project,
      home,
      exists: (path) =>
        access(join(project, path)).then(
          () => true,
          () => false,
        ),
      read: (path) => readFile(join(project, path), 'utf8'),
    };
  } finally {
    await api.close();
  }
}

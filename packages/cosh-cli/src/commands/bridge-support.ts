// What the agent bridges share (every agent's hook command, SPEC K8–K10): the agent's stdin read
// within a bound, the project layer found from the project the person opened, the load warnings
// kept for the answer's `systemMessage`, and an answer time that no hook can stretch past the
// agent's own hook timeout.
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { HookEvent, HooksConfig } from '@cosh/config';
import { AGENT_NAMES, AGENTS, type AgentName } from '@cosh/spec';
import type { CliContext, Writer } from '../cli-context.ts';
import { type CommandConfig, loadCommandConfig } from '../load-command-config.ts';

/** Most bytes of an agent's stdin read: a written file's content is in it, but more is a mistake. */
const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/** Seconds a bridge waits beyond its longest hook timeout before it denies (K8). */
export const BRIDGE_GRACE_SECONDS = 5;

/**
 * The longest a bridge takes, whatever its hooks' timeouts say, per agent (`AGENTS[agent].boundSeconds`):
 * below the hook timeout `cosh connect` writes for that agent (`AGENTS[agent].connectTimeoutSeconds`),
 * so the agent's own timeout (which lets the call through) never decides.
 */
export const BRIDGE_MAX_BOUND_SECONDS = perAgent((agent) => AGENTS[agent].boundSeconds);

/** An agent a bridge answers (K8–K10). */
export type BridgeClient = AgentName;

function perAgent<Value>(entryOf: (agent: AgentName) => Value): Readonly<Record<AgentName, Value>> {
  return Object.fromEntries(AGENT_NAMES.map((agent) => [agent, entryOf(agent)])) as Record<AgentName, Value>;
}

/** The agent's stdin as text; throws past {@link MAX_STDIN_BYTES}. */
export async function readBridgeStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_STDIN_BYTES) throw new Error(`stdin is larger than ${MAX_STDIN_BYTES / 1024 / 1024} MiB`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isFolder(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/**
 * Where the project layer is looked for (K8): the project the person opened, as the agent names it
 * in the environment (the first of `names` set to an absolute path of an existing folder), else the
 * call's `cwd`. Starting at the project's root means a `.git` or `.cosh/` that appears below it (a
 * nested clone the agent made) never hides the root's project file.
 */
export function bridgeProjectFrom(env: NodeJS.ProcessEnv, cwd: string, names: readonly string[]): string {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '' && isAbsolute(value) && isFolder(value)) return value;
  }
  return cwd;
}

/** A writer that passes everything on and keeps each line, for the answer's `systemMessage`. */
function keepingWriter(writer: Writer, kept: string[]): Writer {
  let pending = '';
  const keep = (text: string): void => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    kept.push(...lines.filter((line) => line.trim() !== ''));
  };
  return {
    write: (text) => {
      writer.write(text);
      keep(text);
    },
    line: (text = '') => {
      writer.line(text);
      keep(`${text}\n`);
    },
    get style() {
      return writer.style;
    },
    get isTTY() {
      return writer.isTTY;
    },
    get columns() {
      return writer.columns;
    },
  };
}

/** The hooks a bridge runs, and the warnings a person must see (K8). */
export interface BridgeConfig {
  readonly loaded: CommandConfig;
  /**
   * Every warning the load printed on stderr (an untrusted project file not loaded, a changed file
   * whose snapshot runs, no sandbox, `COSH_TRUST=all`, a file's own warnings): also the answer's
   * `systemMessage`, since agents show a hook's stderr to nobody.
   */
  readonly warnings: readonly string[];
  /** Where the project layer was looked for (K8): with the payload's cwd, the bridge's working tree (B12). */
  readonly projectFrom: string;
}

/**
 * Loads every layer, trust checked (C10, S), as `loadCommandConfig` does for all commands, the
 * project layer looked for from `projectFrom`; what it prints on stderr is kept as well.
 */
export async function loadBridgeConfig(
  context: CliContext,
  options: {
    readonly configPath: string | undefined;
    readonly noProject?: boolean | undefined;
    readonly projectFrom: string;
  },
): Promise<BridgeConfig> {
  const warnings: string[] = [];
  const loaded = await loadCommandConfig(
    { ...context, err: keepingWriter(context.err, warnings) },
    {
      configPath: options.configPath,
      noProject: options.noProject,
      workingFolder: options.projectFrom,
      warnings: 'stderr',
      validationCache: true,
    },
  );
  return { loaded, warnings, projectFrom: options.projectFrom };
}

/**
 * How long the bridge may take for `event` (K8): the longest timeout among the event's hooks that
 * run, plus {@link BRIDGE_GRACE_SECONDS}, at most the agent's bound. In milliseconds.
 */
export function bridgeBoundMs(config: HooksConfig, event: HookEvent, client: BridgeClient): number {
  let longest = 0;
  for (const entry of config.hooks[event]) if (entry.off === null) longest = Math.max(longest, entry.timeout);
  return Math.min(longest + BRIDGE_GRACE_SECONDS, BRIDGE_MAX_BOUND_SECONDS[client]) * 1000;
}

/** A deadline that can be moved: `expired` settles when it passes (never earlier). */
export interface BridgeDeadline {
  readonly expired: Promise<'expired'>;
  /** Moves the deadline to `ms` after `startedAt` (the process's start). */
  setBound(ms: number): void;
  /** The bound in force, in milliseconds from the start. */
  readonly boundMs: number;
  /** When it passes, in milliseconds since the epoch. */
  readonly endsAt: number;
  cancel(): void;
}

/** A deadline `ms` after `startedAt`; its timer never keeps the process alive. */
export function createBridgeDeadline(startedAt: number, ms: number): BridgeDeadline {
  let timer: NodeJS.Timeout | undefined;
  let settle: (value: 'expired') => void = () => {};
  let boundMs = ms;
  const expired = new Promise<'expired'>((resolve) => {
    settle = resolve;
  });
  const arm = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => settle('expired'), Math.max(0, startedAt + boundMs - Date.now()));
    timer.unref();
  };
  arm();
  return {
    expired,
    setBound(next) {
      boundMs = next;
      arm();
    },
    get boundMs() {
      return boundMs;
    },
    get endsAt() {
      return startedAt + boundMs;
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/** The text of a bridge's answer when its deadline passed (K8: a deny naming the cause). */
export function deadlineProblem(command: string, boundMs: number): string {
  return `${sessionDeadlineProblem(command, boundMs)}, so the call is denied`;
}

/** The text of a bridge's answer to a session event when its deadline passed (nothing is held for it). */
export function sessionDeadlineProblem(command: string, boundMs: number): string {
  return `${command}: the Cosh hooks did not answer within ${Math.round(boundMs / 1000)} s (the longest hook timeout plus ${BRIDGE_GRACE_SECONDS} s)`;
}

import { mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import {
  coshCacheFolder,
  editJsonText,
  type JsonTextEdit,
  readJsonText,
  resolveConfigPath,
  trustStoreFile,
  writeFileAtomically,
} from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { CONNECT_HOOK_TIMEOUT_SECONDS } from './bridge-support.ts';

/** The agents `cosh connect` wires (X). */
export const CONNECT_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type ConnectAgent = (typeof CONNECT_AGENTS)[number];

/** What `cosh connect` was asked. */
export interface ConnectOptions {
  readonly agent: string;
  readonly user: boolean;
  readonly project: boolean;
  readonly dryRun: boolean;
  readonly check: boolean;
  readonly command: CommandName;
}

type Scope = 'user' | 'project';

/** How one agent is wired: its settings file, its events, the bridge's hook entry. */
interface AgentWiring {
  readonly label: string;
  /** The agent's settings file holding its hooks. */
  file(scope: Scope, env: NodeJS.ProcessEnv, cwd: string): string;
  /** The agent's names of PreToolUse and PostToolUse. */
  readonly events: readonly [string, string];
  /** The bridge's subcommand and arguments after the path of cosh. */
  readonly bridge: string;
  /** The hook timeout written, in the agent's unit. */
  readonly timeout: number;
  /** The matcher written (`undefined`: none, which matches every tool). */
  readonly matcher: string | undefined;
  /** What the person must still do in the agent. */
  readonly todo: readonly string[];
}

function homeOf(env: NodeJS.ProcessEnv): string {
  return env['HOME'] || homedir();
}

const WIRINGS: Readonly<Record<ConnectAgent, AgentWiring>> = {
  claude: {
    label: 'Claude Code',
    file: (scope, env, cwd) =>
      scope === 'user' ? join(homeOf(env), '.claude', 'settings.json') : join(cwd, '.claude', 'settings.json'),
    events: ['PreToolUse', 'PostToolUse'],
    bridge: 'claude-hook',
    timeout: CONNECT_HOOK_TIMEOUT_SECONDS.claude,
    matcher: '*',
    todo: [
      'Claude Code reads its settings when a session starts: start a new session (or review the hook with /hooks).',
      'Remove any Claude Code hook you also imported into setup.json (cosh hooks import): bridged and imported, it runs twice.',
    ],
  },
  codex: {
    label: 'Codex CLI',
    file: (scope, env, cwd) => {
      const codexHome = env['CODEX_HOME'];
      const home = codexHome !== undefined && isAbsolute(codexHome) ? codexHome : join(homeOf(env), '.codex');
      return scope === 'user' ? join(home, 'hooks.json') : join(cwd, '.codex', 'hooks.json');
    },
    events: ['PreToolUse', 'PostToolUse'],
    bridge: 'claude-hook --client codex',
    timeout: CONNECT_HOOK_TIMEOUT_SECONDS.codex,
    matcher: undefined,
    todo: [
      'Codex CLI skips a new hook until you trust it: start codex, open /hooks and trust the cosh hooks. Until then, Codex is NOT guarded.',
      'A project .codex/hooks.json is read only in a project Codex trusts.',
    ],
  },
  gemini: {
    label: 'Gemini CLI',
    file: (scope, env, cwd) =>
      scope === 'user' ? join(homeOf(env), '.gemini', 'settings.json') : join(cwd, '.gemini', 'settings.json'),
    events: ['BeforeTool', 'AfterTool'],
    bridge: 'gemini-hook',
    // Gemini counts hook timeouts in milliseconds.
    timeout: CONNECT_HOOK_TIMEOUT_SECONDS.gemini * 1000,
    matcher: '*',
    todo: [
      'Gemini CLI reads its settings when it starts: restart it, and check the hooks with /hooks panel.',
      'Project hooks (.gemini/settings.json) run only in a folder Gemini CLI trusts.',
    ],
  },
};

/** Quotes one word for a POSIX shell, only when it needs it. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The real path of the running `cosh` (SPEC B13): the installed package's `bin/cosh.js`, never a
 * link such as a project's `node_modules/.bin/cosh`, which the agent's shell can replace in the
 * working tree (the bridge would then run the agent's program); the package's folder is protected.
 */
export function coshPath(script: string | undefined = process.argv[1]): string {
  if (script === undefined || script === '') return 'cosh';
  try {
    return realpathSync(script);
  } catch {
    return resolve(script);
  }
}

/** The file a write changes: a settings file kept as a link (dotfiles) is written where it points. */
function writtenFile(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * K8's fail-closed hook command: the bridge by its absolute path, and a block with a message when
 * it cannot start or crashes (some agents ignore an exit 2 with nothing on stderr).
 */
export function bridgeCommand(agent: ConnectAgent, cosh: string): string {
  const wiring = WIRINGS[agent];
  const name = wiring.bridge.split(' ')[0] as string;
  return `${shellQuote(cosh)} ${wiring.bridge} || { echo 'cosh ${name} failed' >&2; exit 2; }`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A hook handler that is a Cosh bridge, whatever its path or form. */
function isBridgeHandler(handler: unknown, agent: ConnectAgent): boolean {
  if (!isRecord(handler) || typeof handler['command'] !== 'string') return false;
  const name = (WIRINGS[agent].bridge.split(' ')[0] as string).replace('-', '\\-');
  return new RegExp(`(^|[\\s/'"])cosh(\\.js)?['"]?\\s+${name}(\\s|$)`).test(handler['command']);
}

function handlerFor(agent: ConnectAgent, cosh: string): Record<string, unknown> {
  const wiring = WIRINGS[agent];
  return {
    type: 'command',
    ...(agent === 'gemini' ? { name: 'cosh' } : {}),
    command: bridgeCommand(agent, cosh),
    timeout: wiring.timeout,
  };
}

function matchesEveryTool(matcher: unknown): boolean {
  return matcher === undefined || matcher === '' || matcher === '*';
}

/** What wiring one event takes: nothing, replacing a stale bridge handler, or a new group. */
function eventEdits(
  hooks: Record<string, unknown>,
  event: string,
  agent: ConnectAgent,
  cosh: string,
): { wired: boolean; edits: JsonTextEdit[] } {
  const wanted = handlerFor(agent, cosh);
  const groups = hooks[event];
  const group: Record<string, unknown> = {
    ...(WIRINGS[agent].matcher === undefined ? {} : { matcher: WIRINGS[agent].matcher }),
    hooks: [wanted],
  };
  if (groups === undefined) return { wired: false, edits: [{ path: ['hooks', event], value: [group] }] };
  if (!Array.isArray(groups)) {
    throw new ExitError(
      1,
      `cosh connect: "hooks"."${event}" is not a list in the agent's settings: fix it by hand first`,
    );
  }
  for (const [index, each] of groups.entries()) {
    if (!isRecord(each) || !Array.isArray(each['hooks'])) continue;
    for (const [position, handler] of each['hooks'].entries()) {
      if (!isBridgeHandler(handler, agent)) continue;
      const exact =
        isRecord(handler) &&
        handler['command'] === wanted['command'] &&
        handler['timeout'] === wanted['timeout'] &&
        handler['type'] === 'command' &&
        matchesEveryTool(each['matcher']);
      if (exact) return { wired: true, edits: [] };
      const edits: JsonTextEdit[] = [{ path: ['hooks', event, index, 'hooks', position], value: wanted }];
      if (!matchesEveryTool(each['matcher']))
        edits.push({ path: ['hooks', event, index, 'matcher'], value: WIRINGS[agent].matcher });
      return { wired: false, edits };
    }
  }
  return { wired: false, edits: [{ path: ['hooks', event, groups.length], value: group, insert: true }] };
}

/** The sandbox settings that keep Cosh's own files out of reach of Claude Code's Bash (B2). */
function claudeSandboxAdvice(context: CliContext): string[] {
  const env = context.env;
  const folders = [
    dirname(resolveConfigPath({ cwd: context.cwd, env }).file),
    '/etc/cosh',
    dirname(trustStoreFile({ env })),
    coshCacheFolder({ env }),
    join(context.cwd, '.cosh'),
  ];
  const settings = { sandbox: { enabled: true, filesystem: { denyWrite: [...new Set(folders)] } } };
  return [
    "Keep Cosh's own files (setup.json folders, its trust store and caches) unwritable to Claude Code's Bash,",
    'or a command the model runs could change the hooks that guard it. Add to ~/.claude/settings.json:',
    ...JSON.stringify(settings, null, 2)
      .split('\n')
      .map((line) => `  ${line}`),
  ];
}

function readSettings(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new ExitError(1, `cosh connect: cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * `cosh connect claude|codex|gemini [--user | --project] [--dry-run] [--check]` (X): writes the
 * bridge (K8–K10) into the agent's own settings file for both tool events, by the absolute path of
 * cosh, with a hook timeout above the bridge's bound and K8's fail-closed form; the file's other
 * content, comments and order kept; running it again changes nothing. `--check` exits 1 when the
 * agent is not wired; `--dry-run` prints the change and writes nothing.
 */
export async function runConnect(context: CliContext, options: ConnectOptions): Promise<void> {
  if (!(CONNECT_AGENTS as readonly string[]).includes(options.agent)) {
    throw new UsageError(
      `unknown agent ${JSON.stringify(options.agent)}: expected one of ${CONNECT_AGENTS.join(', ')}`,
      options.command,
    );
  }
  if (options.user && options.project)
    throw new UsageError('--user and --project name different files: give one', options.command);
  if (options.dryRun && options.check)
    throw new UsageError('--dry-run and --check do different things: give one', options.command);
  const agent = options.agent as ConnectAgent;
  const wiring = WIRINGS[agent];
  const scope: Scope = options.project ? 'project' : 'user';
  const file = wiring.file(scope, context.env, context.cwd);
  const text = readSettings(file);
  const read = readJsonText(text, file);
  if (!read.ok) throw new ExitError(1, `cosh connect: ${read.problem}: fix the file by hand first`);
  if (!isRecord(read.value)) throw new ExitError(1, `cosh connect: ${file} is not a JSON object`);
  const hooks = read.value['hooks'] ?? {};
  if (!isRecord(hooks)) throw new ExitError(1, `cosh connect: "hooks" in ${file} is not an object`);

  const cosh = coshPath();
  const planned = wiring.events.map((event) => ({ event, ...eventEdits(hooks, event, agent, cosh) }));
  const missing = planned.filter((each) => !each.wired);

  if (options.check) {
    if (missing.length === 0) {
      context.out.line(`${wiring.label} is wired to Cosh in ${file} (${wiring.events.join(', ')}).`);
      return;
    }
    throw new ExitError(
      1,
      `${wiring.label} is not wired to Cosh in ${file}: ${missing.map((each) => each.event).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no cosh ${wiring.bridge} hook of this cosh. Run: cosh connect ${agent}${scope === 'project' ? ' --project' : ''}`,
    );
  }

  if (missing.length === 0) {
    context.out.line(`${wiring.label} is already wired to Cosh in ${file}: nothing to change.`);
  } else {
    const edits = missing.flatMap((each) => each.edits);
    const next = editJsonText(
      text,
      read.value['hooks'] === undefined ? [{ path: ['hooks'], value: {} }, ...edits] : edits,
    );
    if (options.dryRun) {
      context.out.line(`cosh connect ${agent} would write ${file}:`);
      for (const each of missing) context.out.line(`  ${each.event}: ${bridgeCommand(agent, cosh)}`);
      context.out.line('');
      context.out.write(next.endsWith('\n') ? next : `${next}\n`);
      return;
    }
    mkdirSync(dirname(file), { recursive: true });
    await writeFileAtomically(writtenFile(file), next.endsWith('\n') ? next : `${next}\n`);
    context.out.line(`Wired ${wiring.label} to Cosh in ${file} (${missing.map((each) => each.event).join(', ')}):`);
    context.out.line(`  ${bridgeCommand(agent, cosh)}`);
  }
  context.out.line('');
  context.out.line('Still to do:');
  for (const line of wiring.todo) context.out.line(`- ${line}`);
  context.out.line(`- Check it: cosh connect ${agent}${scope === 'project' ? ' --project' : ''} --check`);
  if (agent === 'claude') {
    context.out.line('');
    for (const line of claudeSandboxAdvice(context)) context.out.line(line);
  }
}

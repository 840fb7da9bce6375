import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { type JsonTextEdit, readJsonText, suggestClosest, writeFileAtomically } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { checkClaudeShapes } from '../client-fence/claude-fence.ts';
import { CLAUDE_MANAGED_SETTINGS, checkClientFence } from '../client-fence/client-fence-check.ts';
import { readConnectRecord, recordChanges, writeConnectRecord } from '../client-fence/fence-record.ts';
import { planClaudeSettingsFence, planCodexConfigFence, reportFence, settingsText } from './connect-fence.ts';
import { CONNECT_HOOK_TIMEOUT_SECONDS } from './bridge-support.ts';
import { agentSessionEvents } from './bridge-session-event.ts';

/** The agents `cosh connect` wires (X). */
export const CONNECT_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type ConnectAgent = (typeof CONNECT_AGENTS)[number];

/** The agent named on the command line, or a usage error with C4's "did you mean". */
export function connectAgentOf(name: string, command: CommandName): ConnectAgent {
  if ((CONNECT_AGENTS as readonly string[]).includes(name)) return name as ConnectAgent;
  const closest = suggestClosest(name, CONNECT_AGENTS);
  throw new UsageError(
    `unknown agent ${JSON.stringify(name)}: expected one of ${CONNECT_AGENTS.join(', ')}${closest === undefined ? '' : ` (did you mean "${closest}"?)`}`,
    command,
  );
}

/** What `cosh connect` was asked. */
export interface ConnectOptions {
  readonly agent: string;
  readonly user: boolean;
  readonly project: boolean;
  readonly dryRun: boolean;
  readonly check: boolean;
  /** `--fence` (B9): also replace settings that weaken the fence; Codex: write its permission profile. */
  readonly fence?: boolean;
  /** `--managed` (B9, as root): Claude Code's managed settings, which a repository cannot override. */
  readonly managed?: boolean;
  readonly command: CommandName;
}

type Scope = 'user' | 'project';

/** How one agent is wired: its settings file, its events, the bridge's hook entry. */
interface AgentWiring {
  readonly label: string;
  /** The agent's settings file holding its hooks. */
  file(scope: Scope, env: NodeJS.ProcessEnv, cwd: string): string;
  /**
   * Every event of the agent's that Cosh runs (E5): its names of PreToolUse and PostToolUse, then
   * of the session events it has (UserPromptSubmit, SessionStart, Stop, SessionEnd).
   */
  readonly events: readonly string[];
  /** The agent's names of the tool events: the only ones whose group gets {@link AgentWiring.matcher}. */
  readonly toolEvents: readonly [string, string];
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

export const WIRINGS: Readonly<Record<ConnectAgent, AgentWiring>> = {
  claude: {
    label: 'Claude Code',
    file: (scope, env, cwd) =>
      scope === 'user' ? join(homeOf(env), '.claude', 'settings.json') : join(cwd, '.claude', 'settings.json'),
    events: ['PreToolUse', 'PostToolUse', ...Object.keys(agentSessionEvents('claude'))],
    toolEvents: ['PreToolUse', 'PostToolUse'],
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
    events: ['PreToolUse', 'PostToolUse', ...Object.keys(agentSessionEvents('codex'))],
    toolEvents: ['PreToolUse', 'PostToolUse'],
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
    events: ['BeforeTool', 'AfterTool', ...Object.keys(agentSessionEvents('gemini'))],
    toolEvents: ['BeforeTool', 'AfterTool'],
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
export function writtenFile(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Whether `event` (the agent's name) is one of its tool events, which a bridge guards fail-closed. */
function isToolEvent(agent: ConnectAgent, event: string): boolean {
  return WIRINGS[agent].toolEvents.includes(event);
}

/**
 * The hook command of `event`: the bridge by its absolute path, and a message on stderr when it
 * cannot start or crashes (some agents ignore an exit with nothing on stderr). On a tool event it
 * is K8's fail-closed form (exit 2: the agent blocks the call); on a session event it exits 1, which
 * Claude Code, Codex CLI and Gemini CLI show as an error and go on: a Cosh that cannot start must
 * not block every prompt, or hold every stop, of the session (E5).
 */
export function bridgeCommand(agent: ConnectAgent, cosh: string, event: string = WIRINGS[agent].toolEvents[0]): string {
  const wiring = WIRINGS[agent];
  const name = wiring.bridge.split(' ')[0] as string;
  const status = isToolEvent(agent, event) ? 2 : 1;
  return `${shellQuote(cosh)} ${wiring.bridge} || { echo 'cosh ${name} failed' >&2; exit ${status}; }`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A hook handler that is a Cosh bridge, whatever its path or form. */
export function isBridgeHandler(handler: unknown, agent: ConnectAgent): boolean {
  if (!isRecord(handler) || typeof handler['command'] !== 'string') return false;
  const name = (WIRINGS[agent].bridge.split(' ')[0] as string).replace('-', '\\-');
  return new RegExp(`(^|[\\s/'"])cosh(\\.js)?['"]?\\s+${name}(\\s|$)`).test(handler['command']);
}

function handlerFor(agent: ConnectAgent, cosh: string, event: string): Record<string, unknown> {
  const wiring = WIRINGS[agent];
  return {
    type: 'command',
    ...(agent === 'gemini' ? { name: 'cosh' } : {}),
    command: bridgeCommand(agent, cosh, event),
    timeout: wiring.timeout,
  };
}

/**
 * The matcher written for `event`: the agent's "every tool" on a tool event; none on a session
 * event (no matcher runs it for every prompt, stop, start and end, E1–E4).
 */
function matcherFor(agent: ConnectAgent, event: string): string | undefined {
  return isToolEvent(agent, event) ? WIRINGS[agent].matcher : undefined;
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
  const wanted = handlerFor(agent, cosh, event);
  const groups = hooks[event];
  const group: Record<string, unknown> = {
    ...(matcherFor(agent, event) === undefined ? {} : { matcher: matcherFor(agent, event) }),
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
        edits.push({ path: ['hooks', event, index, 'matcher'], value: matcherFor(agent, event) });
      return { wired: false, edits };
    }
  }
  return { wired: false, edits: [{ path: ['hooks', event, groups.length], value: group, insert: true }] };
}

/** The hook commands written for `events`, each with the events it went under, in order. */
function commandsOf(agent: ConnectAgent, cosh: string, events: readonly { event: string }[]): Map<string, string[]> {
  const commands = new Map<string, string[]>();
  for (const { event } of events) {
    const command = bridgeCommand(agent, cosh, event);
    commands.set(command, [...(commands.get(command) ?? []), event]);
  }
  return commands;
}

export function readSettings(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new ExitError(1, `cosh connect: cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * `cosh connect claude|codex|gemini [--user | --project] [--dry-run] [--check]` (X): writes the
 * bridge (K8–K10) into the agent's own settings file for every event it has (its two tool events and
 * its session events, E5), by the absolute path of
 * cosh, with a hook timeout above the bridge's bound and K8's fail-closed form; the file's other
 * content, comments and order kept; running it again changes nothing. `--check` exits 1 when the
 * agent is not wired; `--dry-run` prints the change and writes nothing.
 */
export async function runConnect(context: CliContext, options: ConnectOptions): Promise<void> {
  const agent = connectAgentOf(options.agent, options.command);
  if (options.user && options.project)
    throw new UsageError('--user and --project name different files: give one', options.command);
  if (options.dryRun && options.check)
    throw new UsageError('--dry-run and --check do different things: give one', options.command);
  if (options.managed === true && agent !== 'claude')
    throw new UsageError("--managed is for claude only (Claude Code's managed settings)", options.command);
  if (options.managed === true && (options.user || options.project))
    throw new UsageError('--managed names its own file: give it without --user or --project', options.command);
  const wiring = WIRINGS[agent];
  const scope: Scope = options.project ? 'project' : 'user';
  const file = options.managed === true ? CLAUDE_MANAGED_SETTINGS : wiring.file(scope, context.env, context.cwd);
  if (options.managed === true && !options.check && process.getuid?.() !== 0)
    throw new ExitError(1, `cosh connect: --managed writes ${CLAUDE_MANAGED_SETTINGS}: run it as root`);
  const text = readSettings(file);
  const read = readJsonText(text, file);
  if (!read.ok) throw new ExitError(1, `cosh connect: ${read.problem}: fix the file by hand first`);
  if (!isRecord(read.value))
    throw new ExitError(1, `cosh connect: ${file}:1:1: the settings are not a JSON object: fix the file by hand first`);
  const hooks = read.value['hooks'] ?? {};
  if (!isRecord(hooks)) throw new ExitError(1, `cosh connect: "hooks" in ${file} is not an object`);
  if (agent === 'claude') {
    try {
      checkClaudeShapes(text, file, read.value);
    } catch (error) {
      throw new ExitError(1, `cosh connect: ${(error as Error).message}`);
    }
  }

  const cosh = coshPath();
  const planned = wiring.events.map((event) => ({ event, ...eventEdits(hooks, event, agent, cosh) }));
  const missing = planned.filter((each) => !each.wired);

  const scopeFlag = options.managed === true ? ' --managed' : scope === 'project' ? ' --project' : '';
  if (options.check) {
    const fence = checkClientFence(agent, context.env, context.cwd);
    const lines: string[] = [];
    if (missing.length === 0) lines.push(`${wiring.label} is wired to Cosh in ${file} (${wiring.events.join(', ')}).`);
    else
      lines.push(
        `${wiring.label} is not wired to Cosh in ${file}: ${missing.map((each) => each.event).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no cosh ${wiring.bridge} hook of this cosh. Run: cosh connect ${agent}${scopeFlag}`,
      );
    if (fence.fenced) lines.push(`${wiring.label}'s shell is fenced: it cannot change Cosh's files.`);
    else {
      lines.push(`${wiring.label}'s shell is not fenced: it can change your guards.`);
      for (const reason of fence.reasons) lines.push(`  - ${reason}`);
      if (agent !== 'gemini') lines.push(`  Run: cosh connect ${agent} --fence`);
    }
    if (missing.length === 0 && fence.fenced) {
      for (const line of lines) context.out.line(line);
      return;
    }
    throw new ExitError(1, lines.join('\n'));
  }

  const fencePlan = agent === 'claude' ? planClaudeSettingsFence(context, read.value, file, scope, options) : null;
  const codexPlan = agent === 'codex' && options.fence === true ? planCodexConfigFence(context.env) : null;
  const hookEdits = missing.flatMap((each) => each.edits);
  const edits = [...hookEdits, ...(fencePlan?.edits ?? [])];
  const next = edits.length === 0 ? null : settingsText(text, edits);
  if (options.dryRun) {
    if (next === null && codexPlan?.text == null) {
      context.out.line(`${wiring.label} is already wired to Cosh in ${file}: nothing to change.`);
      return;
    }
    if (next !== null) {
      context.out.line(`cosh connect ${agent} would write ${file}:`);
      for (const each of missing) context.out.line(`  ${each.event}: ${bridgeCommand(agent, cosh, each.event)}`);
      context.out.line('');
      context.out.write(next);
    }
    if (codexPlan !== null && codexPlan.text !== null) {
      context.out.line(`cosh connect codex --fence would write ${codexPlan.file}:`);
      context.out.line('');
      context.out.write(codexPlan.text);
    }
    return;
  }
  const record = readConnectRecord(context.env);
  if (next === null) {
    context.out.line(`${wiring.label} is already wired to Cosh in ${file}: nothing to change.`);
  } else {
    const target = writtenFile(file);
    const created = text === '' && !existsSync(target);
    mkdirSync(dirname(file), { recursive: true });
    await writeFileAtomically(target, next);
    recordChanges(record, target, created, { json: fencePlan?.changes ?? [] });
    if (missing.length > 0) {
      context.out.line(`Wired ${wiring.label} to Cosh in ${file}:`);
      for (const [command, events] of commandsOf(agent, cosh, missing))
        context.out.line(`  ${events.join(', ')}:\n    ${command}`);
    } else {
      context.out.line(`${wiring.label} is already wired to Cosh in ${file}.`);
    }
    if (fencePlan !== null && fencePlan.changes.length > 0)
      context.out.line(`Fenced Claude Code's shell and file tools in ${file}: "sandbox" and "permissions"."deny".`);
  }
  if (codexPlan !== null && codexPlan.text !== null) {
    const target = writtenFile(codexPlan.file);
    const created = !existsSync(target);
    mkdirSync(dirname(codexPlan.file), { recursive: true });
    await writeFileAtomically(target, codexPlan.text);
    recordChanges(record, target, created, {
      removedLines: codexPlan.removedLines,
      ...(codexPlan.replacedDefaultPermissions === undefined
        ? {}
        : { replacedDefaultPermissions: codexPlan.replacedDefaultPermissions }),
    });
    context.out.line(`Fenced Codex's shell in ${codexPlan.file}: permission profile "cosh".`);
    for (const line of codexPlan.removedLines)
      context.out.line(`  removed ${line} (it would override the profile; cosh disconnect codex puts it back)`);
  }
  await writeConnectRecord(context.env, record);
  reportFence(context, agent, fencePlan?.kept ?? []);
  context.out.line('');
  context.out.line('Still to do:');
  for (const line of wiring.todo) context.out.line(`- ${line}`);
  context.out.line(`- Check it: cosh connect ${agent}${scopeFlag} --check`);
  if (agent === 'gemini' && options.fence === true)
    throw new ExitError(
      1,
      'cosh connect gemini --fence: Gemini CLI\'s shell can only be fenced by its own "tools"."sandbox" (a container image, or sandbox-exec on macOS): Cosh wrote the hooks, not a fence',
    );
}

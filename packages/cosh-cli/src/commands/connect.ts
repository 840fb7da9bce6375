import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type JsonTextEdit, readJsonText, suggestClosest, writeFileAtomically } from '@cosh/config';
import {
  AGENT_NAMES,
  AGENTS,
  type AgentName,
  agentEventNames,
  HOOK_EVENTS,
  isAgentName,
  TOOL_EVENTS,
} from '@cosh/spec';
import type { AgentConnection } from '../agents/agent-connection.ts';
import { agentHooksFile, type SettingsScope } from '../agents/agent-settings-files.ts';
import { bridgeCommandWord } from '../agents/bridge-commands.ts';
import { loadAgentConnection } from '../agents/load-agent-bridge.ts';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { readConnectRecord, recordChanges, writeConnectRecord } from '../client-fence/fence-record.ts';
import { reportFence, settingsText } from './connect-fence.ts';

/** The agent named on the command line, or a usage error with C4's "did you mean". */
export function connectAgentOf(name: string, command: CommandName): AgentName {
  if (isAgentName(name)) return name;
  const closest = suggestClosest(name, AGENT_NAMES);
  throw new UsageError(
    `unknown agent ${JSON.stringify(name)}: expected one of ${AGENT_NAMES.join(', ')}${closest === undefined ? '' : ` (did you mean "${closest}"?)`}`,
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
  /** `--fence` (B9): also replace settings that weaken the fence, or write the agent's own fence file. */
  readonly fence?: boolean;
  /** `--managed` (B9, as root): the agent's managed settings, which a repository cannot override. */
  readonly managed?: boolean;
  readonly command: CommandName;
}

/**
 * Every event of the agent's that Cosh runs (E5), by its own names: its PreToolUse and
 * PostToolUse, then the session events it has (UserPromptSubmit, SessionStart, Stop, SessionEnd).
 */
export function wiredEvents(agent: AgentName): string[] {
  return Object.keys(agentEventNames(agent, HOOK_EVENTS));
}

/** The hook timeout connect writes, in the agent's unit. */
function hookTimeout(agent: AgentName): number {
  const { connectTimeoutSeconds, timeoutUnit } = AGENTS[agent];
  return timeoutUnit === 'milliseconds' ? connectTimeoutSeconds * 1000 : connectTimeoutSeconds;
}

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
function isToolEvent(agent: AgentName, event: string): boolean {
  return Object.hasOwn(agentEventNames(agent, TOOL_EVENTS), event);
}

/**
 * The hook command of `event`: the bridge by its absolute path, and a message on stderr when it
 * cannot start or crashes (some agents ignore an exit with nothing on stderr). On a tool event it
 * is K8's fail-closed form (exit 2: the agent blocks the call); on a session event it exits 1, which
 * every agent of `AGENTS` shows as an error and goes on (a new agent must too): a Cosh that cannot
 * start must not block every prompt, or hold every stop, of the session (E5).
 */
export function bridgeCommand(agent: AgentName, cosh: string, event: string = wiredEvents(agent)[0] as string): string {
  const status = isToolEvent(agent, event) ? 2 : 1;
  return `${shellQuote(cosh)} ${AGENTS[agent].bridgeCommand} || { echo 'cosh ${bridgeCommandWord(agent)} failed' >&2; exit ${status}; }`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A hook handler that is a Cosh bridge, whatever its path or form. */
export function isBridgeHandler(handler: unknown, agent: AgentName): boolean {
  if (!isRecord(handler) || typeof handler['command'] !== 'string') return false;
  const name = bridgeCommandWord(agent).replace('-', '\\-');
  return new RegExp(`(^|[\\s/'"])cosh(\\.js)?['"]?\\s+${name}(\\s|$)`).test(handler['command']);
}

function handlerFor(
  connection: AgentConnection,
  agent: AgentName,
  cosh: string,
  event: string,
): Record<string, unknown> {
  return {
    type: 'command',
    ...connection.handlerFields,
    command: bridgeCommand(agent, cosh, event),
    timeout: hookTimeout(agent),
  };
}

/**
 * The matcher written for `event`: the agent's "every tool" on a tool event; none on a session
 * event (no matcher runs it for every prompt, stop, start and end, E1–E4).
 */
function matcherFor(agent: AgentName, event: string): string | undefined {
  return isToolEvent(agent, event) ? AGENTS[agent].matchAll : undefined;
}

function matchesEveryTool(matcher: unknown): boolean {
  return matcher === undefined || matcher === '' || matcher === '*';
}

/** What wiring one event takes: nothing, replacing a stale bridge handler, or a new group. */
function eventEdits(
  hooks: Record<string, unknown>,
  event: string,
  connection: AgentConnection,
  agent: AgentName,
  cosh: string,
): { wired: boolean; edits: JsonTextEdit[] } {
  const wanted = handlerFor(connection, agent, cosh, event);
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
function commandsOf(agent: AgentName, cosh: string, events: readonly { event: string }[]): Map<string, string[]> {
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
 * `cosh connect <agent> [--user | --project] [--dry-run] [--check]` (X): writes the
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
  const managed = options.managed === true ? managedSettingsOf(agent, options.command) : null;
  if (managed !== null && (options.user || options.project))
    throw new UsageError('--managed names its own file: give it without --user or --project', options.command);
  const { label } = AGENTS[agent];
  const connection = await loadAgentConnection(agent);
  const events = wiredEvents(agent);
  const scope: SettingsScope = options.project ? 'project' : 'user';
  const file = managed ?? agentHooksFile(agent, scope, context.env, context.cwd);
  if (managed !== null && !options.check && process.getuid?.() !== 0)
    throw new ExitError(1, `cosh connect: --managed writes ${managed}: run it as root`);
  const text = readSettings(file);
  const read = readJsonText(text, file);
  if (!read.ok) throw new ExitError(1, `cosh connect: ${read.problem}: fix the file by hand first`);
  if (!isRecord(read.value))
    throw new ExitError(1, `cosh connect: ${file}:1:1: the settings are not a JSON object: fix the file by hand first`);
  const hooks = read.value['hooks'] ?? {};
  if (!isRecord(hooks)) throw new ExitError(1, `cosh connect: "hooks" in ${file} is not an object`);
  try {
    connection.checkSettings(text, file, read.value);
  } catch (error) {
    throw new ExitError(1, `cosh connect: ${(error as Error).message}`);
  }

  const cosh = coshPath();
  const planned = events.map((event) => ({ event, ...eventEdits(hooks, event, connection, agent, cosh) }));
  const missing = planned.filter((each) => !each.wired);

  const scopeFlag = managed !== null ? ' --managed' : scope === 'project' ? ' --project' : '';
  if (options.check) {
    const fence = connection.checkFence(context.env, context.cwd);
    const lines: string[] = [];
    if (missing.length === 0) lines.push(`${label} is wired to Cosh in ${file} (${events.join(', ')}).`);
    else
      lines.push(
        `${label} is not wired to Cosh in ${file}: ${missing.map((each) => each.event).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no cosh ${AGENTS[agent].bridgeCommand} hook of this cosh. Run: cosh connect ${agent}${scopeFlag}`,
      );
    if (fence.fenced) lines.push(`${label}'s shell is fenced: it cannot change Cosh's files.`);
    else {
      lines.push(`${label}'s shell is not fenced: it can change your guards.`);
      for (const reason of fence.reasons) lines.push(`  - ${reason}`);
      if (connection.checkAdvice !== null) lines.push(connection.checkAdvice);
    }
    if (missing.length === 0 && fence.fenced) {
      for (const line of lines) context.out.line(line);
      return;
    }
    throw new ExitError(1, lines.join('\n'));
  }

  const fenceRequest = { fence: options.fence === true, managed: managed !== null };
  const fencePlan = connection.planSettingsFence(context, read.value, file, scope, fenceRequest);
  const configPlan = options.fence === true ? (connection.configFence?.plan(context.env) ?? null) : null;
  const hookEdits = missing.flatMap((each) => each.edits);
  const edits = [...hookEdits, ...(fencePlan?.edits ?? [])];
  const next = edits.length === 0 ? null : settingsText(text, edits);
  if (options.dryRun) {
    if (next === null && configPlan?.text == null) {
      context.out.line(`${label} is already wired to Cosh in ${file}: nothing to change.`);
      return;
    }
    if (next !== null) {
      context.out.line(`cosh connect ${agent} would write ${file}:`);
      for (const each of missing) context.out.line(`  ${each.event}: ${bridgeCommand(agent, cosh, each.event)}`);
      context.out.line('');
      context.out.write(next);
    }
    if (configPlan !== null && configPlan.text !== null) {
      context.out.line(`cosh connect ${agent} --fence would write ${configPlan.file}:`);
      context.out.line('');
      context.out.write(configPlan.text);
    }
    return;
  }
  const record = readConnectRecord(context.env);
  if (next === null) {
    context.out.line(`${label} is already wired to Cosh in ${file}: nothing to change.`);
  } else {
    const target = writtenFile(file);
    const created = text === '' && !existsSync(target);
    mkdirSync(dirname(file), { recursive: true });
    await writeFileAtomically(target, next);
    recordChanges(record, target, created, { json: fencePlan?.changes ?? [] });
    if (missing.length > 0) {
      context.out.line(`Wired ${label} to Cosh in ${file}:`);
      for (const [command, events] of commandsOf(agent, cosh, missing))
        context.out.line(`  ${events.join(', ')}:\n    ${command}`);
    } else {
      context.out.line(`${label} is already wired to Cosh in ${file}.`);
    }
    if (fencePlan !== null && fencePlan.changes.length > 0) context.out.line(fencePlan.done);
  }
  if (configPlan !== null && configPlan.text !== null) {
    const target = writtenFile(configPlan.file);
    const created = !existsSync(target);
    mkdirSync(dirname(configPlan.file), { recursive: true });
    await writeFileAtomically(target, configPlan.text);
    recordChanges(record, target, created, { restore: configPlan.restore });
    for (const line of configPlan.done) context.out.line(line);
  }
  await writeConnectRecord(context.env, record);
  reportFence(context, connection, fencePlan?.kept ?? []);
  context.out.line('');
  context.out.line('Still to do:');
  for (const line of connection.todo) context.out.line(`- ${line}`);
  context.out.line(`- Check it: cosh connect ${agent}${scopeFlag} --check`);
  if (connection.fenceRefusal !== null && options.fence === true) throw new ExitError(1, connection.fenceRefusal);
}

/** The managed settings `--managed` writes, or a usage error naming the agents that have them. */
function managedSettingsOf(agent: AgentName, command: CommandName): string {
  const managed = AGENTS[agent].settingsFiles.managed;
  if (managed !== null) return managed;
  const having = AGENT_NAMES.filter((each) => AGENTS[each].settingsFiles.managed !== null);
  throw new UsageError(
    `--managed is for ${having.join(', ')} only (${having.map((each) => `${AGENTS[each].label}'s`).join(', ')} managed settings)`,
    command,
  );
}

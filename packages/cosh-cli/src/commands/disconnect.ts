// `cosh disconnect <agent> [--user | --project]` (SPEC X, fourth round): removes
// exactly what `cosh connect` added (its bridge hook entries, recognised by their command, and the
// fence keys recorded in connect.json), puts back what `--fence` replaced, and removes a settings
// file `connect` created once nothing else is left in it. Everything else in the file stays.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { editJsonText, type JsonTextEdit, readJsonText, writeFileAtomically } from '@cosh/config';
import type { CliContext } from '../cli-context.ts';
import { type CommandName, ExitError, UsageError } from '../cli-errors.ts';
import { AGENTS, type AgentName } from '@cosh/spec';
import { agentHooksFile } from '../agents/agent-settings-files.ts';
import { loadAgentConnection } from '../agents/load-agent-bridge.ts';
import {
  type FileRecord,
  type JsonFenceChange,
  readConnectRecord,
  writeConnectRecord,
} from '../client-fence/fence-record.ts';
import { connectAgentOf, isBridgeHandler, readSettings, wiredEvents, writtenFile } from './connect.ts';

/** What `cosh disconnect` was asked. */
export interface DisconnectOptions {
  readonly agent: string;
  readonly user: boolean;
  readonly project: boolean;
  readonly command: CommandName;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Path = readonly (string | number)[];

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && typeof key === 'string') current = current[key];
    else return undefined;
  }
  return current;
}

/** The next edit that removes one bridge handler (and the group, event and `hooks` it leaves empty). */
function nextHookRemoval(value: unknown, agent: AgentName): JsonTextEdit | null {
  const hooks = isRecord(value) ? value['hooks'] : undefined;
  if (!isRecord(hooks)) return null;
  for (const event of wiredEvents(agent)) {
    const groups = hooks[event];
    if (!Array.isArray(groups)) continue;
    for (const [index, group] of groups.entries()) {
      if (!isRecord(group) || !Array.isArray(group['hooks'])) continue;
      const position = group['hooks'].findIndex((handler) => isBridgeHandler(handler, agent));
      if (position < 0) continue;
      if (group['hooks'].length > 1) return { path: ['hooks', event, index, 'hooks', position], value: undefined };
      if (groups.length > 1) return { path: ['hooks', event, index], value: undefined };
      if (Object.keys(hooks).length > 1) return { path: ['hooks', event], value: undefined };
      return { path: ['hooks'], value: undefined };
    }
  }
  return null;
}

/** The next edit that undoes one recorded fence change, `null` when none is left to undo. */
function nextFenceUndo(value: unknown, changes: readonly JsonFenceChange[]): JsonTextEdit | null {
  for (const change of changes) {
    if (change.kind === 'container') continue;
    const current = valueAt(value, change.path);
    if (change.kind === 'element') {
      const index = Array.isArray(current) ? current.indexOf(change.value) : -1;
      if (index >= 0) return { path: [...change.path, index], value: undefined };
    } else if (change.kind === 'set') {
      if (current !== undefined && isDeepStrictEqual(current, change.value))
        return { path: [...change.path], value: undefined };
    } else if (isDeepStrictEqual(current, change.value)) {
      return { path: [...change.path], value: change.previous };
    }
  }
  // Containers connect created and that are now empty, the deepest first.
  const containers = changes
    .filter((change) => change.kind === 'container')
    .sort((a, b) => b.path.length - a.path.length);
  for (const change of containers) {
    const current = valueAt(value, change.path);
    const empty = Array.isArray(current)
      ? current.length === 0
      : isRecord(current) && Object.keys(current).length === 0;
    if (empty) return { path: [...change.path], value: undefined };
  }
  return null;
}

/** The JSON settings text with what connect added removed. */
function disconnectJson(text: string, file: string, agent: AgentName, record: FileRecord | undefined): string {
  let current = text;
  // Each edit is planned on the text as it is then: at most one step per recorded change, plus hooks.
  for (let step = 0; step < 10_000; step += 1) {
    const read = readJsonText(current, file);
    if (!read.ok) throw new ExitError(1, `cosh disconnect: ${read.problem}: fix the file by hand first`);
    const edit =
      nextHookRemoval(read.value, agent) ?? (record === undefined ? null : nextFenceUndo(read.value, record.json));
    if (edit === null) return current;
    // A replaced value is put back once: the change is done.
    if (record !== undefined && edit.value !== undefined)
      record.json = record.json.filter(
        (change) => !(change.kind === 'replaced' && change.path.join('\0') === edit.path.join('\0')),
      );
    current = editJsonText(current, [edit]);
  }
  return current;
}

/** `cosh disconnect <agent> [--user | --project]`. */
export async function runDisconnect(context: CliContext, options: DisconnectOptions): Promise<void> {
  const agent = connectAgentOf(options.agent, options.command);
  if (options.user && options.project)
    throw new UsageError('--user and --project name different files: give one', options.command);
  const { label } = AGENTS[agent];
  const connection = await loadAgentConnection(agent);
  const scope = options.project ? 'project' : 'user';
  const connectRecord = readConnectRecord(context.env);
  const files = [agentHooksFile(agent, scope, context.env, context.cwd)];
  const changed: string[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const target = writtenFile(file);
    const record = connectRecord.files[target];
    const text = readSettings(file);
    const next = disconnectJson(text, file, agent, record);
    const read = readJsonText(next, file);
    const empty = read.ok && isRecord(read.value) && Object.keys(read.value).length === 0;
    if (record?.created === true && empty) {
      rmSync(target, { force: true });
      changed.push(`removed ${file} (cosh connect created it and nothing else is in it)`);
    } else if (next !== text) {
      await writeFileAtomically(target, next.endsWith('\n') ? next : `${next}\n`);
      changed.push(
        `removed the cosh hooks${record === undefined ? '' : ' and the fence cosh connect added'} from ${file}`,
      );
    }
    delete connectRecord.files[target];
  }
  const configFence = connection.configFence;
  if (configFence !== null && scope === 'user') {
    const config = configFence.file(context.env);
    const target = writtenFile(config);
    const record = connectRecord.files[target];
    if (record !== undefined && existsSync(config)) {
      const text = readFileSync(config, 'utf8');
      const next = configFence.undo(text, record, config);
      if (record.created && next.trim() === '') {
        rmSync(target, { force: true });
        changed.push(`removed ${config} (cosh connect created it and nothing else is in it)`);
      } else if (next !== text) {
        await writeFileAtomically(target, next);
        changed.push(configFence.undone(config));
      }
    }
    delete connectRecord.files[target];
  }
  await writeConnectRecord(context.env, connectRecord);
  if (changed.length === 0) {
    context.out.line(`${label} has nothing of cosh connect in ${files.join(', ')}: nothing to change.`);
    return;
  }
  for (const line of changed) context.out.line(`Disconnected ${label}: ${line}.`);
  context.out.line(`${label} reads its settings when it starts: restart it.`);
}

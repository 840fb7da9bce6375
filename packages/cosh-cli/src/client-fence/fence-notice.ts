// SPEC B10: at its first call in a session each bridge checks its client's fence as `connect
// --check` does and, when the client's shell is not fenced, says so once; with `"sandbox":
// {"mode": "required"}` (B5) it denies the client's shell tool while it is not fenced. Bridges
// run per tool call, so the judgement is kept in `$XDG_STATE_HOME/cosh/fence-cache.json` keyed by
// the settings files' sizes and mtimes, and a session is remembered by one empty file.
import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readCacheFile, trustStoreFile, writeCacheFile } from '@cosh/config';
import { AGENTS, type AgentName, TOOLS } from '@cosh/spec';
import { loadAgentConnection } from '../agents/load-agent-bridge.ts';

/** The client's shell tools, by the agent's own names (B10): its twins of `bash_run`. */
function clientShellTools(agent: AgentName): readonly string[] {
  return TOOLS.bash_run.twins[agent];
}

/** B10's text, exactly. */
export function unfencedWarning(agent: AgentName): string {
  return `cosh: ${agent}'s shell is not sandboxed: it can change your guards; run cosh connect ${agent} --fence`;
}

const MAX_CACHE_BYTES = 256 * 1024;
/** Projects remembered in the cache: the oldest go first. */
const MAX_CACHED = 64;

function stateFolder(env: NodeJS.ProcessEnv): string {
  return dirname(trustStoreFile({ env }));
}

/** What decides the judgement besides the files: the environment the fence's paths come from. */
function environmentKey(env: NodeJS.ProcessEnv, agentVariables: readonly string[]): string {
  return ['HOME', 'XDG_CONFIG_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME', 'COSH_CONFIG', ...agentVariables]
    .map((name) => `${name}=${env[name] ?? ''}`)
    .concat(`program=${process.argv[1] ?? ''}`)
    .join('\n');
}

/** The files' sizes and modification times: the cache's key (B10). */
function layerStamp(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        const stat = statSync(file);
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return `${file}:-`;
      }
    })
    .join('\n');
}

/** Whether `agent`'s shell is fenced in `project`, from the cache while the files are unchanged. */
export async function isClientFenced(agent: AgentName, env: NodeJS.ProcessEnv, project: string): Promise<boolean> {
  const connection = await loadAgentConnection(agent);
  const file = join(stateFolder(env), 'fence-cache.json');
  const slot = `${agent}\0${project}`;
  const variables = [AGENTS[agent].settingsFiles.userFolderVariable ?? [], connection.fenceVariables].flat();
  const stamp = `${environmentKey(env, variables)}\n${layerStamp(connection.fenceLayerFiles(env, project))}`;
  let cache: Record<string, { stamp: string; fenced: boolean }> = {};
  const bytes = readCacheFile(file, MAX_CACHE_BYTES);
  if (bytes !== undefined) {
    try {
      cache = JSON.parse(bytes.toString('utf8')) as typeof cache;
    } catch {
      cache = {};
    }
  }
  const known = cache[slot];
  if (known !== undefined && known.stamp === stamp && typeof known.fenced === 'boolean') return known.fenced;
  const fenced = connection.checkFence(env, project).fenced;
  delete cache[slot];
  const kept = Object.entries(cache).slice(-(MAX_CACHED - 1));
  writeCacheFile(file, JSON.stringify(Object.fromEntries([...kept, [slot, { stamp, fenced }]])));
  return fenced;
}

/** FNV-1a (32 bits, twice with two offsets) of `text` in hex: a file name for a session id of any shape. */
function fnv1a(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x01000193) >>> 0;
  }
  return `x${first.toString(16).padStart(8, '0')}${second.toString(16).padStart(8, '0')}`;
}

/** True the first time `session` of `agent` is seen (without a session id: every time). */
function firstInSession(agent: AgentName, env: NodeJS.ProcessEnv, session: string | undefined): boolean {
  if (session === undefined) return true;
  // No node:crypto: this module is in the per-call bundle, whose start must not pay for it.
  const name = `${agent}-${/^[A-Za-z0-9_-]{1,128}$/.test(session) ? session : fnv1a(session)}`;
  const file = join(stateFolder(env), 'fence-sessions', name);
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'wx', 0o600));
    return true;
  } catch (error) {
    // EEXIST: told already. Anything else (no state folder can be written): tell every time.
    return (error as NodeJS.ErrnoException).code !== 'EEXIST';
  }
}

/** What B10 adds to one bridge answer. */
export interface FenceNotice {
  /** The warning to add to this answer, or `null`. */
  readonly warning: string | null;
  /** The deny reason for the client's shell (`required` and unfenced), or `null`. */
  readonly deny: string | null;
}

/**
 * B10 for one call: `toolName` is the agent's own; `mode` the B5 sandbox mode in force. Never
 * throws: a check that fails counts as unfenced.
 */
export async function clientFenceNotice(
  agent: AgentName,
  env: NodeJS.ProcessEnv,
  call: {
    readonly project: string;
    readonly sessionId: string | undefined;
    readonly toolName: string;
    readonly preToolUse: boolean;
  },
  mode: string,
): Promise<FenceNotice> {
  let fenced: boolean;
  try {
    fenced = await isClientFenced(agent, env, call.project);
  } catch {
    fenced = false;
  }
  if (fenced) return { warning: null, deny: null };
  const text = unfencedWarning(agent);
  const deny = mode === 'required' && call.preToolUse && clientShellTools(agent).includes(call.toolName) ? text : null;
  const warning = firstInSession(agent, env, call.sessionId) ? text : null;
  return { warning, deny };
}

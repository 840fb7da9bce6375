import { dirname, isAbsolute } from 'node:path';
import type { HookEntry, HookEvent } from '@cosh/config';
import type { EventHooksInput } from './event-hooks-setup.ts';
import { pathsVariable } from './hook-paths-payload.ts';

/**
 * The complete environment of one hook (R4): the host's variables (string values only) plus
 * `COSH_EVENT`, `COSH_TOOL_NAME`, `COSH_HOOK_NAME` and `COSH_CONFIG_DIR` (the folder of the file
 * the hook comes from, so `"$COSH_CONFIG_DIR/guard.sh"` finds a script beside setup.json from any
 * working folder; absent for a hook of a config built in code, never the host's own). The tool
 * input is never put here: it can be larger than the kernel's limit for the environment, and it
 * may hold secrets that every child process would inherit.
 */
export function hookEnvironment(
  hostEnvironment: Readonly<Record<string, unknown>>,
  event: HookEvent,
  toolName: string,
  hookName: string,
  configFile: string | null,
): Record<string, string> {
  const environment = hostVariables(hostEnvironment);
  environment['COSH_EVENT'] = event;
  // A session event (E) has no tool: no COSH_TOOL_NAME, rather than an empty one, and not the
  // host's own (cosh run by a tool call's hook has one).
  if (toolName !== '') environment['COSH_TOOL_NAME'] = toolName;
  else delete environment['COSH_TOOL_NAME'];
  environment['COSH_HOOK_NAME'] = hookName;
  // A host that is itself a hook (cosh run by a hook) has one of its own: not this hook's.
  delete environment['COSH_CONFIG_DIR'];
  if (configFile !== null && isAbsolute(configFile)) environment['COSH_CONFIG_DIR'] = dirname(configFile);
  return environment;
}

/**
 * The host's variables with string values, in a new plain object. From `process.env` this costs a
 * call about 60–120 µs right after a fork (Node's side copies every variable): a call with several
 * hooks reads it once, and builds each hook's environment from this copy.
 */
export function hostVariables(hostEnvironment: Readonly<Record<string, unknown>>): Record<string, string> {
  const variables: Record<string, string> = {};
  // Object.keys rather than Object.entries: no [name, value] array per variable.
  for (const name of Object.keys(hostEnvironment)) {
    const value = hostEnvironment[name];
    if (typeof value === 'string') variables[name] = value;
  }
  return variables;
}

/**
 * R4's environment of one hook of a call, plus `CLAUDE_PROJECT_DIR` for a Claude hook (K4). Built
 * when a hook starts, not for every call: a process the engine keeps across calls (R12) needs none.
 */
export function environmentOf(
  hook: Pick<HookEntry, 'name' | 'file' | 'protocol'>,
  setup: Pick<EventHooksInput, 'hostEnvironment' | 'event' | 'toolName' | 'claude' | 'hookPaths'>,
): Record<string, string> {
  const environment = hookEnvironment(setup.hostEnvironment, setup.event, setup.toolName, hook.name, hook.file);
  if (hook.protocol === 'claude' && setup.claude !== null) environment['CLAUDE_PROJECT_DIR'] = setup.claude.projectDir;
  // F3: the paths its globs matched, one per line; never the host's own.
  delete environment['COSH_PATHS'];
  const paths = setup.hookPaths?.get(hook as HookEntry);
  if (paths !== undefined) environment['COSH_PATHS'] = pathsVariable(paths);
  return environment;
}

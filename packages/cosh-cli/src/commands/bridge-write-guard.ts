// SPEC B8: the bridges refuse, before any user hook runs and whatever setup.json says, a client's
// file tool that would write one of Cosh's own files. Without it one `Write` of the trust store
// (or of a guard, setup.json, a client's settings, Cosh's entry point) switches every guard off:
// the client's tools are the client's, and no sandbox of Cosh's stands between them and the disk.
// The list is `protectedPaths` of @cosh/config, the one that B2 (sandbox) and S6 (tools) use.
import { isAbsolute, join, resolve } from 'node:path';
import {
  coshInstallationFolder,
  findProtectedPathSync,
  homeFolder,
  type LoadedHooks,
  protectedPaths,
  protectedPathsInputOf,
  protectedPathWhat,
} from '@cosh/config';
import type { AnsweredVerdict } from '@cosh/hooks';
import { AGENTS } from '@cosh/spec';
import type { AgentBridge } from '../agents/agent-bridge.ts';

/**
 * The files (absolute against `cwd`) a client's tool call would write: its own file-writing tools
 * (`AGENTS[client].writeTools`) and, for a client that applies patches, every file of the patch
 * its patch tool or its shell is given (its module's `patchWriteTargets`). Empty for any other
 * tool (MCP tools are not inspected).
 */
export function clientWriteTargets(
  client: Pick<AgentBridge, 'agent' | 'patchWriteTargets'>,
  toolName: string,
  toolInput: Readonly<Record<string, unknown>>,
  cwd: string,
  env: NodeJS.ProcessEnv,
): string[] {
  const patched = client.patchWriteTargets?.(toolName, toolInput, cwd) ?? [];
  if (patched.length > 0) return patched;
  const { writeTools } = AGENTS[client.agent];
  const tools: Readonly<Record<string, string>> = writeTools;
  const field = Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
  if (field === undefined) return [];
  const value = toolInput[field];
  if (typeof value !== 'string' || value === '') return [];
  const targets = [isAbsolute(value) ? resolve(value) : resolve(cwd, value)];
  // A client that expands `~/` itself must not find the file unguarded under its other name.
  if (value.startsWith('~/')) {
    try {
      targets.push(join(homeFolder(env), value.slice(2)));
    } catch {
      // No home folder: nothing to expand.
    }
  }
  return targets;
}

/**
 * B8's refusal of a PreToolUse call, or `null`: `cosh: <path> is one of Cosh's own files (<what
 * it is>)` when a file the call writes (see {@link clientWriteTargets}) resolves, symbolic links
 * of its existing part followed, to a path of `protectedPaths` for the load and `cwd`.
 */
export function bridgeWriteRefusal(
  loaded: Pick<LoadedHooks, 'locations' | 'trustStore' | 'protectedFiles'>,
  env: NodeJS.ProcessEnv,
  call: { readonly toolName: string; readonly toolInput: Readonly<Record<string, unknown>>; readonly cwd: string },
  client: Pick<AgentBridge, 'agent' | 'patchWriteTargets'>,
): string | null {
  const targets = clientWriteTargets(client, call.toolName, call.toolInput, call.cwd, env);
  if (targets.length === 0) return null;
  const input = protectedPathsInputOf(loaded, env, coshInstallationFolder());
  const paths = protectedPaths(input, call.cwd);
  for (const target of targets) {
    const found = findProtectedPathSync(paths, target);
    if (found !== undefined) {
      return `cosh: ${target} is one of Cosh's own files (${protectedPathWhat(found, input, call.cwd)})`;
    }
  }
  return null;
}

/** B8's refusal as the verdict each bridge answers in its client's deny form. */
export function refusedVerdict(reason: string): AnsweredVerdict {
  return { decision: 'deny', halt: false, reasons: [reason], context: '', diagnostics: [] };
}

// K10: Gemini CLI drops a BeforeTool hook's additionalContext, so the bridge keeps a PreToolUse
// context until that call's AfterTool answer, which carries it. One small file per call under
// $XDG_STATE_HOME/cosh/gemini-context, named by a hash of session, tool and input.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readCacheFile, trustStoreFile, writeCacheFile } from '@cosh/config';

/** Most bytes of one kept context read back: a context larger than this was never meant for a model. */
const MAX_CONTEXT_BYTES = 1024 * 1024;

/** A kept context older than this belongs to a call that never finished: removed when seen. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A JSON text of `value` with object keys sorted, so equal inputs give equal keys. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function contextFolder(env: NodeJS.ProcessEnv): string {
  return join(dirname(trustStoreFile({ env })), 'gemini-context');
}

/**
 * The file of one call's kept context. node:crypto is loaded here, not at the top: this module is
 * in the per-call bundle, whose start must not pay for it (start-up.test.ts).
 */
async function contextFile(
  env: NodeJS.ProcessEnv,
  sessionId: string,
  toolName: string,
  toolInput: unknown,
): Promise<string> {
  const { createHash } = await import('node:crypto');
  const key = createHash('sha256')
    .update(`${sessionId}\0${toolName}\0${stableJson(toolInput)}`)
    .digest('hex');
  return join(contextFolder(env), `${key}.txt`);
}

/** Keeps `context` for the AfterTool of the same session, tool and input (each input given). */
export async function keepGeminiContext(
  env: NodeJS.ProcessEnv,
  call: { readonly sessionId: string; readonly toolName: string; readonly inputs: readonly unknown[] },
  context: string,
): Promise<void> {
  removeStaleContexts(env);
  for (const input of call.inputs)
    writeCacheFile(await contextFile(env, call.sessionId, call.toolName, input), context);
}

/** The context kept for this call, removed as it is taken; `''` when none. */
export async function takeGeminiContext(
  env: NodeJS.ProcessEnv,
  call: { readonly sessionId: string; readonly toolName: string; readonly input: unknown },
): Promise<string> {
  const file = await contextFile(env, call.sessionId, call.toolName, call.input);
  const bytes = readCacheFile(file, MAX_CONTEXT_BYTES);
  if (bytes === undefined) return '';
  rmSync(file, { force: true });
  return bytes.toString('utf8');
}

function removeStaleContexts(env: NodeJS.ProcessEnv): void {
  const folder = contextFolder(env);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const file = join(folder, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

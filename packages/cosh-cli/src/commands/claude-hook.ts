import {
  type ClaudeHookAnswer,
  claudeFailureAnswer,
  claudeHookAnswer,
  coshToolOutput,
  createHookEngine,
  fromClaudeToolName,
  type HookEngine,
  type HookEvent,
  toCoshToolInput,
} from '@cosh/hooks';
import type { CliContext } from '../cli-context.ts';
import { loadCommandConfig } from '../load-command-config.ts';

/** Most bytes of Claude's stdin read: a Write's content is in it, but a payload this large is a mistake. */
const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/** What `cosh claude-hook` was asked, as parsed by commander. */
export interface ClaudeHookOptions {
  readonly configPath: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
}

/** Claude Code's PreToolUse / PostToolUse stdin, as far as the bridge reads it (K4). */
interface ClaudeCall {
  readonly event: HookEvent;
  readonly sessionId: string | undefined;
  readonly transcriptPath: string | undefined;
  readonly cwd: string;
  readonly claudeToolName: string;
  readonly claudeInput: Readonly<Record<string, unknown>>;
  readonly toolUseId: string | undefined;
  readonly toolResponse: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Claude's stdin read as a call, or the problem (and the event, when it could be read). */
function parseClaudeCall(
  text: string,
  fallbackCwd: string,
): { ok: true; call: ClaudeCall } | { ok: false; event: HookEvent | null; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, event: null, problem: `stdin is not JSON (${why})` };
  }
  if (!isRecord(data)) return { ok: false, event: null, problem: 'stdin is not a JSON object' };
  const eventName = data['hook_event_name'];
  if (eventName !== 'PreToolUse' && eventName !== 'PostToolUse') {
    return {
      ok: false,
      event: null,
      problem: `hook_event_name ${JSON.stringify(eventName)} is not run by cosh claude-hook: register it under PreToolUse and PostToolUse only`,
    };
  }
  const event: HookEvent = eventName;
  if (typeof data['tool_name'] !== 'string' || data['tool_name'] === '') {
    return { ok: false, event, problem: 'tool_name is missing or not a string' };
  }
  const toolInput = data['tool_input'] ?? {};
  if (!isRecord(toolInput)) return { ok: false, event, problem: 'tool_input is not a JSON object' };
  const cwd = optionalString(data['cwd']);
  return {
    ok: true,
    call: {
      event,
      sessionId: optionalString(data['session_id']) || undefined,
      transcriptPath: optionalString(data['transcript_path']),
      cwd: cwd?.startsWith('/') ? cwd : fallbackCwd,
      claudeToolName: data['tool_name'],
      claudeInput: toolInput,
      toolUseId: optionalString(data['tool_use_id']),
      toolResponse: data['tool_response'],
    },
  };
}

async function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
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

/** Runs the Cosh hooks for Claude's call and gives Claude's answer (K8). */
async function answerCall(
  context: CliContext,
  options: ClaudeHookOptions,
  call: ClaudeCall,
): Promise<ClaudeHookAnswer> {
  let loaded: Awaited<ReturnType<typeof loadCommandConfig>>;
  try {
    // Every layer, trust checked (SPEC C10, S); the project file is looked for from Claude's cwd,
    // where the tool runs, not from wherever Claude Code started this process.
    loaded = await loadCommandConfig(context, {
      configPath: options.configPath,
      noProject: options.noProject,
      workingFolder: call.cwd,
      warnings: 'stderr',
      validationCache: true,
    });
  } catch (error) {
    // A guard that cannot be read must not wave the call through (fail closed).
    const why = error instanceof Error ? error.message : String(error);
    return claudeFailureAnswer(call.event, `cosh claude-hook: the Cosh hooks could not be loaded: ${why}`, {
      deny: true,
    });
  }
  const { toolName, mcpServer } = fromClaudeToolName(call.claudeToolName);
  const coshInput = toCoshToolInput(toolName, call.claudeInput, mcpServer);
  const engine = createHookEngine(loaded.config, {
    cwd: call.cwd,
    env: context.env,
    sessionId: call.sessionId,
    transcriptPath: call.transcriptPath,
    projectFolder: loaded.projectFolder,
    // R12: one call per process, so a resident hook runs as a one-call process.
    residentHooks: 'one-call',
  });
  try {
    return await runOnEngine(engine, call, toolName, mcpServer, coshInput);
  } finally {
    // The HTTP hooks' kept-alive connections (H2) end with the call; async hooks are waited for (R13).
    await engine.close();
  }
}

/** The call through the engine, answered in Claude's protocol. */
async function runOnEngine(
  engine: HookEngine,
  call: ClaudeCall,
  toolName: string,
  mcpServer: string | null,
  coshInput: Readonly<Record<string, unknown>>,
): Promise<ClaudeHookAnswer> {
  const coshCall = {
    toolName,
    toolInput: coshInput,
    cwd: call.cwd,
    ...(mcpServer === null ? {} : { mcpServer }),
    ...(call.toolUseId === undefined ? {} : { toolUseId: call.toolUseId }),
  };
  const answered = { toolName, mcpServer, cwd: call.cwd, claudeInput: call.claudeInput, coshInput };
  if (call.event === 'PreToolUse') {
    return claudeHookAnswer('PreToolUse', await engine.preToolUse(coshCall), answered);
  }
  const { output, ...parts } = coshToolOutput(toolName, call.toolResponse, mcpServer);
  const post = await engine.postToolUse({ ...coshCall, toolOutput: output, toolResult: parts });
  return claudeHookAnswer('PostToolUse', post, answered);
}

/**
 * `cosh claude-hook` (K8): a Claude Code hook command. Reads Claude's PreToolUse or PostToolUse
 * stdin, maps the tool back to Cosh's (`Bash` → `bash_run`, …; a tool with no Cosh twin keeps
 * its name), runs the Cosh hooks of that event and prints Claude's answer as one JSON line.
 * Always exits 0 (Claude reads exit 2 as a block of its own); its own failure is a
 * `systemMessage`, and a configuration that does not load also denies (fail closed).
 */
export async function runClaudeHook(
  context: CliContext,
  options: ClaudeHookOptions,
  stdin: NodeJS.ReadableStream,
): Promise<void> {
  let answer: ClaudeHookAnswer;
  try {
    const parsed = parseClaudeCall(await readAll(stdin), context.cwd);
    answer = parsed.ok
      ? await answerCall(context, options, parsed.call)
      : claudeFailureAnswer(parsed.event, `cosh claude-hook: ${parsed.problem}`, { deny: false });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    answer = claudeFailureAnswer(null, `cosh claude-hook: ${why}`, { deny: false });
  }
  context.out.write(`${JSON.stringify(answer)}\n`);
}

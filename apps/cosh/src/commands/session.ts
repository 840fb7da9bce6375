import type { Writable } from 'node:stream';
import { type CliContext, escapeForTerminal } from '@cosh/cosh-cli';
import type { SessionEventResult } from '@cosh/hooks';
import { callRecord, type CallRecordJson, unrunRecord } from '../history/index.ts';
import { builtinToolList } from '../mcp/builtin-tool-list.ts';
import type { PermissionMode } from '../permission/index.ts';
import { type Command, resolveWorkingFolder } from '../tool-host-cli-options.ts';
import { callNotes } from '../tool-host-notes.ts';
import { setUpToolHost } from '../tool-host-setup.ts';
import { createToolRegistry, type ToolRegistry } from '../tools/index.ts';
import { SessionLineQueue } from './session-line-queue.ts';
import { maxSessionLineBytes, readSessionLines } from './session-lines.ts';
import { createDriverPrompt } from './session-permission.ts';
import { newTurnAnswer, parseSessionLine } from './session-protocol.ts';

/** What `cosh session` was asked, as parsed by commander. */
export interface SessionOptions {
  readonly permission: PermissionMode;
  readonly configPath: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  readonly historyPath: string | undefined;
  /** `--journal <file>` (J1). */
  readonly journalPath?: string | undefined;
  /** R13 `--verbose`: async hooks' reports on stderr. */
  readonly verbose?: boolean | undefined;
  /** `--session-id`: Claude hooks' `session_id` (K4). */
  readonly sessionId?: string | undefined;
  /** `--cwd`: where tools and hooks run (relative to the context's directory); default the context's directory. */
  readonly cwd: string | undefined;
  /** `--permission-timeout`: seconds to wait for the driver's `permission_response`. */
  readonly permissionTimeoutSeconds: number;
  /** The app's version, in the session's first line. */
  readonly version: string;
  /** The command run, for the `--help` pointer of a usage error. */
  readonly command?: Command | undefined;
}

/** The protocol's streams: calls in, one result line per call out. */
export interface SessionStreams {
  readonly input: AsyncIterable<Buffer | string>;
  readonly output: Writable;
}

/** The tools as the session's first line and `list_tools` describe them. */
function sessionTools(registry: ToolRegistry) {
  return builtinToolList(registry.list()).map((tool) => ({
    name: tool.name,
    description: tool.description,
    permission: registry.get(tool.name)?.permission ?? 'ask',
    input_schema: tool.inputSchema,
  }));
}

/**
 * `cosh session [--config F] [--permission ask|allow|deny] [--permission-timeout S] [--history F]
 * [--cwd D]`: tool calls as JSON Lines on `input`, one result line per non-blank line on
 * `output`, in order, one call at a time (see the README for the protocol). The first line
 * describes the session (`{"type": "session", "version", "cwd", "permission", "tools"}`);
 * `{"type": "list_tools"}` is answered with the tools. With `--permission ask` the driver is
 * asked (`permission_request`, answered by a `permission_response` line); a call a hook asked
 * about (K7) is refused at once, whatever `--permission` says, since no person can be asked. After a halt (L3) the
 * turn's remaining calls are answered `skipped` until `{"type": "new_turn"}`. A line that is not
 * a call gets an `error` result and the session goes on. Returns at the end of `input`, once the
 * last result is written; stops early, running nothing more, if `output` is closed.
 */
export async function runSession(context: CliContext, options: SessionOptions, streams: SessionStreams): Promise<void> {
  const cwd = await resolveWorkingFolder(context, options.cwd, options.command);
  const output = lineWriter(streams.output);
  const lines = new SessionLineQueue(readSessionLines(streams.input)[Symbol.asyncIterator]());
  const registry = createToolRegistry();
  // The call being run, whose id a permission_request carries.
  let currentId: unknown = null;
  const setup = await setUpToolHost(context, {
    registry,
    permission: options.permission,
    // stdin is the protocol: the driver is the one asked about a call that needs permission. It
    // is a program, so a hook's ask (K7), which only a person may confirm, is refused at once.
    promptAnsweredBy: 'program',
    prompt:
      options.permission === 'ask'
        ? createDriverPrompt({
            lines,
            writeLine: (text) => output.writeLine(text),
            currentCallId: () => currentId,
            timeoutMs: options.permissionTimeoutSeconds * 1000,
          })
        : undefined,
    cwd,
    configPath: options.configPath,
    noProject: options.noProject,
    historyPath: options.historyPath,
    journalPath: options.journalPath,
    sessionId: options.sessionId,
    command: options.command,
    verbose: options.verbose,
  });
  const tools = sessionTools(registry);
  const note = (id: unknown, text: string): void =>
    context.err.line(`cosh session: call ${escapeForTerminal(JSON.stringify(id) ?? 'null')}: ${text}`);
  // The halting call's reasons while the turn is halted (L3), else null.
  let haltReasons: readonly string[] | null = null;

  try {
    const described = await output.writeLine(
      JSON.stringify({
        type: 'session',
        version: options.version,
        cwd,
        permission: options.permission,
        config: setup.configFile,
        tools,
      }),
    );
    // E2, E5: SessionStart runs before the first line is read; its context is the first line
    // after the header (when a hook ran: a setup without SessionStart hooks reads as before).
    let open = described;
    if (open) {
      const started = await setup.engine.run('SessionStart', { source: 'startup', cwd });
      if (started.hooks.length > 0) {
        open = await output.writeLine(
          JSON.stringify({
            type: 'session_context',
            context: started.context,
            ...(started.diagnostics.length === 0 ? {} : { diagnostics: started.diagnostics }),
          }),
        );
      }
    }
    // E3: a stop that follows a refused one is told so (stop_hook_active).
    let stopRefused = false;
    for (let line = open ? await lines.next() : undefined; line !== undefined; line = await lines.next()) {
      let answer: CallRecordJson | typeof newTurnAnswer | Record<string, unknown>;
      if (line.tooLong) {
        answer = unrunRecord({
          id: null,
          toolName: null,
          status: 'error',
          errorCode: 'line_too_long',
          output: `line ${line.number} is longer than ${maxSessionLineBytes / (1024 * 1024)} MiB (${line.bytes} bytes) and was not read`,
          inputAsGiven: null,
        });
      } else {
        if (line.text.trim() === '') continue;
        const message = parseSessionLine(line.text, line.number);
        if (message.kind === 'new_turn') {
          haltReasons = null;
          answer = newTurnAnswer;
        } else if (message.kind === 'prompt' || message.kind === 'stop') {
          // E1, E3, E5: a prompt line runs UserPromptSubmit, a stop line Stop.
          const result: SessionEventResult =
            message.kind === 'prompt'
              ? await setup.engine.run('UserPromptSubmit', { prompt: message.prompt, cwd })
              : await setup.engine.run('Stop', { stopHookActive: stopRefused, cwd });
          if (message.kind === 'stop') stopRefused = result.decision === 'deny';
          if (result.halt) haltReasons = result.reasons;
          for (const diagnostic of result.diagnostics)
            note(message.id, `${diagnostic.level}: ${escapeForTerminal(diagnostic.message)}`);
          answer = {
            id: message.id,
            type: message.kind,
            decision: result.decision,
            reasons: result.reasons,
            context: result.context,
            ...(result.halt ? { halt: true } : {}),
          };
        } else if (message.kind === 'list_tools') {
          answer = { type: 'tools', id: message.id, tools };
        } else if (message.kind === 'permission_response') {
          answer = unrunRecord({
            id: message.id,
            toolName: null,
            status: 'error',
            errorCode: 'unexpected_permission_response',
            output: `line ${line.number}: no permission_request with this id is waiting for an answer`,
            inputAsGiven: null,
          });
        } else if (message.kind === 'invalid') {
          answer = unrunRecord({
            id: message.id,
            toolName: message.toolName,
            status: 'error',
            errorCode: message.code,
            output: message.message,
            inputAsGiven: message.toolInput,
          });
        } else if (haltReasons !== null) {
          answer = unrunRecord({
            id: message.id,
            toolName: message.toolName,
            status: 'skipped',
            errorCode: null,
            output: `Skipped: the turn was halted by hook: ${haltReasons.join('; ')}`,
            inputAsGiven: message.toolInput,
          });
          const appended = await setup.history?.append(answer);
          if (appended?.ok === false) note(message.id, `warning: ${escapeForTerminal(appended.error)}`);
        } else {
          currentId = message.id;
          const result = await setup.host.call(message.toolName, message.toolInput, { id: message.id });
          for (const text of callNotes(result)) note(message.id, text);
          if (result.halt) haltReasons = result.haltReasons;
          answer = callRecord(result, message.id);
        }
      }
      if (!(await output.writeLine(JSON.stringify(answer)))) {
        context.err.line('cosh session: stdout was closed; stopping without running further calls');
        break;
      }
    }
    // E4, E5: SessionEnd once the input ended; nothing is enforced, its hooks run to completion.
    const ended = await setup.engine.run('SessionEnd', { reason: 'other', cwd });
    for (const diagnostic of ended.diagnostics)
      context.err.line(`cosh session: SessionEnd: ${diagnostic.level}: ${escapeForTerminal(diagnostic.message)}`);
  } finally {
    await setup.close();
  }
}

/**
 * Writes whole lines to `stream`, waiting for it to drain when its buffer is full, so a reader
 * slower than the calls holds the session back instead of filling memory. `writeLine` resolves
 * `false` once the stream is closed or broken (the reader went away).
 */
function lineWriter(stream: Writable): { writeLine(text: string): Promise<boolean> } {
  let broken = stream.destroyed || stream.writableEnded;
  const markBroken = (): void => {
    broken = true;
  };
  stream.on('error', markBroken);
  stream.once('close', markBroken);
  return {
    async writeLine(text) {
      if (broken) return false;
      if (!stream.write(`${text}\n`)) {
        await new Promise<void>((resolveDrain) => {
          const done = (): void => {
            stream.off('drain', done);
            stream.off('close', done);
            stream.off('error', done);
            resolveDrain();
          };
          stream.on('drain', done);
          stream.on('close', done);
          stream.on('error', done);
        });
      }
      return !broken;
    },
  };
}

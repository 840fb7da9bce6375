import type { PermissionPrompt } from '../permission/index.ts';
import type { SessionLineQueue } from './session-line-queue.ts';
import { parseSessionLine } from './session-protocol.ts';

/**
 * Lines a prompt puts back while it waits before it stops reading: a driver that keeps sending
 * calls without answering is held back by the pipe instead of filling memory.
 */
const maxLinesPutBack = 1024;

/** What {@link createDriverPrompt} needs from the session. */
export interface DriverPromptOptions {
  readonly lines: SessionLineQueue;
  /** Writes one protocol line; resolves `false` once the driver stopped reading. */
  writeLine(text: string): Promise<boolean>;
  /** The `id` of the call being asked about (the session runs one call at a time). */
  currentCallId(): unknown;
  /** How long to wait for the driver's answer before refusing. */
  readonly timeoutMs: number;
}

/**
 * `--permission ask` in `cosh session`: the driver is the one asked. For a call that needs
 * permission (never one a hook asked about: the driver is a program, and only a person may
 * confirm those, so they are refused without asking, K7), the session writes `{"type": "permission_request", "id": <the call's id>,
 * "tool_name": …, "tool_input": <the input as it will run>, "cwd": …}` and reads lines until
 * `{"type": "permission_response", "id": <the same id>, "allow": true|false}`; other lines read
 * meanwhile are put back for later, in order. No answer within the timeout, the end of the
 * input, or a driver that stopped reading: refused (the default is no), the prompt failing with
 * the reason, which the call's `permission_message` gives.
 */
export function createDriverPrompt(options: DriverPromptOptions): PermissionPrompt {
  const { lines } = options;
  return async (request) => {
    const id = options.currentCallId();
    const sent = await options.writeLine(
      JSON.stringify({
        type: 'permission_request',
        id,
        tool_name: request.toolName,
        tool_input: request.toolInput,
        ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
      }),
    );
    if (!sent) throw new Error('the driver stopped reading');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    });
    try {
      for (;;) {
        // Past the cap nothing more is read: only the timeout can end the wait.
        const line = lines.waiting >= maxLinesPutBack ? await timedOut : await Promise.race([lines.read(), timedOut]);
        if (line === 'timeout') throw new Error(`no permission_response within ${options.timeoutMs / 1000} s`);
        if (line === undefined) throw new Error('the input ended before a permission_response');
        const message = line.tooLong ? undefined : parseSessionLine(line.text, line.number);
        if (message?.kind === 'permission_response' && isSameId(message.id, id)) return message.allow;
        lines.putBackLine(line);
      }
    } finally {
      clearTimeout(timer);
    }
  };
}

/** JSON ids compare by value (`{"n": 1}` answers `{"n": 1}`). */
function isSameId(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

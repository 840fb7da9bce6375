import { isYes, readTerminalLine, type TerminalStreams } from '@cosh/cosh-cli';
import type { PermissionPrompt, PermissionRequest } from './permission-check.ts';
import { renderCall } from './render-call.ts';

/**
 * A y/N prompt: shows the call as it will run (see `renderCall`), asks `Allow this call? [y/N] `
 * and reads one line. `y` or `yes` (any case, spaces ignored) allows; anything else, an empty
 * line, the end of the input or a read error refuses: the default is no.
 *
 * Prompts are taken one at a time: a second call waits until the first is answered, so two
 * questions never interleave on one terminal. Only the answer's line is consumed from `input`;
 * anything typed after it is put back for the next prompt.
 *
 * @example
 * const terminal = await openTerminal();
 * const prompt = terminal === undefined ? undefined : createTerminalPrompt(terminal);
 */
export function createTerminalPrompt(streams: TerminalStreams): PermissionPrompt {
  // A terminal can fail between prompts too (hang-up, EIO): without a listener that would
  // crash the host. A failed input then refuses every prompt (it is destroyed).
  streams.input.on('error', ignore);
  streams.output.on('error', ignore);
  let queue: Promise<unknown> = Promise.resolve();
  return (request: PermissionRequest) => {
    const asked = queue.then(() => ask(streams, request));
    queue = asked.catch(() => undefined);
    return asked;
  };
}

const ignore = (): void => undefined;

async function ask(streams: TerminalStreams, request: PermissionRequest): Promise<boolean> {
  if (!streams.output.writable) return false;
  streams.output.write(`\n${renderCall(request)}\nAllow this call? [y/N] `);
  const line = await readTerminalLine(streams.input);
  if (line === undefined) {
    // End of input: the person cannot answer. The cursor is left after the question: end it.
    streams.output.write('\n');
    return false;
  }
  return isYes(line);
}

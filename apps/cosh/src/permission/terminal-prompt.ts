import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isYes, readTerminalLine, type TerminalStreams } from '@cosh/cosh-cli';
import type { PermissionPrompt, PermissionRequest } from './permission-check.ts';
import { type CallFacts, renderCall, renderWholeCall } from './render-call.ts';

/**
 * A y/N prompt: shows the call as it will run (see `renderCall`), asks `Allow this call? [y/N] `
 * and reads one line. `y` or `yes` (any case, spaces ignored) allows; anything else, an empty
 * line, the end of the input or a read error refuses: the default is no. When the preview was
 * cut (a long `fs_write`, command or input), the question offers `v`, which shows all of it and
 * asks again. For `fs_write` the prompt looks at the disk first, to say whether the call creates
 * the file or replaces one, and how big it is.
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

/** What the disk says about the call: whether an `fs_write` creates its file or replaces one. */
async function callFacts(request: PermissionRequest): Promise<CallFacts> {
  const input = request.toolInput as Record<string, unknown> | null;
  if (request.toolName !== 'fs_write' || typeof input?.['path'] !== 'string') return {};
  const found = await stat(resolve(request.cwd ?? process.cwd(), input['path'])).catch(
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : undefined),
  );
  // A file that cannot be looked at (no permission, a path through a file): say nothing rather than guess.
  if (found === undefined) return {};
  return { existingBytes: found === null ? null : found.size };
}

async function ask(streams: TerminalStreams, request: PermissionRequest): Promise<boolean> {
  if (!streams.output.writable) return false;
  const facts = await callFacts(request);
  const whole = renderWholeCall(request, facts);
  const question = whole === undefined ? 'Allow this call? [y/N] ' : 'Allow this call? (v shows all of it) [y/N] ';
  streams.output.write(`\n${renderCall(request, facts)}\n${question}`);
  for (;;) {
    const line = await readTerminalLine(streams.input);
    if (line === undefined) {
      // End of input: the person cannot answer. The cursor is left after the question: end it.
      streams.output.write('\n');
      return false;
    }
    if (whole === undefined || !/^\s*v(iew)?\s*$/i.test(line)) return isYes(line);
    streams.output.write(`\n${whole}\n${question}`);
  }
}

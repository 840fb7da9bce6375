import { closeSync, constants, openSync } from 'node:fs';
import { isatty, ReadStream, WriteStream } from 'node:tty';
import type { TerminalStreams } from './terminal-prompt.ts';

/** A terminal opened for prompting; `close` releases it (and lets the process exit). */
export interface OpenTerminal extends TerminalStreams {
  close(): void;
}

/**
 * The process's controlling terminal (`/dev/tty`), opened for the permission prompt, or
 * `undefined` when there is none (a CI job, a daemon, an MCP server started by a client).
 *
 * Reading `/dev/tty` rather than stdin asks the person even when stdin and stdout are pipes
 * (`cosh exec … | jq`), and never steals a script's piped input.
 *
 * @param path The terminal device. @internal Tests pass another; callers leave it out.
 */
export function openTerminal(path = '/dev/tty'): OpenTerminal | undefined {
  let readDescriptor: number | undefined;
  let writeDescriptor: number | undefined;
  try {
    // ENXIO here means "no controlling terminal". O_NOCTTY: never acquire one by opening.
    readDescriptor = openSync(path, constants.O_RDONLY | constants.O_NOCTTY);
    if (!isatty(readDescriptor)) throw new Error(`${path} is not a terminal`);
    writeDescriptor = openSync(path, constants.O_WRONLY | constants.O_NOCTTY);
  } catch {
    if (readDescriptor !== undefined) closeSync(readDescriptor);
    return undefined;
  }
  const input = new ReadStream(readDescriptor);
  const output = new WriteStream(writeDescriptor);
  // A paused terminal must not keep the process alive; reading re-references it as needed.
  input.pause();
  return {
    input,
    output,
    close() {
      input.destroy();
      output.destroy();
    },
  };
}

import { closeSync, constants, openSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { isatty, ReadStream, WriteStream } from 'node:tty';

/** Where a person is asked something: a terminal (see {@link openTerminal}) or any pair of streams. */
export interface TerminalStreams {
  /** Answers are read from here, a line at a time. */
  readonly input: Readable;
  /** Questions are written here (never the program's stdout: that is for results). */
  readonly output: Writable;
}

/** A terminal opened for prompting; `close` releases it (and lets the process exit). */
export interface OpenTerminal extends TerminalStreams {
  close(): void;
}

/**
 * The process's controlling terminal (`/dev/tty`), opened to ask a person (the permission
 * prompt, `cosh hooks trust`), or `undefined` when there is none (a CI job, a daemon, an MCP
 * server started by a client, a hook: the runner starts hooks in a session of their own). Only
 * a person at a controlling terminal can give trust (SPEC S4): this is how Cosh tells.
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

import { Readable, Writable } from 'node:stream';
import { TRUST_ALL_ENV, withoutTrustAllWarning } from '@cosh/test-utils';
import type { Command } from 'commander';
import type { OpenTerminal } from '../open-terminal.ts';
import { createProgram } from '../create-program.ts';
import { runCli } from '../run-main.ts';

/** A writable stream that keeps what is written, optionally claiming to be a terminal. */
export function captureStream(isTTY = false): Writable & { isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return Object.assign(stream, { isTTY, text: () => chunks.join('') });
}

export interface InProcessRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `cosh <argv>` in this process (no build needed) with captured streams; `extend` can add
 * commands the way the app does before runMain. As a program runs it: no controlling terminal
 * (unless `openTerminal` gives one), and `COSH_TRUST=all` so files need no trust (a test of trust
 * sets `COSH_TRUST: undefined` in `env`), whose warning is left out of `stderr`.
 */
export async function runInProcess(
  argv: readonly string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    tty?: boolean;
    extend?: (program: Command) => void;
    openTerminal?: () => OpenTerminal | undefined;
    /** Standard input; empty by default. */
    input?: string;
  },
): Promise<InProcessRun> {
  const stdout = captureStream(options.tty);
  const stderr = captureStream(options.tty);
  const program = createProgram({
    version: '1.2.3',
    io: {
      stdin: Readable.from([Buffer.from(options.input ?? '')]),
      stdout,
      stderr,
      cwd: options.cwd,
      env: { ...TRUST_ALL_ENV, ...(options.env ?? { HOME: options.cwd }) },
      openTerminal: options.openTerminal ?? (() => undefined),
    },
  });
  options.extend?.(program);
  const code = await runCli(program, argv);
  return { code, stdout: stdout.text(), stderr: withoutTrustAllWarning(stderr.text()) };
}

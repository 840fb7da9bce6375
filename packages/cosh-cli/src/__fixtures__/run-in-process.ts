import { Writable } from 'node:stream';
import type { Command } from 'commander';
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
 * commands the way the app does before runMain.
 */
export async function runInProcess(
  argv: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; tty?: boolean; extend?: (program: Command) => void },
): Promise<InProcessRun> {
  const stdout = captureStream(options.tty);
  const stderr = captureStream(options.tty);
  const program = createProgram({
    version: '1.2.3',
    io: { stdout, stderr, cwd: options.cwd, env: options.env ?? { HOME: options.cwd } },
  });
  options.extend?.(program);
  const code = await runCli(program, argv);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

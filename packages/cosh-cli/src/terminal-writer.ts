import type { Writer } from './cli-context.ts';
import type { OpenTerminal } from './open-terminal.ts';

/**
 * A writer on the controlling terminal, colour as `like` (stderr) has it: where a command shows a
 * person what it asks about while its stdout carries JSON (`--json` of `hooks trust` and
 * `hooks import`).
 */
export function terminalWriter(terminal: OpenTerminal, like: Writer): Writer {
  return {
    write: (text) => void terminal.output.write(text),
    line: (text = '') => void terminal.output.write(`${text}\n`),
    style: like.style,
    isTTY: true,
    columns: like.columns,
  };
}

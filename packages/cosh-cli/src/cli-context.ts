import type { Command } from 'commander';
import { type OpenTerminal, openTerminal } from './open-terminal.ts';

/** The streams and process facts a command may use; tests pass their own. */
export interface CliIo {
  /** Read only by options that take `-` for "standard input" (`--input-file -`). */
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** Opens the controlling terminal, `undefined` without one: `/dev/tty` by default. */
  readonly openTerminal: () => OpenTerminal | undefined;
}

/** ANSI styles; each returns its text unchanged when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

/** A stream to print to, with the colour rules of its own terminal. */
export interface Writer {
  write(text: string): void;
  /** Writes `text` and a line end. */
  line(text?: string): void;
  readonly style: Style;
  /** Whether the stream is a terminal. */
  readonly isTTY: boolean;
  /** The terminal's width, 80 when unknown. */
  readonly columns: number;
}

/** What every command action receives: where to print, the environment and the directory. */
export interface CliContext {
  /** Standard input, for `-` in place of a file name. */
  readonly stdin: NodeJS.ReadableStream;
  readonly out: Writer;
  readonly err: Writer;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /**
   * The controlling terminal, opened to ask a person (close it when done), or `undefined` when
   * the process has none: then nobody can be asked, and nothing may be trusted (SPEC S4).
   */
  openTerminal(): OpenTerminal | undefined;
}

/**
 * Colour only on a terminal, never with a non-empty `NO_COLOR` (no-color.org) or `TERM=dumb`.
 */
export function colorEnabled(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (stream.isTTY !== true) return false;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return env['TERM'] !== 'dumb';
}

/** The styles, on or off. */
export function createStyle(enabled: boolean): Style {
  const paint = (open: number, close: number) => (text: string) =>
    enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    yellow: paint(33, 39),
    green: paint(32, 39),
    cyan: paint(36, 39),
  };
}

function createWriter(stream: CliIo['stdout'], env: NodeJS.ProcessEnv): Writer {
  return {
    write: (text) => {
      stream.write(text);
    },
    line: (text = '') => {
      stream.write(`${text}\n`);
    },
    style: createStyle(colorEnabled(stream, env)),
    isTTY: stream.isTTY === true,
    columns: stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80,
  };
}

/** A context over the given streams (the process's by default). */
export function createCliContext(io: Partial<CliIo> = {}): CliContext {
  const env = io.env ?? process.env;
  return {
    // Opened on first use only: `process.stdin` builds a stream (and loads Node's file streams
    // when it is a file such as /dev/null), about a millisecond of every `cosh hooks run`, which
    // reads it only for `--input-file -`.
    get stdin() {
      return io.stdin ?? process.stdin;
    },
    out: createWriter(io.stdout ?? process.stdout, env),
    err: createWriter(io.stderr ?? process.stderr, env),
    env,
    cwd: io.cwd ?? process.cwd(),
    openTerminal: io.openTerminal ?? (() => openTerminal()),
  };
}

/**
 * Whether the process has a controlling terminal, so a person is there to give trust (SPEC S4).
 * Opens it and closes it again.
 */
export function hasControllingTerminal(context: CliContext): boolean {
  const terminal = context.openTerminal();
  terminal?.close();
  return terminal !== undefined;
}

const contexts = new WeakMap<Command, CliContext>();

/** Attaches a context to a program; its subcommands find it through {@link contextOf}. */
export function attachContext(program: Command, context: CliContext): void {
  contexts.set(program, context);
}

/**
 * The context of the program `command` belongs to: what an action added with
 * `program.command(…)` uses to print, so its output follows the same colour rules and can be
 * captured by tests.
 */
export function contextOf(command: Command): CliContext {
  for (let current: Command | null = command; current !== null; current = current.parent) {
    const context = contexts.get(current);
    if (context !== undefined) return context;
  }
  return createCliContext();
}

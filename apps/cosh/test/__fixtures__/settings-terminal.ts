// A real terminal for the settings screen's tests: the built `cosh` binary runs in a
// pseudo-terminal (node-pty) and its output feeds a headless xterm, so tests read the screen a
// user would see (after every erase and redraw), not the stream of escape codes.
import { spawn as spawnPty, type IPty } from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { coshBin } from './cli-run.ts';

/** Single-quoted for /bin/sh. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** `node <cosh> args…` as one shell command line. */
export function coshCommandLine(args: readonly string[]): string {
  return [process.execPath, coshBin, ...args].map(shellQuote).join(' ');
}

/** Keys as a terminal sends them. */
export const KEYS = {
  up: '\u001b[A',
  down: '\u001b[B',
  space: ' ',
  escape: '\u001b',
  ctrlC: '\u0003',
} as const;

export interface TerminalExit {
  readonly exitCode: number;
  readonly signal: number | undefined;
}

/**
 * A shell command running in an 80×24 (by default) pseudo-terminal. The environment is clean:
 * no `CI` (ink would stop redrawing), no COSH_CONFIG or XDG_CONFIG_HOME of the machine.
 */
export class TerminalSession {
  /** Every byte the program wrote, escape codes included. */
  output = '';
  readonly exited: Promise<TerminalExit>;
  private readonly terminal: InstanceType<typeof xterm.Terminal>;
  private readonly process: IPty;
  /** What the screen model has taken in so far (`output` may be ahead of it). */
  private rendered = '';
  private pendingWrites: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  constructor(
    commandLine: string,
    options: { cwd: string; env?: Record<string, string>; columns?: number; rows?: number },
  ) {
    const columns = options.columns ?? 80;
    const rows = options.rows ?? 24;
    this.terminal = new xterm.Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 1000 });
    this.process = spawnPty('/bin/sh', ['-c', commandLine], {
      name: 'xterm-256color',
      cols: columns,
      rows,
      cwd: options.cwd,
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: options.cwd,
        TERM: 'xterm-256color',
        LANG: 'C.UTF-8',
        ...options.env,
      },
    });
    this.process.onData((data) => {
      this.output += data;
      this.pendingWrites = this.pendingWrites.then(
        () =>
          new Promise<void>((resolve) =>
            this.terminal.write(data, () => {
              this.rendered += data;
              resolve();
            }),
          ),
      );
      void this.pendingWrites.then(() => {
        for (const listener of this.listeners) listener();
      });
    });
    this.exited = new Promise((resolve) => {
      this.process.onExit(({ exitCode, signal }) => {
        // The last output may still be on its way into the screen model.
        void this.pendingWrites.then(() => {
          resolve({ exitCode, signal: signal === 0 ? undefined : signal });
          for (const listener of this.listeners) listener();
        });
      });
    });
  }

  /** The process id of the shell (of the command itself when the line starts with `exec`). */
  get pid(): number {
    return this.process.pid;
  }

  /** The visible screen, one string per row, trailing spaces removed. */
  screenLines(): string[] {
    const buffer = this.terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < this.terminal.rows; row += 1) {
      lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /** The visible screen as one text. */
  screen(): string {
    return this.screenLines().join('\n');
  }

  /** The visible screen with its lines trimmed and joined by one space (wrapped text reads whole). */
  joinedScreen(): string {
    return this.screenLines()
      .map((line) => line.trim())
      .join(' ');
  }

  /** The row the cursor mark `›` is on, trimmed. */
  cursorLine(): string | undefined {
    return this.screenLines()
      .find((line) => line.startsWith('›'))
      ?.trim();
  }

  /**
   * Resolves once `condition` holds for the screen, re-checked after every write; rejects
   * after `timeoutMs` with the screen as it was, so a failure shows what the user would see.
   */
  waitFor(condition: string | RegExp | ((screen: string) => boolean), timeoutMs = 15_000): Promise<void> {
    const holds = (): boolean => {
      if (this.insideFrame()) return false;
      const screen = this.screen();
      // A message may wrap onto the next line, at a space.
      if (typeof condition === 'string') return screen.includes(condition) || this.joinedScreen().includes(condition);
      if (condition instanceof RegExp) return condition.test(screen);
      return condition(screen);
    };
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!holds()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${String(condition)}; the screen was:\n${this.screen()}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      void this.pendingWrites.then(check);
    });
  }

  /**
   * True while a frame is half written: ink wraps each redraw in synchronized-output marks
   * (`ESC [?2026h` … `ESC [?2026l`), and a chunk boundary can fall between them.
   */
  private insideFrame(): boolean {
    return this.rendered.lastIndexOf('\u001b[?2026h') > this.rendered.lastIndexOf('\u001b[?2026l');
  }

  /** Resizes the terminal, as a user dragging the window does (the program gets SIGWINCH). */
  resize(columns: number, rows: number): void {
    this.terminal.resize(columns, rows);
    this.process.resize(columns, rows);
  }

  /** Types `keys` as one write (one key press when it is one key). */
  press(keys: string): void {
    this.process.write(keys);
  }

  /** Ends the session if it is still running (a failed test must not leave it behind). */
  kill(): void {
    try {
      this.process.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

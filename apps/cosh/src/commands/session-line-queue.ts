import type { SessionLine } from './session-lines.ts';

/**
 * The session's input lines, shared by the main loop and a permission prompt waiting for the
 * driver's answer: lines the prompt read but did not want are put back, in order, for the loop.
 * A read in flight is shared, so a prompt that gave up waiting loses no line.
 */
export class SessionLineQueue {
  private readonly putBack: SessionLine[] = [];
  private inFlight: Promise<SessionLine | undefined> | undefined;

  constructor(private readonly lines: AsyncIterator<SessionLine>) {}

  /** The next line to handle (lines put back first); `undefined` at the end of the input. */
  next(): Promise<SessionLine | undefined> {
    const waiting = this.putBack.shift();
    return waiting === undefined ? this.read() : Promise.resolve(waiting);
  }

  /** The next line of the input itself, past what was put back. */
  read(): Promise<SessionLine | undefined> {
    this.inFlight ??= this.lines.next().then((result) => {
      this.inFlight = undefined;
      return result.done === true ? undefined : result.value;
    });
    return this.inFlight;
  }

  /** Hands a line back for {@link next}, after those already handed back. */
  putBackLine(line: SessionLine): void {
    this.putBack.push(line);
  }

  /** How many lines wait to be handled again. */
  get waiting(): number {
    return this.putBack.length;
  }
}

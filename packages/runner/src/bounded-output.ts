/**
 * Collects the bytes of one output stream up to a cap (R8) and decodes them once at the end
 * (R7, R10). Chunks are kept as they arrive and concatenated once, so a character split across
 * two writes is decoded whole and collecting costs one copy.
 */
export class BoundedOutput {
  readonly #maxBytes: number;
  readonly #chunks: Uint8Array[] = [];
  #keptBytes = 0;
  #truncated = false;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Keeps what fits under the cap; the rest is dropped and marks the output truncated. */
  append(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    const room = this.#maxBytes - this.#keptBytes;
    if (room <= 0) {
      this.#truncated = true;
      return;
    }
    if (chunk.byteLength <= room) {
      this.#chunks.push(chunk);
      this.#keptBytes += chunk.byteLength;
      return;
    }
    // A copy, not a view: a view would pin the whole (up to 64 KiB) chunk behind a few bytes.
    this.#chunks.push(chunk.slice(0, room));
    this.#keptBytes += room;
    this.#truncated = true;
  }

  get truncated(): boolean {
    return this.#truncated;
  }

  get keptBytes(): number {
    return this.#keptBytes;
  }

  /** The kept bytes as UTF-8, invalid sequences as U+FFFD; never throws. */
  decode(): string {
    if (this.#keptBytes === 0) return '';
    const bytes =
      this.#chunks.length === 1 ? (this.#chunks[0] as Uint8Array) : Buffer.concat(this.#chunks, this.#keptBytes);
    // WHATWG decoding: a leading BOM is dropped, so BOM-prefixed JSON still parses downstream.
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
}

// The fenced shell examples of the user's documentation that are marked runnable: an HTML comment
// `<!-- runnable -->` (or `<!-- runnable exit=N -->` for an example that exits N) on the line
// before a ```sh fence. A marked example runs as written in a fresh HOME with the built `cosh` on
// PATH; the examples of one page run in order, each in a shell of its own, in that HOME.

/** One marked example of a page. */
export interface RunnableExample {
  /** The page's path and the fence's line (1-based), for a failure's message. */
  readonly where: string;
  /** The shell text between the fences. */
  readonly script: string;
  /** The exit status the page says it has (default 0). */
  readonly exit: number;
}

const marker = /^<!--\s*runnable(?:\s+exit=(\d+))?\s*-->\s*$/;
const shellFence = /^```(?:sh|bash|shell|console)\s*$/;

/**
 * The runnable examples of `markdown` (the text of `page`), in order. A marker not followed by a
 * shell fence, or a fence left open, is an error naming its line: a mark must never be lost.
 */
export function runnableExamples(page: string, markdown: string): RunnableExample[] {
  const lines = markdown.split('\n');
  const examples: RunnableExample[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const found = marker.exec(lines[index] as string);
    if (found === null) continue;
    const fence = index + 1;
    if (!shellFence.test(lines[fence] ?? '')) {
      throw new Error(`${page}:${index + 1}: <!-- runnable --> must be followed by a \`\`\`sh fence`);
    }
    const end = lines.findIndex((line, at) => at > fence && line.startsWith('```'));
    if (end === -1) throw new Error(`${page}:${fence + 1}: the runnable example's fence is never closed`);
    examples.push({
      where: `${page}:${fence + 1}`,
      script: `${lines.slice(fence + 1, end).join('\n')}\n`,
      exit: found[1] === undefined ? 0 : Number(found[1]),
    });
    index = end;
  }
  return examples;
}

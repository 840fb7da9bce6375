import { resolve } from 'node:path';
import type { CliContext } from './cli-context.ts';
import { type CommandName, UsageError } from './cli-errors.ts';

/**
 * Longest file an option reads (`--input-file`, `--output-file`): as long as a line of `cosh
 * session`, which carries an `fs_write`'s whole content. A device that never ends (`/dev/zero`)
 * is refused there instead of filling memory.
 */
export const MAX_ARGUMENT_FILE_BYTES = 32 * 1024 * 1024;

async function readAll(stream: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): Promise<Buffer | 'too large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_ARGUMENT_FILE_BYTES) return 'too large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The text of the file an option names, relative to the context's directory; `-` reads
 * standard input to its end. A file that cannot be read, or one over
 * {@link MAX_ARGUMENT_FILE_BYTES}, is a {@link UsageError} naming the option and why.
 */
export async function readArgumentFile(
  context: CliContext,
  option: string,
  path: string,
  command: CommandName | undefined,
): Promise<string> {
  const shown = path === '-' ? 'standard input' : `'${path}'`;
  const tooLarge = (): UsageError =>
    new UsageError(`cannot read ${option} ${shown}: over ${MAX_ARGUMENT_FILE_BYTES / (1024 * 1024)} MiB`, command);
  if (path === '-') {
    const read = await readAll(context.stdin);
    if (read === 'too large') throw tooLarge();
    return read.toString('utf8');
  }
  // Loaded only when a file is named: most calls pass their input inline.
  const { createReadStream } = await import('node:fs');
  try {
    const read = await readAll(createReadStream(resolve(context.cwd, path)));
    if (read === 'too large') throw tooLarge();
    return read.toString('utf8');
  } catch (error) {
    if (UsageError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? String(error));
    throw new UsageError(`cannot read ${option} ${shown}: ${reason}`, command, { cause: error });
  }
}

// One settings layer an agent reads, as its fence check takes it (SPEC B9): the file's text and
// its JSON value, or the reason it does not count (a layer that cannot be read is a reason, not a
// guess).
import { readFileSync } from 'node:fs';
import { readJsonText } from '@cosh/config';

/** The file's text, `undefined` when it cannot be read (absent). */
export function readLayerText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A JSON settings layer: its value, or a reason it does not count; `shapes` may refuse it by throwing. */
export function jsonLayer(
  file: string,
  shapes?: (text: string, value: unknown) => void,
): { value: unknown; problem?: string } {
  const text = readLayerText(file);
  if (text === undefined) return { value: undefined };
  const read = readJsonText(text, file);
  if (!read.ok) return { value: undefined, problem: `${read.problem}: the agent cannot read its settings` };
  try {
    shapes?.(text, read.value);
  } catch (error) {
    return { value: undefined, problem: (error as Error).message };
  }
  return { value: read.value };
}

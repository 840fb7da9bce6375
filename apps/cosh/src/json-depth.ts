/**
 * How deeply a tool call's input may nest. Every call is written back as JSON (the hooks'
 * payload, a session answer, a history line), and `JSON.stringify` recurses once per level: a
 * few thousand levels overflow the stack, which would take the whole session down. Real tool
 * inputs nest a handful of levels; hooks' rewrites are held to the same limit by @cosh/aggregate.
 */
export const MAX_INPUT_DEPTH = 512;

/**
 * Whether the objects and arrays of a JSON value nest more than `limit` levels (the value
 * itself being level 1). Iterative, so any depth is safe to measure.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > limit) return true;
    const container = next.value as Record<string, unknown>;
    for (const key of Object.keys(container)) pending.push({ value: container[key], depth: next.depth + 1 });
  }
  return false;
}

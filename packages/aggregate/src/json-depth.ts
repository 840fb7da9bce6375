/**
 * How deeply a tool input (as given, or as a hook's `updated_input` makes it) may nest. Every
 * input goes back to JSON (the hooks' payload, a host's answer or history line), and
 * `JSON.stringify` recurses once per level: a few thousand levels overflow the stack of whoever
 * serialises it. Real tool inputs nest a handful of levels. Hosts hold the inputs they accept to
 * the same limit (exported through @cosh/hooks).
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Whether the objects and arrays of a JSON value nest more than `limit` levels (the value
 * itself being level 1). Iterative, so any depth is safe to measure; stops at the first level
 * too deep.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > limit) return true;
    // Own keys only, as JSON.parse made them: an own `__proto__` key is data like any other.
    const container = next.value as Record<string, unknown>;
    for (const key of Object.keys(container)) pending.push({ value: container[key], depth: next.depth + 1 });
  }
  return false;
}

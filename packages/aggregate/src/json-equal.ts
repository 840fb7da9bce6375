/**
 * Deep equality of JSON values (objects compared by own keys, in any order). Iterative, so a
 * hook's 100,000-deep value cannot overflow the stack; pairs already on the way are not walked
 * twice, so a cyclic value handed in by a caller cannot loop forever.
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  const pending: [unknown, unknown][] = [[left, right]];
  const seen = new Map<object, Set<object>>();
  while (pending.length > 0) {
    const [a, b] = pending.pop() as [unknown, unknown];
    if (a === b) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    let partners = seen.get(a);
    if (partners?.has(b) === true) continue;
    if (partners === undefined) {
      partners = new Set();
      seen.set(a, partners);
    }
    partners.add(b);
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return false;
      for (let index = 0; index < a.length; index += 1) pending.push([a[index], b[index]]);
      continue;
    }
    const aKeys = Object.keys(a);
    if (aKeys.length !== Object.keys(b).length) return false;
    for (const key of aKeys) {
      if (!Object.hasOwn(b, key)) return false;
      pending.push([(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

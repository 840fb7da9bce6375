import type { ScriptChange } from './decide-trust.ts';
import type { ScriptRead } from './trust-hash.ts';
import type { TrustRecord } from './trust-store.ts';

/**
 * The scripts a person must be shown before trusting a file as it is now (SPEC S4): each script
 * the new record names that the trusted record lacks (`new`, with its text) or holds with another
 * hash (`changed`, with its text now and its trusted text, S3), and each trusted script the new
 * record no longer names or that is gone (`missing`). So the y/N never covers code not shown,
 * whether the file is new (every script is new), edited (it may name new scripts) or only a
 * script changed. Scripts are listed in the order the new record names them. Pure.
 */
export function reviewScripts(
  trusted: TrustRecord | undefined,
  candidate: TrustRecord,
  reads: ReadonlyMap<string, ScriptRead | null>,
): ScriptChange[] {
  const before = new Map((trusted?.scripts ?? []).map((script) => [script.path, script]));
  const changes: ScriptChange[] = [];
  for (const script of candidate.scripts) {
    const old = before.get(script.path);
    if (old !== undefined && old.sha256 === script.sha256) continue;
    changes.push({
      path: script.path,
      change: old === undefined ? 'new' : 'changed',
      text: reads.get(script.path)?.text ?? script.text ?? null,
      trustedText: old?.text ?? null,
    });
  }
  const named = new Set(candidate.scripts.map((script) => script.path));
  for (const old of before.values()) {
    if (!named.has(old.path))
      changes.push({ path: old.path, change: 'missing', text: null, trustedText: old.text ?? null });
  }
  return changes;
}

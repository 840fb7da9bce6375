import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HookEntry, HookEvent, HooksConfig } from '@cosh/config';

/** A hook entry as a test writes it: only `command` is required, the rest gets C5's defaults. */
export type TestEntry = Partial<Omit<HookEntry, 'event' | 'index'>> & { readonly command: string };

/** A validated-looking config, as `@cosh/config` would produce it from setup.json. */
export function hooksConfig(
  hooks: Partial<Record<HookEvent, readonly TestEntry[]>>,
  hooksEnabled: Partial<Record<HookEvent, boolean>> = {},
): HooksConfig {
  const entries = (event: HookEvent): HookEntry[] =>
    (hooks[event] ?? []).map((entry, index) => ({
      event,
      index,
      name: entry.name ?? entry.command,
      command: entry.command,
      url: null,
      headers: {},
      matcher: entry.matcher ?? '',
      timeout: entry.timeout ?? 60,
      onError: entry.onError ?? 'ignore',
      enabled: entry.enabled ?? true,
      protocol: entry.protocol ?? 'cosh',
    }));
  return {
    hooks: { PreToolUse: entries('PreToolUse'), PostToolUse: entries('PostToolUse') },
    hooksEnabled: { PreToolUse: hooksEnabled.PreToolUse ?? true, PostToolUse: hooksEnabled.PostToolUse ?? true },
  };
}

/** A fresh directory for one test, removed by the returned function. */
export function temporaryDirectory(): { readonly path: string; readonly remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'cosh-hooks-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A shell word for `value` (single-quoted), for building hook commands in tests. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A command that prints `output` as its stdout, exactly. */
export function printing(output: unknown, exitCode = 0): string {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  return `printf '%s' ${shellQuote(text)}; exit ${exitCode}`;
}

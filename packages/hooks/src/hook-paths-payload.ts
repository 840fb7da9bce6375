// SPEC F3: a hook with `paths` is told which touched paths matched its globs, in its payload
// (`paths`, and `paths_unknown` when the call could touch any path) and in `COSH_PATHS`.
import type { HookPaths, ProtocolPayload } from './event-hooks-setup.ts';

const kept = new WeakMap<ProtocolPayload, Map<HookPaths, ProtocolPayload>>();

/**
 * The payload with `"paths": […]` (and `"paths_unknown": true`) added as its last fields. Made once
 * per payload and hook: a hook's payload is read when it starts and again for its report.
 *
 * @example
 * payloadWithPaths(cosh, { paths: ['/repo/.env'], unknown: false }).text;
 * // '{"event":"PreToolUse",…,"tool_input":{…},"paths":["/repo/.env"]}\n'
 */
export function payloadWithPaths(payload: ProtocolPayload, paths: HookPaths): ProtocolPayload {
  if (payload.stdin === null) return payload;
  let byPaths = kept.get(payload);
  const known = byPaths?.get(paths);
  if (known !== undefined) return known;
  const end = payload.text.lastIndexOf('}');
  const added = `,"paths":${JSON.stringify(paths.paths)}${paths.unknown ? ',"paths_unknown":true' : ''}`;
  const text = `${payload.text.slice(0, end)}${added}${payload.text.slice(end)}`;
  const withPaths: ProtocolPayload = { text, stdin: Buffer.from(text), problem: null };
  if (byPaths === undefined) {
    byPaths = new Map();
    kept.set(payload, byPaths);
  }
  byPaths.set(paths, withPaths);
  return withPaths;
}

/** `COSH_PATHS`: the matched paths, one per line (F3). */
export function pathsVariable(paths: HookPaths): string {
  return paths.paths.join('\n');
}

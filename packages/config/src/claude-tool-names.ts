// M2's advice: a `cosh`-protocol hook sees Cosh's names (`bash_run`), so a matcher that is one of
// Claude's names (`Bash`) never matches a tool of Cosh's own hosts. People copying a hook from
// Claude Code's settings write them by habit; the hook then silently never runs. The names and
// their twins are the tables of `@cosh/spec` (K3).
import { claudeToolTwin } from '@cosh/spec';

const CLAUDE_PROTOCOL_HINT = 'set "protocol": "claude" on a hook written for Claude Code\'s tool names and payload';

/**
 * M2's warning for a `cosh`-protocol matcher that is exactly Claude's tool name `name`, after the
 * matcher's JSON path: `"Bash" is Claude Code's name for Cosh's bash_run (its Cosh twin): …`.
 * `undefined` when `name` is not one of Claude's tool names.
 */
export function claudeToolNameMatcherAdvice(name: string): string | undefined {
  const twin = claudeToolTwin(name);
  if (twin === undefined) return undefined;
  if (twin === null) {
    return `${JSON.stringify(name)} is a Claude Code tool name and no Cosh tool is its twin: this "cosh"-protocol hook never runs for Cosh's own tools, only for Claude Code's ${name} through cosh claude-hook; ${CLAUDE_PROTOCOL_HINT}`;
  }
  return `${JSON.stringify(name)} is Claude Code's name for Cosh's ${twin} (its Cosh twin): "cosh"-protocol hooks see Cosh's tool names, so this hook never runs; match ${JSON.stringify(`^${twin}$`)}, or ${CLAUDE_PROTOCOL_HINT}`;
}

/**
 * M2's warning for `cosh hooks run --tool <name>` with one of Claude's tool names: no Cosh host
 * calls a tool by that name, so a run with it tries hooks on a call that never happens. `undefined`
 * when `name` is not one of Claude's tool names.
 */
export function claudeToolNameRunAdvice(name: string): string | undefined {
  const twin = claudeToolTwin(name);
  if (twin === undefined) return undefined;
  if (twin === null) {
    return `--tool ${JSON.stringify(name)} is a Claude Code tool name and no Cosh tool is its twin: Cosh's own hosts never call it (only Claude Code does, through cosh claude-hook); "cosh"-protocol hooks matching ${JSON.stringify(name)} run for nothing else; ${CLAUDE_PROTOCOL_HINT}`;
  }
  return `--tool ${JSON.stringify(name)} is Claude Code's name for Cosh's ${twin} (its Cosh twin): Cosh calls it ${twin}, so "cosh"-protocol hooks matching ${JSON.stringify(name)} never run for it (and protocol "claude" hooks see ${name} for a ${twin} call); try --tool ${twin}, or ${CLAUDE_PROTOCOL_HINT}`;
}

import { HOOK_EVENTS, type HooksConfig } from '@cosh/config';
import type { ToolCallOutcome } from '@cosh/hooks';
import { escapeForTerminal } from '@cosh/cosh-cli';

/** One line on stderr, prefixed with the command (`cosh mcp proxy: …`); stdout is the protocol's. */
export type McpLog = (message: string) => void;

/**
 * A log that writes `<prefix>: <message>` lines with `write`. Messages quote hook output, tool
 * names and a downstream's errors: their control characters are escaped (as `cosh exec` does
 * on stderr), so none can drive the terminal of someone running the server by hand, or split
 * one entry into several lines.
 */
export function createMcpLog(prefix: string, write: (text: string) => void): McpLog {
  return (message) => write(`${prefix}: ${escapeForTerminal(message)}\n`);
}

/**
 * `3 hooks`: the hooks that can run, for the start line. Entries turned off (`enabled: false`)
 * and the hooks of a turned-off event (`hooksEnabled`, C7) do not count. Without a config (it did
 * not load), every call is refused.
 */
export function describeHookCount(config: HooksConfig | undefined): string {
  if (config === undefined) return 'every call refused';
  // Each entry says whether it runs (its switch, its event's, its layer's, its trust: C10, S5).
  const count = HOOK_EVENTS.flatMap((event) => config.hooks[event]).filter((entry) => entry.off === null).length;
  const hooks = `${count} ${count === 1 ? 'hook' : 'hooks'}`;
  return config.refusal === null ? hooks : `${hooks}; every call is refused: ${config.refusal}`;
}

/** The first line of a text, for a one-line log entry. */
function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** What {@link logOutcome} reads of a call's outcome (`runToolCall`'s, or the tool host's). */
export type LoggedOutcome = Pick<
  ToolCallOutcome,
  'toolName' | 'status' | 'blockedBy' | 'output' | 'permissionMessage' | 'haltReasons'
> & {
  readonly pre: Pick<ToolCallOutcome['pre'], 'diagnostics'> | null;
  readonly post: Pick<NonNullable<ToolCallOutcome['post']>, 'diagnostics'> | null;
};

/**
 * Tells the person reading the client's server log what happened to a call that did not simply
 * succeed, and every hook diagnostic (a hook that printed invalid JSON, crashed, timed out).
 * A successful call with clean hooks logs nothing.
 */
export function logOutcome(log: McpLog, outcome: LoggedOutcome): void {
  const { toolName } = outcome;
  for (const diagnostic of [...(outcome.pre?.diagnostics ?? []), ...(outcome.post?.diagnostics ?? [])]) {
    const hook = diagnostic.hook === null ? '' : ` hook '${diagnostic.hook}'`;
    log(`${toolName}: ${diagnostic.level}${hook}: ${firstLine(diagnostic.message)}`);
  }
  switch (outcome.status) {
    case 'blocked':
      if (outcome.blockedBy === 'permission') {
        log(
          `${toolName}: refused by the permission system${outcome.permissionMessage === null ? '' : ` (${outcome.permissionMessage})`}`,
        );
      } else {
        log(`${toolName}: ${firstLine(outcome.output)}`);
      }
      break;
    case 'halted':
      log(
        outcome.post === null
          ? `${toolName}: ${firstLine(outcome.output)} (MCP has no turns: only this call is refused)`
          : `${toolName}: a PostToolUse hook halted after the call ran: ${outcome.haltReasons.join('; ')} (MCP has no turns: the result is returned as is)`,
      );
      break;
    case 'error':
      log(`${toolName}: the tool failed: ${firstLine(outcome.output)}`);
      break;
    case 'ok':
      break;
  }
}

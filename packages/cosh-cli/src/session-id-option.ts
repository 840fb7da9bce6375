import { type Command, Option } from 'commander';
import { UsageError } from './cli-errors.ts';

/**
 * `--session-id <id>`: the `session_id` Claude-protocol hooks receive (K4). Without it every
 * process (a session, an MCP server, one `exec` or `hooks run`) makes its own UUID.
 */
export function sessionIdOption(): Option {
  return new Option(
    '--session-id <id>',
    'the session_id Claude-protocol hooks receive (default: a new UUID for this process)',
  );
}

/** The `--session-id` value for the engine; an empty one is bad usage, not "make one up". */
export function sessionIdOf(flags: { readonly sessionId?: string | undefined }, command: Command): string | undefined {
  if (flags.sessionId === undefined) return undefined;
  if (flags.sessionId.trim() === '')
    throw new UsageError("option '--session-id <id>' needs an id, not an empty string", command);
  return flags.sessionId;
}

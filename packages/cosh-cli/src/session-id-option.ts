import { Option } from 'commander';
import { SESSION_ID_OPTION } from './per-call-options.ts';

/**
 * `--session-id <id>`: the `session_id` Claude-protocol hooks receive (K4). Without it every
 * process (a session, an MCP server, one `exec` or `hooks run`) makes its own UUID.
 */
export function sessionIdOption(): Option {
  return new Option(SESSION_ID_OPTION.flags, SESSION_ID_OPTION.description);
}

import { Option } from 'commander';

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

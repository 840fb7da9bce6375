/** The command-line options `cosh mcp serve` and `cosh mcp proxy` share: where and how the hooks run. */
export interface McpHostOptions {
  readonly configPath?: string | undefined;
  /** `--no-project`: the project layer is left out (SPEC C10). */
  readonly noProject?: boolean | undefined;
  readonly permission: 'allow' | 'deny';
  /** `--cwd`: where tools (or the downstream server) and hooks run, relative to the context's directory; default that directory. */
  readonly cwd?: string | undefined;
  /** `--session-id`: Claude hooks' `session_id` (K4); default a new UUID. */
  readonly sessionId?: string | undefined;
  /** `--journal <file>` (J1). */
  readonly journalPath?: string | undefined;
  /** R13 `--verbose`: async hooks' reports on stderr. */
  readonly verbose?: boolean | undefined;
  /** The app's version, told to the client (and to a downstream server). */
  readonly version: string;
}

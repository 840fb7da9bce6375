// SPEC F2: how one tool names the files it touches, the shape of every tool path table (Cosh's
// built-in tools' in tools.ts, each agent's own tools' in its entry of agents.ts).

/** How a tool names the files it touches. */
export interface ToolPathFields {
  /** Input fields holding one path or an array of paths (top level). */
  readonly fields: readonly string[];
  /** `true`: the path is a folder searched with everything below it (`find_grep`, `Glob`, `Grep`); absent means the cwd. */
  readonly folder?: true;
}

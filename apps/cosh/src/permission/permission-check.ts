import type { PermissionAnswer } from '@cosh/hooks';

/**
 * The permission system's answer for a call that needs one (`--permission`): `ask` prompts on
 * a terminal (and refuses without one), `allow` runs it without asking, `deny` refuses it.
 */
export type PermissionMode = 'ask' | 'allow' | 'deny';

/** A call about to run, as it will run (after any PreToolUse rewrite, SPEC A7). */
export interface PermissionRequest {
  readonly toolName: string;
  readonly toolInput: unknown;
  /** Where it runs; shown in the prompt when given. */
  readonly cwd?: string;
  /** The PreToolUse hooks that rewrote the input (A7); the prompt says so. */
  readonly rewrittenBy?: readonly string[];
  /**
   * Set when a PreToolUse hook answered `ask` (K7): the hooks' reasons. The call is then put to a
   * person whatever the tool's default and the mode, and refused where nobody can be asked.
   */
  readonly askReasons?: readonly string[] | undefined;
}

/** Asks about one call (a person at a terminal, or the program that drives Cosh); `true` means allowed. */
export type PermissionPrompt = (request: PermissionRequest) => Promise<boolean>;

/** Who answers a {@link PermissionPrompt}: a person at a terminal, or a program. */
export type PromptAnswerer = 'person' | 'program';

/** The per-tool default: `'ask'` tools need the permission system, `'allow'` tools do not. */
export interface PermissionDefaults {
  get(toolName: string): { readonly permission: 'allow' | 'ask' } | undefined;
}

/** Options of {@link createPermissionCheck}. */
export interface PermissionCheckOptions {
  /** The answer for calls that need permission (`--permission`). */
  readonly mode: PermissionMode;
  /**
   * How to ask in `ask` mode; leave it out when there is no terminal to ask on, and such calls
   * are refused with a hint that says how to allow them.
   */
  readonly prompt?: PermissionPrompt;
  /**
   * Who answers `prompt`: `'person'`, a y/N on a terminal (`cosh exec`), or `'program'` (the
   * default), such as the driver of `cosh session`, which answers `permission_request` lines. A
   * hook's `ask` (K7) is for a person: a prompt a program answers is never used for it, and such a
   * call is refused at once, as where there is no prompt at all. The default is the closed one: a
   * prompt is trusted with a hook's question only when it says a person answers it.
   */
  readonly promptAnsweredBy?: PromptAnswerer;
  /**
   * Which tools need permission: the built-in tools' own defaults (SPEC T) with
   * `createToolRegistry()`. A tool this does not know (an MCP tool behind `cosh mcp proxy`)
   * always needs permission.
   */
  readonly tools: PermissionDefaults;
}

/**
 * Whether a tool's calls need the permission system (SPEC T: `bash_run`, `fs_write` and
 * `fs_edit` ask, `fs_read` and `find_grep` do not).
 */
export function needsPrompt(tool: { readonly permission: 'allow' | 'ask' }): boolean {
  return tool.permission === 'ask';
}

/**
 * The permission system of the app, to call for a call that PreToolUse neither denied nor
 * allowed (SPEC L1: a hook's allow skips it, a hook's deny or halt comes before it). Never
 * rejects: a prompt that fails counts as a refusal.
 *
 * | tool needs permission? | `allow` | `deny`  | `ask`, prompt         | `ask`, no prompt |
 * |------------------------|---------|---------|-----------------------|------------------|
 * | no                     | granted | granted | granted, not asked    | granted          |
 * | yes                    | granted | refused | the prompt's answer   | refused          |
 * | a hook asked (K7)      | refused | refused | a person's answer (*) | refused          |
 *
 * A hook's `ask` forces the prompt: with `--permission allow` (or MCP, or a session, where no
 * prompt can be shown) the call is refused, never approved silently. (*) Only a person's prompt
 * counts ({@link PermissionCheckOptions.promptAnsweredBy}): one a program answers (a session's
 * driver) is not asked, and the call is refused at once.
 *
 * @example
 * const check = createPermissionCheck({
 *   mode: 'ask',
 *   prompt: terminal ? createTerminalPrompt(terminal) : undefined,
 *   promptAnsweredBy: 'person',
 *   tools: createToolRegistry(),
 * });
 * const answer = await check({ toolName: 'bash_run', toolInput: { command: 'make test' } });
 * if (!answer.granted) console.error(answer.message); // "no terminal to ask on; pass --permission allow …"
 */
export function createPermissionCheck(
  options: PermissionCheckOptions,
): (request: PermissionRequest) => Promise<PermissionAnswer> {
  return async (request) => {
    const asked = request.askReasons !== undefined;
    const tool = options.tools.get(request.toolName);
    if (!asked && tool !== undefined && !needsPrompt(tool)) return { granted: true };
    // A hook's question goes to a person only (K7): a program could answer yes to anything, so a
    // prompt a program answers is, for it, no prompt.
    const askedOfProgram = asked && options.prompt !== undefined && options.promptAnsweredBy !== 'person';
    // The model sees `Permission denied: <tool>` (L2, runToolCall's text); the message is for the person.
    const refuse = (message: string): PermissionAnswer => ({ granted: false, message });
    const howToAllow = asked
      ? `a hook asked for confirmation, which only a person at a terminal can give (run it with cosh exec --permission ask)`
      : `pass --permission allow to run ${request.toolName} without asking`;
    switch (options.mode) {
      case 'allow':
        if (asked) return refuse(`--permission allow cannot confirm a call a hook asked about; ${howToAllow}`);
        return { granted: true };
      case 'deny':
        if (asked) return refuse(`--permission deny refuses a call a hook asked about`);
        return refuse(
          `--permission deny refuses every call that needs permission; only a PreToolUse hook's allow lets ${request.toolName} run`,
        );
      case 'ask': {
        if (askedOfProgram)
          return refuse(`permission requests here are answered by a program, not a person; ${howToAllow}`);
        if (options.prompt === undefined) return refuse(`no terminal to ask on; ${howToAllow}`);
        let allowed: boolean;
        try {
          allowed = await options.prompt(request);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          return refuse(`the permission prompt failed (${reason}); ${howToAllow}`);
        }
        return allowed ? { granted: true } : refuse('refused at the prompt');
      }
      default:
        // A mode from untyped code: fail closed.
        return refuse(`unknown permission mode '${String(options.mode)}'`);
    }
  };
}

// The Cosh hooks the client tests install: small /bin/sh guards, one per verdict (SPEC O).
import type { CoshHook } from './client-scene.ts';

/** Denies (exit 2, O3) any bash_run whose command holds a recursive `rm -r` (`rm -rf` too). */
export const denyRmRf: CoshHook = {
  matcher: '^bash_run$',
  command: `grep -q 'rm -r' && { echo 'recursive rm is not allowed' >&2; exit 2; }; exit 0`,
};

/** Allows every bash_run (O1): the agent's own permission question is skipped. */
export const allowShell: CoshHook = { matcher: '^bash_run$', command: `echo '{"decision": "allow"}'` };

/** Allows every bash_run, rewriting its command (A7) to `command`. */
export const rewriteShell = (command: string, decision: 'allow' | 'none' = 'allow'): CoshHook => ({
  matcher: '^bash_run$',
  command: `echo '${JSON.stringify({ decision, updated_input: { command } })}'`,
});

/** The context a PostToolUse hook adds (P), which must reach the model's next request. */
export const CONTEXT_MARKER = 'cosh-context-3f9c: the build log was checked';
export const addContext: CoshHook = {
  matcher: '^bash_run$',
  command: `echo '${JSON.stringify({ context: CONTEXT_MARKER })}'`,
};

/** Halts the turn (exit 49, O4). */
export const haltShell: CoshHook = { matcher: '^bash_run$', command: `echo 'cosh halts this turn' >&2; exit 49` };

/** Denies every edit of a `.env` file (fs_edit, K3's Edit). */
export const denyEnvEdit: CoshHook = {
  matcher: '^fs_edit$',
  command: `grep -q '\\.env"' && { echo '.env is protected' >&2; exit 2; }; exit 0`,
};

/** The context a UserPromptSubmit hook adds (E1), which must reach the model's request. */
export const PROMPT_CONTEXT_MARKER = 'cosh-prompt-context-7b21: the repository is frozen today';
export const addPromptContext: CoshHook = {
  command: `cat >/dev/null; echo '${JSON.stringify({ context: PROMPT_CONTEXT_MARKER })}'`,
};

/** Blocks every prompt (E1: exit 2, the reason on stderr): the prompt is never sent. */
export const PROMPT_DENY_REASON = 'cosh-prompt-deny-4e8d: prompts are closed for maintenance';
export const denyPrompt: CoshHook = { command: `cat >/dev/null; echo '${PROMPT_DENY_REASON}' >&2; exit 2` };

/** The context a SessionStart hook adds (E2), which must reach the model's first request. */
export const START_CONTEXT_MARKER = 'cosh-start-context-91c5: read CONTRIBUTING.md first';
export const addStartContext: CoshHook = {
  command: `cat >/dev/null; echo '${JSON.stringify({ context: START_CONTEXT_MARKER })}'`,
};

/** Appends the Cosh payload it receives to `log`, one JSON line per event run (E5: which events fired). */
export const logEvent = (log: string): CoshHook => ({ command: `{ cat; echo; } >> '${log}'` });

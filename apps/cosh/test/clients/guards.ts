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

// The files S6 keeps from `fs_write` and `fs_edit` are `protectedPaths`' list, asked through
// `@cosh/config`'s `protectedFiles` (which the bridges' B8 check shares).
export { type ProtectedFiles, protectedFiles } from '@cosh/config';

/** The refusal of `fs_write` and `fs_edit` (SPEC S6) for `shown` (the path as given), inside `own`. */
export function protectedFileMessage(shown: string, own: string): string {
  return `${shown} is one of Cosh's own files (in ${own}: a setup.json, a hook's script, the trust store, Cosh's cache or installation, .git/hooks or .git/config, an agent's settings that run Cosh, which the agent's sandbox keeps read-only), which the tools do not write`;
}

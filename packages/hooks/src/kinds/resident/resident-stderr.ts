// SPEC R12: a resident process's stderr "is collected per process, trimmed, into the diagnostics".
// A failed call already carries its stderr's tail in its error diagnostic (O5); a call that was
// answered shows what the process logged while it held the call as a diagnostic of its own.
import type { Diagnostic } from '@cosh/aggregate';

/** At most this much of the end of a call's stderr goes into its diagnostic. */
const keptChars = 4096;

/** Blank for the diagnostic's purpose: spaces, tabs, CR and LF only (O1's blank). */
function trimBlank(text: string): string {
  const blank = (code: number) => code === 32 || code === 9 || code === 13 || code === 10;
  let start = 0;
  let end = text.length;
  while (start < end && blank(text.charCodeAt(start))) start += 1;
  while (end > start && blank(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/**
 * The diagnostic for what a resident hook's process wrote to stderr during an answered call, or
 * `null` when it wrote nothing but blanks. Level `info`: the hook's own words, not a failure.
 */
export function residentStderrDiagnostic(hookName: string, stderr: string): Diagnostic | null {
  if (stderr === '') return null;
  let text = trimBlank(stderr);
  if (text === '') return null;
  if (text.length > keptChars) text = `…${text.slice(-keptChars)}`;
  return { level: 'info', hook: hookName, message: `hook '${hookName}' stderr: ${text}` };
}

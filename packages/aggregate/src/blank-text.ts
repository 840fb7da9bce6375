// O1's blank characters, and only those: a BOM, a form feed or a no-break space is not blank,
// so output carrying one is reported rather than silently accepted.
const BLANK = new Set([' ', '\t', '\r', '\n']);

/** Whether `text` holds only spaces, tabs, CRs and LFs (O1); the empty string is blank. */
export function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (!BLANK.has(text[index] as string)) return false;
  }
  return true;
}

/** `text` without leading and trailing spaces, tabs, CRs and LFs. */
export function trimBlank(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && BLANK.has(text[start] as string)) start += 1;
  while (end > start && BLANK.has(text[end - 1] as string)) end -= 1;
  return text.slice(start, end);
}

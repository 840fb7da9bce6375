// `${NAME}`: a POSIX-style variable name in braces. Other `$` text is left as written.
const variableReference = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The headers of an HTTP hook with every `${NAME}` in a value replaced by `env[NAME]`, an unset
 * name giving an empty string (H1), so a secret can stay out of setup.json. Pure; names are
 * left untouched, and a replaced value is never scanned again (a value cannot inject another
 * reference).
 *
 * @example
 * expandHeaderVariables({ authorization: 'Bearer ${TOKEN}' }, { TOKEN: 's3cret' });
 * // { authorization: 'Bearer s3cret' }
 */
export function expandHeaderVariables(
  headers: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const expanded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const replaced = value.replace(variableReference, (_reference, variable: string) =>
      Object.hasOwn(env, variable) ? (env[variable] ?? '') : '',
    );
    // A plain data property even for a header named `__proto__`.
    Object.defineProperty(expanded, name, { value: replaced, enumerable: true, writable: true, configurable: true });
  }
  return expanded;
}

/**
 * Whether any header value holds a `${NAME}` that {@link expandHeaderVariables} would replace: a
 * caller can then skip building the environment (copying `process.env`) for headers that need none.
 *
 * @example
 * headersNameVariables({ authorization: 'Bearer ${TOKEN}' }); // true
 * headersNameVariables({ 'x-price': '${1X} costs $5' }); // false
 */
export function headersNameVariables(headers: Readonly<Record<string, string>>): boolean {
  // `search` ignores the pattern's `g` flag and `lastIndex`: no state carries over between calls.
  return Object.values(headers).some((value) => value.search(variableReference) !== -1);
}

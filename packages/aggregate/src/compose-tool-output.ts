/**
 * The tool output that enters history (P2): `output`, then each non-empty piece of `appended`
 * on its own line. A `\n` goes first unless `output` is empty or already ends with one; pieces
 * are joined with `\n`. With nothing to append, `output` comes back unchanged, byte for byte.
 *
 * @example
 * composeToolOutput('ok', ['checked by lint', '[hook] secrets found']);
 * // 'ok\nchecked by lint\n[hook] secrets found'
 */
export function composeToolOutput(output: string, appended: readonly string[]): string {
  const pieces = appended.filter((piece) => piece !== '');
  if (pieces.length === 0) return output;
  const separator = output === '' || output.endsWith('\n') ? '' : '\n';
  return `${output}${separator}${pieces.join('\n')}`;
}

/**
 * The longest tool name a hook is given, in characters (code points): SPEC L7. A longer name is
 * refused before any hook runs. Hooks receive the name in `COSH_TOOL_NAME`, and the kernel limits
 * one environment string to 128 KiB (E2BIG): a name past that makes every hook fail to start.
 * The bound also keeps the text a matcher's regular expression runs on short. No real tool has a
 * name near it (MCP's own guidance is at most 128 characters).
 */
export const MAX_TOOL_NAME_LENGTH = 1024;

/**
 * Why a tool name cannot reach a hook whole (SPEC L7), or `null` when it can. The engine refuses
 * such a call in both events, with no hook run; a host that checks names before anything else
 * (the MCP proxy against its downstream's list) asks first so the refusal stays the engine's.
 *
 * @example
 * toolNameProblem('bash_run'); // null
 * toolNameProblem('x'.repeat(2000)); // 'toolName is 2000 characters long; a hook can be given at most 1024'
 */
export function toolNameProblem(toolName: string): string | null {
  // An environment variable cannot hold NUL, so COSH_TOOL_NAME could not carry the name (R4),
  // and a tool host reading the name as a C string would see only what precedes the NUL: a
  // matcher `^bash_run$` misses `bash_run\0x` while such a host runs bash_run.
  if (toolName.includes('\u0000')) {
    return 'toolName contains a NUL character (U+0000), which no hook can be given in COSH_TOOL_NAME';
  }
  // Counted in code points only when the UTF-16 length could pass the bound: the common case is
  // one comparison.
  if (toolName.length > MAX_TOOL_NAME_LENGTH) {
    const characters = countCodePoints(toolName);
    if (characters > MAX_TOOL_NAME_LENGTH) {
      return `toolName is ${characters} characters long; a hook can be given at most ${MAX_TOOL_NAME_LENGTH}`;
    }
  }
  return null;
}

function countCodePoints(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

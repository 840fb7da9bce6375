/**
 * A command and its arguments as one line a person could paste into a shell: arguments with
 * anything but safe characters are single-quoted (`node server.js '/my files'`).
 */
export function formatCommandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(quoteArgument).join(' ');
}

function quoteArgument(argument: string): string {
  if (/^[\w@%+=:,./-]+$/.test(argument)) return argument;
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}

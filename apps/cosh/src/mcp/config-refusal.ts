import { ConfigError } from '@cosh/config';

/**
 * The answer to every tool call of an MCP server whose setup.json does not load: the server
 * still starts and lists its tools, so the client can show why in the chat, and refuses each
 * call (fail closed: the guards the file holds cannot be known). Names each error as
 * `file:line:col: error: message`.
 */
export function configRefusal(error: ConfigError): string {
  return [
    `Refused: the hooks configuration ${error.file} does not load, so no tool call runs until it is fixed ` +
      '(`cosh hooks validate` lists every problem):',
    error.message,
  ].join('\n');
}

/**
 * Runs `load`; a {@link ConfigError} becomes the refusal text of {@link configRefusal} (logged
 * line by line with `log`), any other error is thrown as it is.
 */
export async function loadOrRefuse<T>(
  load: () => Promise<T>,
  log: (message: string) => void,
): Promise<
  { readonly loaded: T; readonly refusal?: undefined } | { readonly loaded?: undefined; readonly refusal: string }
> {
  try {
    return { loaded: await load() };
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    log('the configuration does not load: every tool call is refused until it is fixed');
    for (const line of error.message.split('\n')) log(line);
    return { refusal: configRefusal(error) };
  }
}

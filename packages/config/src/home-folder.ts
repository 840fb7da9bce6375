import { userInfo } from 'node:os';
import { isAbsolute } from 'node:path';
import { ConfigError } from './config-error.ts';

/**
 * The home folder every default location of Cosh is under (SPEC C1): the config file, the trust
 * store, the cache folder, the state folder, the agents' settings. `HOME` when it is an absolute
 * path, else the account's home from the password database. An empty `HOME` counts as unset,
 * and a relative one is never used: taken as it is, it would put the user's setup.json, trust
 * store and caches under the working folder (a repository's own `.config/cosh/setup.json` would
 * run as the user's hooks, `HOME=relhome` wrote caches into the project). With no absolute home
 * anywhere, throws a {@link ConfigError} (`E_CONFIG_NOT_FOUND`) rather than guess.
 */
export function homeFolder(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnvironment = env['HOME'];
  if (fromEnvironment !== undefined && isAbsolute(fromEnvironment)) return fromEnvironment;
  let account: string | undefined;
  try {
    account = userInfo().homedir;
  } catch {
    // No password entry for this uid (a container started with an arbitrary --user).
  }
  if (account !== undefined && isAbsolute(account)) return account;
  throw new ConfigError('E_CONFIG_NOT_FOUND', '~/.config/cosh/setup.json', [
    {
      severity: 'error',
      code: 'no_home',
      message:
        'cannot tell where the home folder is: HOME is unset, empty or relative, and the account has no home folder; set HOME, or name the file with --config or COSH_CONFIG',
      path: [],
      line: 1,
      column: 1,
    },
  ]);
}

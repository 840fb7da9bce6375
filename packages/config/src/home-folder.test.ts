import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { coshCacheFolder } from './cache-folder.ts';
import { homeFolder } from './home-folder.ts';
import { resolveConfigPath } from './resolve-config-path.ts';
import { trustStoreFile } from './trust/trust-store.ts';
import { validationCacheFile } from './validation-cache.ts';

const account = userInfo().homedir;

describe('homeFolder: one rule for every default location (SPEC C1)', () => {
  it('C1: HOME when it is an absolute path', () => {
    expect(homeFolder({ HOME: '/home/ada' })).toBe('/home/ada');
  });

  it('C1: an empty, relative or missing HOME counts as unset: the account home folder', () => {
    for (const env of [{ HOME: '' }, { HOME: 'relhome' }, { HOME: '.' }, { HOME: '~' }, {}]) {
      expect(homeFolder(env)).toBe(account);
    }
  });

  it('C1: the config file, the trust store and the caches all follow it, never under the working folder', () => {
    for (const HOME of ['', 'relhome']) {
      const env = { HOME };
      expect(resolveConfigPath({ cwd: '/work/project', env }).file).toBe(`${account}/.config/cosh/setup.json`);
      expect(trustStoreFile({ env })).toBe(`${account}/.local/state/cosh/trust.json`);
      expect(coshCacheFolder({ env })).toBe(`${account}/.cache/cosh`);
      expect(validationCacheFile({ env })).toBe(`${account}/.cache/cosh/validated-setup.json`);
    }
  });
});

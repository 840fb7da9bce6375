import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { resolveConfigPath } from './resolve-config-path.ts';

const base = { cwd: '/work/project', homedir: '/home/ada' };

describe('resolveConfigPath', () => {
  it('C1: an explicit path wins over everything, relative to the current directory', () => {
    expect(
      resolveConfigPath({
        ...base,
        path: 'conf/setup.json',
        env: { COSH_CONFIG: '/etc/cosh.json', XDG_CONFIG_HOME: '/xdg' },
      }),
    ).toEqual({ file: '/work/project/conf/setup.json', required: true, source: 'option' });
    expect(resolveConfigPath({ ...base, path: '/abs/setup.json', env: {} }).file).toBe('/abs/setup.json');
  });

  it('C1: then COSH_CONFIG, relative to the current directory', () => {
    expect(resolveConfigPath({ ...base, env: { COSH_CONFIG: 'my.json', XDG_CONFIG_HOME: '/xdg' } })).toEqual({
      file: '/work/project/my.json',
      required: true,
      source: 'env',
    });
  });

  it('C1: an empty COSH_CONFIG (or an empty path option) is ignored', () => {
    expect(resolveConfigPath({ ...base, path: '', env: { COSH_CONFIG: '', XDG_CONFIG_HOME: '/xdg' } })).toEqual({
      file: '/xdg/cosh/setup.json',
      required: false,
      source: 'xdg',
    });
  });

  it('C1: a relative XDG_CONFIG_HOME is ignored', () => {
    expect(resolveConfigPath({ ...base, env: { XDG_CONFIG_HOME: 'relative/xdg' } })).toEqual({
      file: '/home/ada/.config/cosh/setup.json',
      required: false,
      source: 'home',
    });
    expect(resolveConfigPath({ ...base, env: { XDG_CONFIG_HOME: '' } }).source).toBe('home');
  });

  it('C1: falls back to ~/.config/cosh/setup.json, taking HOME from the given environment', () => {
    expect(resolveConfigPath({ cwd: '/', env: { HOME: '/home/bob' } }).file).toBe('/home/bob/.config/cosh/setup.json');
  });

  it('C1: an empty, relative or missing HOME counts as unset: the account home folder, never a relative path', () => {
    const accountConfig = `${userInfo().homedir}/.config/cosh/setup.json`;
    const expected = { file: accountConfig, required: false, source: 'home' };
    for (const env of [{ HOME: '' }, { HOME: 'work' }, { HOME: '.' }, {}]) {
      expect(resolveConfigPath({ cwd: '/work/project', env })).toEqual(expected);
    }
    // The process's own HOME="": os.homedir() returns '' then, which made the path relative.
    const saved = process.env['HOME'];
    try {
      process.env['HOME'] = '';
      expect(resolveConfigPath({ cwd: '/work/project' })).toEqual(expected);
    } finally {
      process.env['HOME'] = saved;
    }
  });
});

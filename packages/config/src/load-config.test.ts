import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig, safeLoadConfig } from './load-config.ts';
import { emptyConfig } from './parse-config.ts';

const makeFolder = temporaryFolders('cosh-config-load-');

let directory: string;

beforeEach(() => {
  directory = makeFolder();
});

async function expectConfigError(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ConfigError.isInstance(error)) throw new Error(`expected a ConfigError, got ${String(error)}`);
  return error;
}

describe('loadConfig', () => {
  it('C1: a missing file at a default location means no hooks', async () => {
    const loaded = await loadConfig({ cwd: directory, env: { HOME: directory } });
    expect(loaded).toEqual({ file: null, config: emptyConfig(), warnings: [] });
    const fromXdg = await loadConfig({ cwd: directory, env: { XDG_CONFIG_HOME: join(directory, 'xdg') } });
    expect(fromXdg.file).toBeNull();
  });

  it('C1: reads the XDG location before the home one', async () => {
    await mkdir(join(directory, 'xdg', 'cosh'), { recursive: true });
    await writeFile(join(directory, 'xdg', 'cosh', 'setup.json'), '{"hooks": {"PreToolUse": [{"command": "xdg"}]}}');
    const loaded = await loadConfig({
      cwd: directory,
      env: { HOME: directory, XDG_CONFIG_HOME: join(directory, 'xdg') },
    });
    expect(loaded.file).toBe(join(directory, 'xdg', 'cosh', 'setup.json'));
    expect(loaded.config.hooks.PreToolUse[0]?.command).toBe('xdg');
  });

  it('C1: a missing file named by the option or COSH_CONFIG is an error', async () => {
    const named = await expectConfigError(loadConfig({ cwd: directory, path: 'nope.json', env: {} }));
    expect(named.code).toBe('E_CONFIG_NOT_FOUND');
    expect(named.file).toBe(join(directory, 'nope.json'));
    expect(named.message).toBe(`${join(directory, 'nope.json')}:1:1: error: config file not found`);
    const fromEnvironment = await expectConfigError(loadConfig({ cwd: directory, env: { COSH_CONFIG: 'gone.json' } }));
    expect(fromEnvironment.code).toBe('E_CONFIG_NOT_FOUND');
    expect(fromEnvironment.problems[0]?.message).toContain('COSH_CONFIG');
  });

  it('C1: a directory given as the config is a read error that says so', async () => {
    const error = await expectConfigError(loadConfig({ cwd: directory, path: directory, env: {} }));
    expect(error.code).toBe('E_CONFIG_READ');
    expect(error.problems[0]?.message).toBe(
      'this is a directory, not a config file (setup.json must be a regular file)',
    );
  });

  it('C1: a FIFO, a device or a file over 4 MiB is an error at once, never a wait or an unbounded read', async () => {
    const fifo = join(directory, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const startedAt = performance.now();
    // Named by COSH_CONFIG and by the option: no writer ever opens the FIFO, /dev/zero never ends.
    const fromFifo = await expectConfigError(loadConfig({ cwd: directory, env: { COSH_CONFIG: fifo } }));
    const fromDevice = await expectConfigError(loadConfig({ cwd: directory, path: '/dev/zero' }));
    expect(performance.now() - startedAt).toBeLessThan(10_000);
    expect([fromFifo.code, fromDevice.code]).toEqual(['E_CONFIG_READ', 'E_CONFIG_READ']);
    expect(fromFifo.problems[0]?.message).toBe(
      'this is a FIFO (named pipe), not a config file (setup.json must be a regular file)',
    );
    expect(fromDevice.problems[0]?.message).toBe(
      'this is a character device, not a config file (setup.json must be a regular file)',
    );

    const huge = join(directory, 'huge.json');
    await writeFile(huge, `{"hooks": {}}${' '.repeat(4 * 1024 * 1024)}`);
    const fromHuge = await expectConfigError(loadConfig({ path: huge }));
    expect(fromHuge.problems[0]?.message).toBe(
      `the config file is too large (${4 * 1024 * 1024 + 13} bytes; setup.json may be at most 4 MiB)`,
    );
    // Exactly 4 MiB is still a config.
    await writeFile(huge, `{"hooks": {}}${' '.repeat(4 * 1024 * 1024 - 13)}`);
    expect((await loadConfig({ path: huge })).file).toBe(huge);
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable file is a read error', async () => {
    const file = join(directory, 'locked.json');
    await writeFile(file, '{}');
    await chmod(file, 0o000);
    const error = await expectConfigError(loadConfig({ path: file }));
    expect(error.code).toBe('E_CONFIG_READ');
    expect(error.problems[0]?.message).toMatch(/permission denied/);
  });

  it('C6: a file that fails validation throws E_CONFIG_INVALID with the absolute file', async () => {
    await writeFile(join(directory, 'setup.json'), '{"hooks": {"PreToolUse": [{}]}}');
    const error = await expectConfigError(loadConfig({ cwd: directory, path: 'setup.json' }));
    expect(error.code).toBe('E_CONFIG_INVALID');
    expect(error.file).toBe(join(directory, 'setup.json'));
  });

  it('returns the config and its warnings', async () => {
    const file = join(directory, 'setup.json');
    await writeFile(file, '{"hooks": {"PreToolUse": [{"command": "x", "matcher": "*run"}]}}');
    const loaded = await loadConfig({ path: file });
    expect(loaded.file).toBe(file);
    expect(loaded.config.hooks.PreToolUse).toHaveLength(1);
    expect(loaded.warnings.map((warning) => warning.code)).toEqual(['invalid_matcher']);
  });
});

describe('safeLoadConfig', () => {
  it('returns the error as a value instead of throwing', async () => {
    await writeFile(join(directory, 'bad.json'), '{');
    const result = await safeLoadConfig({ path: join(directory, 'bad.json') });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('E_CONFIG_SYNTAX');
  });

  it('wraps a good load', async () => {
    await writeFile(join(directory, 'good.json'), '{}');
    expect(await safeLoadConfig({ path: join(directory, 'good.json') })).toEqual({
      ok: true,
      value: { file: join(directory, 'good.json'), config: emptyConfig(), warnings: [] },
    });
  });
});

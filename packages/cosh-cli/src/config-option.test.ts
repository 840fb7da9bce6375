import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-errors.ts';
import { configOption } from './config-option.ts';
import { configPathOf } from './option-values.ts';

describe('--config', () => {
  const command = new Command('cosh').addOption(configOption());

  it('C1: is passed on as given, and absent when not given', () => {
    expect(configPathOf({ config: 'conf/setup.json' }, command)).toBe('conf/setup.json');
    expect(configPathOf({}, command)).toBeUndefined();
  });

  it('X: an empty or blank value is bad usage, not the default file', () => {
    for (const config of ['', '  ']) {
      const error = (() => {
        try {
          return configPathOf({ config }, command);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(UsageError.isInstance(error) && error.message).toBe(
        "option '--config <file>' needs a file name, not an empty string",
      );
    }
  });

  it('is the documented option', () => {
    expect(command.options.map((option) => option.flags)).toEqual(['--config <file>']);
  });
});

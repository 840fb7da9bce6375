import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commanderMessage, commandPath, usageHint } from './usage-hint.ts';

describe('usage hints', () => {
  const program = new Command('cosh');
  const list = program.command('hooks').command('list');

  it('name the words that reach a command', () => {
    expect(commandPath(list)).toBe('cosh hooks list');
    expect(commandPath(program)).toBe('cosh');
  });

  it('fit commander errors on one line with the suggestion inline', () => {
    expect(commanderMessage("error: unknown option '--jsn'\n(Did you mean --json?)")).toBe(
      "unknown option '--jsn' (did you mean --json?)",
    );
    expect(commanderMessage("error: unknown command 'lst'\n(Did you mean one of list, last?)")).toBe(
      "unknown command 'lst' (did you mean one of list, last?)",
    );
    expect(commanderMessage("error: too many arguments for 'list'. Expected 0 arguments but got 1.")).toBe(
      "too many arguments for 'list'. Expected 0 arguments but got 1",
    );
  });

  it('end with where help is', () => {
    expect(usageHint("unknown option '--jsn' (did you mean --json?)", list)).toBe(
      "cosh: unknown option '--jsn' (did you mean --json?). See 'cosh hooks list --help'.",
    );
  });
});

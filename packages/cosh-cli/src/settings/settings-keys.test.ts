import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { settingsKeys } from './settings-keys.ts';

/** Ink's key flags, all off except those given. */
function key(flags: Partial<Key> = {}): Key {
  return {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageDown: false,
    pageUp: false,
    home: false,
    end: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    super: false,
    hyper: false,
    capsLock: false,
    numLock: false,
    ...flags,
  };
}

describe('settingsKeys', () => {
  it('one key on its own: letters, arrows, page keys, Ctrl-C, Esc', () => {
    expect(settingsKeys('j', key())).toEqual(['down']);
    expect(settingsKeys('k', key())).toEqual(['up']);
    expect(settingsKeys('', key({ downArrow: true }))).toEqual(['down']);
    expect(settingsKeys('', key({ upArrow: true }))).toEqual(['up']);
    expect(settingsKeys('', key({ pageDown: true }))).toEqual(['pageDown']);
    expect(settingsKeys('', key({ pageUp: true }))).toEqual(['pageUp']);
    expect(settingsKeys('', key({ home: true }))).toEqual(['top']);
    expect(settingsKeys('G', key({ shift: true }))).toEqual(['bottom']);
    expect(settingsKeys('g', key())).toEqual(['top']);
    expect(settingsKeys(' ', key())).toEqual(['toggle']);
    expect(settingsKeys('r', key())).toEqual(['reload']);
    expect(settingsKeys('q', key())).toEqual(['quit']);
    // Esc closes the detail view where one is open, else it quits (the screen decides).
    expect(settingsKeys('', key({ escape: true, meta: true }))).toEqual(['back']);
    expect(settingsKeys('c', key({ ctrl: true }))).toEqual(['interrupt']);
    expect(settingsKeys('x', key())).toEqual([]);
  });

  it('issue 13: every character of a run is a key press (`jj` is two, a held j many)', () => {
    expect(settingsKeys('jj', key())).toEqual(['down', 'down']);
    expect(settingsKeys('jj ', key())).toEqual(['down', 'down', 'toggle']);
    expect(settingsKeys('j'.repeat(25), key())).toHaveLength(25);
    expect(settingsKeys('kGgr', key())).toEqual(['up', 'bottom', 'top', 'reload']);
    // Characters that are no key are skipped, the others kept in order.
    expect(settingsKeys('xj%\rk', key())).toEqual(['down', 'details', 'up']);
    // S4: t reviews, y and n answer the review's question.
    expect(settingsKeys('tyYnN', key())).toEqual(['trust', 'yes', 'yes', 'no', 'no']);
  });

  it('issue 13: Ctrl-C and q inside a run still interrupt and quit, in their place', () => {
    expect(settingsKeys('jj\u0003', key())).toEqual(['down', 'down', 'interrupt']);
    expect(settingsKeys('jq', key())).toEqual(['down', 'quit']);
  });

  it("issue 13: Enter opens (and closes) a hook's details, e edits it", () => {
    expect(settingsKeys('\r', key({ return: true }))).toEqual(['details']);
    expect(settingsKeys('e', key())).toEqual(['edit']);
    expect(settingsKeys('?', key())).toEqual(['help']);
    expect(settingsKeys('j\re', key())).toEqual(['down', 'details', 'edit']);
  });

  it('a Ctrl combination other than Ctrl-C is not its letter', () => {
    expect(settingsKeys('k', key({ ctrl: true }))).toEqual([]);
    expect(settingsKeys('q', key({ ctrl: true }))).toEqual([]);
  });

  it('the remnant of an escape sequence ink does not name is no key at all', () => {
    expect(settingsKeys('[200~', key())).toEqual([]);
    expect(settingsKeys('[I', key())).toEqual([]);
    expect(settingsKeys('[[A', key())).toEqual([]);
    expect(settingsKeys('Oj', key())).toEqual([]);
    // A run that only starts with `[` is still a run.
    expect(settingsKeys('[jj', key())).toEqual(['down', 'down']);
  });
});

import { describe, expect, it } from 'vitest';
import { dedupeKey, protocolOf } from './dedupe-key.ts';

describe('dedupeKey', () => {
  it('M4: equal commands give equal keys; a missing protocol is cosh', () => {
    expect(dedupeKey({ command: './guard.sh' })).toBe(dedupeKey({ command: './guard.sh', protocol: 'cosh' }));
    expect(dedupeKey({ command: './guard.sh' })).not.toBe(dedupeKey({ command: './guard.sh ' }));
  });

  it('K2: the same command under the two protocols is two hooks', () => {
    expect(dedupeKey({ command: './guard.sh', protocol: 'claude' })).not.toBe(dedupeKey({ command: './guard.sh' }));
    expect(dedupeKey({ command: './guard.sh', protocol: 'claude' })).toBe(
      dedupeKey({ command: './guard.sh', protocol: 'claude' }),
    );
  });

  it('R12: M4 compares resident too: a resident hook and the same command per call are two hooks', () => {
    expect(dedupeKey({ command: './guard.sh', resident: true })).not.toBe(dedupeKey({ command: './guard.sh' }));
    expect(dedupeKey({ command: './guard.sh', resident: false })).toBe(dedupeKey({ command: './guard.sh' }));
    expect(dedupeKey({ command: './guard.sh', resident: true })).toBe(
      dedupeKey({ command: './guard.sh', resident: true }),
    );
  });

  it('H: an HTTP hook compares url, headers (in any order) and protocol', () => {
    const url = 'http://127.0.0.1:8080/hook';
    const key = dedupeKey({ url, headers: { a: '1', b: '2' } });
    expect(dedupeKey({ url, headers: { b: '2', a: '1' } })).toBe(key);
    expect(dedupeKey({ url, headers: { a: '1', b: '3' } })).not.toBe(key);
    expect(dedupeKey({ url, headers: { a: '1' } })).not.toBe(key);
    expect(dedupeKey({ url, headers: { a: '1', b: '2' }, protocol: 'claude' })).not.toBe(key);
    expect(dedupeKey({ url: `${url}/x`, headers: { a: '1', b: '2' } })).not.toBe(key);
    expect(dedupeKey({ url })).toBe(dedupeKey({ url, headers: {} }));
  });

  it('M4: the same command dedupes only within one folder: the user file and a project file are two hooks', () => {
    const command = '"$COSH_CONFIG_DIR/guard.sh"';
    const user = dedupeKey({ command, file: '/home/ada/.config/cosh/setup.json' });
    expect(dedupeKey({ command, file: '/repo/.cosh/setup.json' })).not.toBe(user);
    expect(dedupeKey({ command, file: '/home/ada/.config/cosh/setup.json' })).toBe(user);
    // Two files in one folder (a --config beside the default) share the scripts: one hook.
    expect(dedupeKey({ command, file: '/home/ada/.config/cosh/other.json' })).toBe(user);
    expect(dedupeKey({ command, file: null })).toBe(dedupeKey({ command }));
  });

  it('M4: a command and a url with the same text never share a key', () => {
    expect(dedupeKey({ command: 'http://x' })).not.toBe(dedupeKey({ url: 'http://x' }));
  });

  it('M4: a hook with neither command nor url has no key', () => {
    expect(dedupeKey({})).toBeNull();
  });

  it('K1: only "claude" selects Claude\'s protocol', () => {
    expect(protocolOf({ protocol: 'claude' })).toBe('claude');
    expect(protocolOf({ protocol: 'cosh' })).toBe('cosh');
    expect(protocolOf({})).toBe('cosh');
  });
});

describe('dedupeKey with config entries (C5)', () => {
  it('H, C5: an entry as @cosh/config gives it (command or url null) is keyed by the one it has', () => {
    expect(dedupeKey({ command: null, url: 'http://x/hook', headers: {}, protocol: 'cosh' })).toBe(
      dedupeKey({ url: 'http://x/hook' }),
    );
    expect(dedupeKey({ command: './g.sh', url: null, headers: {}, protocol: 'claude' })).toBe(
      dedupeKey({ command: './g.sh', protocol: 'claude' }),
    );
    expect(dedupeKey({ command: null, url: null })).toBeNull();
  });
});

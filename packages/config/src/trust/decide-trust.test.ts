import { describe, expect, it } from 'vitest';
import { decideTrust, type HookScripts, type TrustContext, type TrustFacts } from './decide-trust.ts';
import type { TrustRecord } from './trust-store.ts';

const userFile = '/home/ada/.config/cosh/setup.json';
const guard = '/home/ada/.config/cosh/guard.sh';
const hash = (digit: string): string => digit.repeat(64);

const guardHooks: HookScripts[] = [
  { event: 'PreToolUse', index: 0, name: 'Guard', scripts: [guard] },
  { event: 'PreToolUse', index: 1, name: 'Echo', scripts: [] },
  { event: 'PostToolUse', index: 0, name: 'Also guard', scripts: ['/usr/bin/env', guard] },
];

function facts(overrides: Partial<TrustFacts> = {}): TrustFacts {
  return {
    layer: 'user',
    file: userFile,
    exists: true,
    sha256: hash('a'),
    fileHooks: guardHooks,
    snapshotHooks: null,
    scriptHashes: new Map([
      [guard, hash('b')],
      ['/usr/bin/env', hash('c')],
    ]),
    writableByUser: false,
    ...overrides,
  };
}

const record: TrustRecord = {
  path: userFile,
  fingerprint: hash('f'),
  sha256: hash('a'),
  snapshot: '{"hooks": {}}',
  scripts: [
    { path: guard, sha256: hash('b') },
    { path: '/usr/bin/env', sha256: hash('c') },
  ],
  trustedAt: '2026-01-01T00:00:00.000Z',
};

const checked: TrustContext = { trustAll: false, trustOnFirstUse: false };

describe('decideTrust', () => {
  it('S1: the managed file is used as it is; writable by the running user is a warning', () => {
    const managed = decideTrust(facts({ layer: 'managed', file: '/etc/cosh/setup.json' }), undefined, checked);
    expect(managed).toMatchObject({ state: 'managed', load: 'file', warning: null, refusal: null });
    const writable = decideTrust(
      facts({ layer: 'managed', file: '/etc/cosh/setup.json', writableByUser: true }),
      undefined,
      checked,
    );
    expect(writable.state).toBe('managed');
    expect(writable.warning).toContain('/etc/cosh/setup.json is the managed file, but this user can write it');
  });

  it('S4: COSH_TRUST=all uses user and project files as they are, record or not, changed or not', () => {
    const context = { trustAll: true, trustOnFirstUse: false };
    expect(decideTrust(facts(), undefined, context)).toMatchObject({ state: 'env', load: 'file', refusal: null });
    expect(decideTrust(facts({ layer: 'project', sha256: hash('9') }), record, context)).toMatchObject({
      state: 'env',
      load: 'file',
      hookProblems: [],
    });
  });

  it('S5: trusted (same bytes, same scripts) → the file is used, nothing said', () => {
    expect(decideTrust(facts(), record, checked)).toEqual({
      state: 'trusted',
      load: 'file',
      recordNow: false,
      hookProblems: [],
      scriptChanges: [],
      refusal: null,
      warning: null,
    });
  });

  it('S5: the file changed → its trusted copy is used, with a warning naming the file and cosh hooks trust', () => {
    const decision = decideTrust(facts({ sha256: hash('d'), snapshotHooks: guardHooks }), record, checked);
    expect(decision).toMatchObject({ state: 'changed', load: 'snapshot', refusal: null, hookProblems: [] });
    expect(decision.warning).toBe(
      `${userFile} changed since it was trusted: its trusted copy is used until you review the change with cosh hooks trust`,
    );
  });

  it('S5: a trusted user file that is gone keeps running as trusted (removing it is a change too)', () => {
    const decision = decideTrust(facts({ exists: false, sha256: null, snapshotHooks: guardHooks }), record, checked);
    expect(decision).toMatchObject({ state: 'changed', load: 'snapshot' });
    expect(decision.warning).toContain('was removed since it was trusted');
  });

  it('S5: a trusted copy that cannot be read back refuses every call, never runs the changed file', () => {
    const decision = decideTrust(facts({ sha256: hash('d'), snapshotHooks: null }), record, checked);
    expect(decision).toMatchObject({ state: 'changed', load: 'nothing' });
    expect(decision.refusal).toBe(
      `${userFile} changed since it was trusted, and its trusted copy cannot be read back; run cosh hooks trust in a terminal`,
    );
  });

  it('S5: a changed script makes each hook naming it a deny with the exact reason, in both events', () => {
    const decision = decideTrust(
      facts({
        scriptHashes: new Map([
          [guard, hash('e')],
          ['/usr/bin/env', hash('c')],
        ]),
      }),
      record,
      checked,
    );
    expect(decision.state).toBe('changed');
    expect(decision.load).toBe('file');
    expect(decision.hookProblems).toEqual([
      {
        event: 'PreToolUse',
        index: 0,
        reason: `hook 'Guard': script ${guard} changed since it was trusted (run cosh hooks trust)`,
      },
      {
        event: 'PostToolUse',
        index: 0,
        reason: `hook 'Also guard': script ${guard} changed since it was trusted (run cosh hooks trust)`,
      },
    ]);
    expect(decision.scriptChanges).toEqual([{ path: guard, change: 'changed' }]);
    expect(decision.warning).toContain(guard);
  });

  it('S5: a script that vanished or newly appeared counts as changed too', () => {
    const vanished = decideTrust(facts({ scriptHashes: new Map([['/usr/bin/env', hash('c')]]) }), record, checked);
    expect(vanished.scriptChanges).toEqual([{ path: guard, change: 'missing' }]);
    expect(vanished.hookProblems.map((problem) => problem.index)).toEqual([0, 0]);

    const later = '/home/ada/.config/cosh/later.sh';
    const appeared = decideTrust(
      facts({
        fileHooks: [{ event: 'PreToolUse', index: 0, name: 'Later', scripts: [later] }],
        scriptHashes: new Map([[later, hash('1')]]),
      }),
      record,
      checked,
    );
    expect(appeared.scriptChanges).toEqual([{ path: later, change: 'new' }]);
    expect(appeared.hookProblems).toHaveLength(1);
    // A path that was no file when trusted and is none now changes nothing.
    const stillAbsent = decideTrust(
      facts({
        fileHooks: [{ event: 'PreToolUse', index: 0, name: 'Later', scripts: [later] }],
        scriptHashes: new Map([[later, null]]),
      }),
      record,
      checked,
    );
    expect(stillAbsent.state).toBe('trusted');
  });

  it('S5: the scripts checked are those of the text that runs: the trusted copy when the file changed', () => {
    const other = '/opt/other.sh';
    const decision = decideTrust(
      facts({
        sha256: hash('d'),
        // The changed file names another script; the trusted copy names the guard, which changed.
        fileHooks: [{ event: 'PreToolUse', index: 0, name: 'Other', scripts: [other] }],
        snapshotHooks: guardHooks,
        scriptHashes: new Map([
          [guard, hash('e')],
          [other, hash('1')],
          ['/usr/bin/env', hash('c')],
        ]),
      }),
      record,
      checked,
    );
    expect(decision.load).toBe('snapshot');
    expect(decision.scriptChanges).toEqual([{ path: guard, change: 'changed' }]);
  });

  it('S5: a new project file is not loaded, with a warning; the load goes on', () => {
    const decision = decideTrust(facts({ layer: 'project', file: '/work/repo/.cosh/setup.json' }), undefined, checked);
    expect(decision).toMatchObject({ state: 'untrusted', load: 'nothing', refusal: null, recordNow: false });
    expect(decision.warning).toBe(
      '/work/repo/.cosh/setup.json is not trusted yet, so its hooks do not run: review it with cosh hooks trust',
    );
  });

  it('S4/S5: a new project file is never trusted on first use, even at a terminal', () => {
    const decision = decideTrust(facts({ layer: 'project' }), undefined, { trustAll: false, trustOnFirstUse: true });
    expect(decision).toMatchObject({ state: 'untrusted', load: 'nothing', recordNow: false });
  });

  it('S5: a new user file without a terminal is not loaded and every call is refused', () => {
    const decision = decideTrust(facts(), undefined, checked);
    expect(decision).toMatchObject({ state: 'untrusted', load: 'nothing', recordNow: false });
    expect(decision.refusal).toBe(`${userFile} is not trusted yet; run cosh hooks trust in a terminal`);
  });

  it('S4: a new user file is trusted on first use where the command allows it, once it parses', () => {
    const context = { trustAll: false, trustOnFirstUse: true };
    expect(decideTrust(facts(), undefined, context)).toMatchObject({
      state: 'trusted',
      load: 'file',
      recordNow: true,
      refusal: null,
    });
    // A file that does not parse is loaded (so its errors stop the load) but never recorded.
    expect(decideTrust(facts({ fileHooks: null }), undefined, context)).toMatchObject({
      load: 'file',
      recordNow: false,
    });
  });
});

import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { captureStream } from '../../__fixtures__/run-in-process.ts';
import { createCliContext } from '../../cli-context.ts';
import { connectRecordFile, type FileRecord, recordChanges } from '../../client-fence/fence-record.ts';
import { runDisconnect } from '../../commands/disconnect.ts';
import { planCodexFence, readCodexToml } from './codex-fence.ts';
import { codexFenceRestoreOf, mergeCodexFenceRestore } from './codex-fence-restore.ts';

const makeFolder = temporaryFolders('cosh-codex-fence-restore-');
const disconnectCommand = { name: () => 'disconnect', parent: null };
const original = 'model = "gpt-5"\nsandbox_mode = "danger-full-access"\n\n[analytics]\nenabled = false\n';

describe('what disconnect needs to restore config.toml (SPEC X, B9)', () => {
  it('X: a connect.json of the previous build (its facts at the top of the record) still restores config.toml', async () => {
    const home = makeFolder();
    const env = { HOME: home };
    const config = join(home, '.codex', 'config.toml');
    mkdirSync(join(home, '.codex'));
    const plan = planCodexFence(original, readCodexToml(original, config), config);
    writeFileSync(config, plan.text as string);
    // Exactly what the previous build's recordChanges wrote for a config.toml.
    const previous = { created: false, json: [], removedLines: ['sandbox_mode = "danger-full-access"'] };
    mkdirSync(join(connectRecordFile(env), '..'), { recursive: true });
    writeFileSync(
      connectRecordFile(env),
      `${JSON.stringify({ version: 1, files: { [config]: previous } }, null, 2)}\n`,
    );

    const stdout = captureStream();
    await runDisconnect(createCliContext({ stdout, env, cwd: home }), {
      agent: 'codex',
      user: false,
      project: false,
      command: disconnectCommand,
    });
    expect(readFileSync(config, 'utf8')).toBe(original);
    expect(stdout.text()).toContain('removed the permission profile "cosh"');
    expect(existsSync(connectRecordFile(env))).toBe(false);
  });

  it("X: the previous build's replaced default_permissions is read too; nothing recorded puts nothing back", () => {
    const old = { created: false, json: [], removedLines: [], replacedDefaultPermissions: 'mine' } as FileRecord;
    expect(codexFenceRestoreOf(old, 'config.toml')).toEqual({ removedLines: [], replacedDefaultPermissions: 'mine' });
    expect(codexFenceRestoreOf(undefined, 'config.toml')).toEqual({ removedLines: [] });
  });

  it('X: a later --fence adds to an earlier record, old shape or new, and keeps the first replaced value', () => {
    const record = { version: 1 as const, files: {} as Record<string, FileRecord> };
    const file = '/home/ada/.codex/config.toml';
    record.files[file] = { created: true, json: [], removedLines: ['sandbox_mode = "a"'] } as FileRecord;
    const restore =
      (now: { removedLines: string[]; replacedDefaultPermissions?: string | null }) =>
      (recorded: FileRecord | undefined) =>
        mergeCodexFenceRestore(codexFenceRestoreOf(recorded, file), now);
    recordChanges(record, file, false, {
      restore: restore({ removedLines: ['sandbox_mode = "b"'], replacedDefaultPermissions: null }),
    });
    expect(record.files[file]).toEqual({
      created: true,
      json: [],
      restore: { removedLines: ['sandbox_mode = "a"', 'sandbox_mode = "b"'], replacedDefaultPermissions: null },
    });
    recordChanges(record, file, false, { restore: restore({ removedLines: [], replacedDefaultPermissions: 'later' }) });
    expect(codexFenceRestoreOf(record.files[file], file)).toEqual({
      removedLines: ['sandbox_mode = "a"', 'sandbox_mode = "b"'],
      replacedDefaultPermissions: null,
    });
  });

  it('X: a restore value of another shape is an error naming the file, never a guess', () => {
    const broken = { created: false, json: [], restore: { removedLines: 'sandbox_mode = "a"' } } as FileRecord;
    expect(() => codexFenceRestoreOf(broken, '/c.toml')).toThrow(
      /record of \/c\.toml is not one of cosh connect codex --fence/,
    );
    expect(() => codexFenceRestoreOf({ created: false, json: [], restore: 3 }, '/c.toml')).toThrow(/\/c\.toml/);
  });
});

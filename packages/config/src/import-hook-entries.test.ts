import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from './parse-config.ts';
import { replaceImportedHooks } from './replace-imported-hooks.ts';

const makeFolder = temporaryFolders('cosh-import-');

let folder: string;
beforeEach(() => {
  folder = makeFolder();
});

const entry = (name: string, command: string, matcher?: string) => ({
  name,
  protocol: 'claude' as const,
  ...(matcher === undefined ? {} : { matcher }),
  command,
  timeout: 600,
});

describe('replaceImportedHooks (K6, C8)', () => {
  it('K6/C8: appends the entries, keeping comments, other keys and other hooks; a re-import replaces its own', async () => {
    const file = join(folder, 'setup.json');
    const original = `{
  // my settings
  "theme": "dark",
  "hooks": {
    "PreToolUse": [
      { "name": "mine", "command": "true" } // keep me
    ]
  }
}
`;
    writeFileSync(file, original);
    chmodSync(file, 0o600);
    const first = await replaceImportedHooks(file, 'claude:project:', {
      PreToolUse: [entry('claude:project:PreToolUse[0].hooks[0]', 'a.sh', 'Bash')],
      PostToolUse: [entry('claude:project:PostToolUse[0].hooks[0]', 'b.sh')],
    });
    expect(first).toMatchObject({ created: false, removed: 0, added: 2 });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('// my settings');
    expect(text).toContain('// keep me');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const parsed = parseConfig(text, file);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.config.hooks.PreToolUse.map((hook) => [hook.name, hook.protocol, hook.matcher])).toEqual([
      ['mine', 'cosh', ''],
      ['claude:project:PreToolUse[0].hooks[0]', 'claude', 'Bash'],
    ]);
    expect(parsed.config.hooks.PostToolUse.map((hook) => [hook.name, hook.command, hook.timeout])).toEqual([
      ['claude:project:PostToolUse[0].hooks[0]', 'b.sh', 600],
    ]);

    const again = await replaceImportedHooks(file, 'claude:project:', {
      PreToolUse: [entry('claude:project:PreToolUse[0].hooks[0]', 'c.sh', 'Bash')],
      PostToolUse: [],
    });
    expect(again).toMatchObject({ removed: 2, added: 1 });
    const reparsed = parseConfig(readFileSync(file, 'utf8'), file);
    if (!reparsed.ok) throw reparsed.error;
    expect(reparsed.config.hooks.PreToolUse.map((hook) => hook.command)).toEqual(['true', 'c.sh']);
    expect(reparsed.config.hooks.PostToolUse).toEqual([]);
    expect(readFileSync(file, 'utf8')).toContain('// my settings');
  });

  it('C8: a file that does not parse is never written; a missing one is created', async () => {
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"hooks": ');
    await expect(
      replaceImportedHooks(broken, 'claude:user:', { PreToolUse: [entry('claude:user:x', 'a')], PostToolUse: [] }),
    ).rejects.toMatchObject({ name: 'ConfigError' });
    expect(readFileSync(broken, 'utf8')).toBe('{"hooks": ');

    const fresh = join(folder, 'sub', 'setup.json');
    expect(
      await replaceImportedHooks(fresh, 'claude:user:', { PreToolUse: [entry('claude:user:x', 'a')], PostToolUse: [] }),
    ).toMatchObject({ created: true, added: 1 });
    const parsed = parseConfig(readFileSync(fresh, 'utf8'), fresh);
    expect(parsed.ok && parsed.config.hooks.PreToolUse[0]?.name).toBe('claude:user:x');
  });
});

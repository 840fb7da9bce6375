// SPEC F2: the input fields of shell and patch tools, read from @cosh/spec's tables.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { touchedPaths } from './touched-paths.ts';

const makeFolder = temporaryFolders('cosh-touched-paths-');

describe('touched paths of shell and patch tools (SPEC F2)', () => {
  it('F2: a shell command runs in the first folder field given (directory, dir_path, cwd): its words are taken from there', async () => {
    const cwd = makeFolder();
    mkdirSync(join(cwd, 'sub'));
    writeFileSync(join(cwd, 'sub', 'notes'), '');
    for (const field of ['directory', 'dir_path', 'cwd']) {
      const found = await touchedPaths(
        { toolName: 'run_shell_command', toolInput: { command: 'cat notes', [field]: 'sub' } },
        { cwd, home: cwd },
      );
      expect(found.paths).toContain(join(cwd, 'sub', 'notes'));
    }
    const first = await touchedPaths(
      { toolName: 'bash_run', toolInput: { command: 'cat notes', directory: 'sub', cwd: 'elsewhere' } },
      { cwd, home: cwd },
    );
    expect(first.paths).toContain(join(cwd, 'sub', 'notes'));
  });

  it('F2: a command given as `cmd` or as an argv is read; `bash -lc <script>` is its script', async () => {
    const cwd = makeFolder();
    const argv = await touchedPaths(
      { toolName: 'exec_command', toolInput: { cmd: ['cat', '/etc/hosts'] } },
      { cwd, home: cwd },
    );
    expect(argv.commands).toEqual([['cat', '/etc/hosts']]);
    const script = await touchedPaths(
      { toolName: 'shell', toolInput: { command: ['bash', '-lc', 'cat /etc/hosts > /tmp/out'] } },
      { cwd, home: cwd },
    );
    expect(script.commands).toEqual([['cat', '/etc/hosts']]);
    expect(script.paths).toContain('/tmp/out');
  });

  it('F2: a patch that does not read as one touches every path, and says why', async () => {
    const cwd = makeFolder();
    const found = await touchedPaths(
      { toolName: 'apply_patch', toolInput: { input: 'not a patch', path: 'beside.txt' } },
      { cwd, home: cwd },
    );
    expect(found).toMatchObject({ unknown: true, reason: 'the patch does not read as a Codex patch' });
    expect(found.paths).toContain(join(cwd, 'beside.txt'));
  });
});

import { describe, expect, it } from 'vitest';
import { parseApplyPatch as parseCodexPatch } from '@cosh/hooks';
import { codexPatchTargets, shellPatchOf } from './codex-patch.ts';
import { codexPatchWriteTargets } from './codex-tool-call.ts';

const patch = (...lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

describe('parseCodexPatch (read as Codex reads a patch: B8, F2, K9)', () => {
  it('B8: a hunk header with leading or trailing whitespace is a header, as Codex trims it', () => {
    const operations = parseCodexPatch(
      patch('  *** Add File: a.txt', '+x', ' *** Delete File: c.txt', '\t*** Update File: b.txt  ', '@@', '-1', '+2'),
    );
    expect(operations?.map((each) => [each.kind, each.path])).toEqual([
      ['add', 'a.txt'],
      ['delete', 'c.txt'],
      ['update', 'b.txt'],
    ]);
  });

  it('B8: *** Move to: right after an update header is the file written', () => {
    const [operation] =
      parseCodexPatch(patch('*** Update File: a.txt', '*** Move to: .cosh/setup.json', '@@', '-a', '+b')) ?? [];
    expect(operation).toMatchObject({ kind: 'update', path: 'a.txt', movedTo: '.cosh/setup.json' });
    expect(codexPatchTargets(patch('*** Update File: a.txt', '*** Move to: b.txt', '@@', '-a', '+b'), '/r')).toEqual([
      '/r/a.txt',
      '/r/b.txt',
    ]);
  });

  it('B8: the markers may carry whitespace, and a <<EOF wrapper is read as Codex does (lenient)', () => {
    expect(parseCodexPatch(' *** Begin Patch \n*** Add File: a\n+x\n *** End Patch ')?.[0]?.path).toBe('a');
    expect(parseCodexPatch("<<'EOF'\n*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\nEOF")?.[0]?.path).toBe('a');
    expect(parseCodexPatch('*** Begin Patch\n*** Update File: a\n*** End Patch')).toBeNull();
    expect(parseCodexPatch('not a patch')).toBeNull();
  });

  it('B8: a header line inside an update chunk that Codex would not read as a header still counts (only refuses more)', () => {
    const text = patch('*** Update File: a.txt', '@@', ' *** Update File: .cosh/setup.json', '+x');
    expect(parseCodexPatch(text)?.map((each) => each.path)).toEqual(['a.txt']);
    expect(codexPatchTargets(text, '/r')).toContain('/r/.cosh/setup.json');
  });
});

describe('shellPatchOf and codexPatchWriteTargets (B8: apply_patch given to the shell)', () => {
  it("B8: apply_patch <<'EOF' and cd <folder> && apply_patch <<'EOF', paths against that folder", () => {
    const body = patch(' *** Add File: setup.json', '+{}');
    expect(shellPatchOf(`apply_patch <<'EOF'\n${body}\nEOF\n`)).toEqual({ patch: body, workdir: null });
    expect(shellPatchOf(`cd .cosh && apply_patch <<'EOF'\n${body}\nEOF`)?.workdir).toBe('.cosh');
    expect(
      codexPatchWriteTargets('exec_command', { cmd: `cd .cosh && apply_patch <<'EOF'\n${body}\nEOF` }, '/r'),
    ).toContain('/r/.cosh/setup.json');
    expect(codexPatchWriteTargets('apply_patch', { input: body }, '/r')).toEqual(['/r/setup.json']);
    expect(codexPatchWriteTargets('Bash', { command: 'ls' }, '/r')).toEqual([]);
    expect(shellPatchOf('cat x')).toBeNull();
  });
});

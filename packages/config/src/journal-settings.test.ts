import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from './config-types.ts';
import { loadHooks } from './load-hooks.ts';
import { parseConfig } from './parse-config.ts';

const userFile = '/home/user/.config/cosh/setup.json';
const makeFolder = temporaryFolders('cosh-config-journal-');

function problems(text: string, layer: 'user' | 'project' | 'managed' = 'user'): string[] {
  const result = parseConfig(text, userFile, { layer });
  return result.ok ? [] : result.error.problems.map((problem: ConfigProblem) => problem.message);
}

describe('J1 the journal key', () => {
  it('J1: file and otlp are accepted in the user file', () => {
    const result = parseConfig('{"journal": {"file": "~/j.jsonl", "otlp": "http://127.0.0.1:4318"}}', userFile, {
      layer: 'user',
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.settings.journal).toEqual({ file: '~/j.jsonl', otlp: 'http://127.0.0.1:4318' });
  });

  it('J1/C5: unknown fields, wrong types and near misses are errors', () => {
    expect(problems('{"journal": {"fil": "x"}}')).toEqual(['journal: unknown field "fil" (did you mean file?)']);
    expect(problems('{"journal": {"file": 3}}')[0]).toContain('must be a non-empty string');
    expect(problems('{"journal": {"otlp": "ftp://x"}}')[0]).toContain('must be an http:// or https:// URL');
    expect(problems('{"journal": true}')[0]).toContain('journal must be an object');
    expect(problems('{"jurnal": {}}')).toEqual(['"jurnal" is not a Cosh setting (did you mean journal?)']);
  });

  it('J1/C6: a project file cannot set journal', () => {
    expect(problems('{"journal": {"file": "j.jsonl"}}', 'project')).toEqual([
      '"journal" cannot be set in a project file: only the user or managed file sets the decision journal',
    ]);
    expect(problems('{"journal": {"file": "j.jsonl"}}', 'managed')).toEqual([]);
  });

  it('J1: the managed value wins field by field; ~/ is the home folder, a relative path is the file folder', async () => {
    const root = makeFolder();
    const home = join(root, 'home');
    const userFolder = join(home, '.config', 'cosh');
    await mkdir(userFolder, { recursive: true });
    const managed = join(root, 'managed.json');
    const env = { HOME: home, COSH_MANAGED_CONFIG: managed, COSH_TRUST: 'all' };
    await writeFile(managed, '{}');
    expect((await loadHooks({ cwd: root, env })).journal).toEqual({ file: null, otlp: null });
    await writeFile(join(userFolder, 'setup.json'), '{"journal": {"file": "journal.jsonl", "otlp": "http://a:1"}}');
    expect((await loadHooks({ cwd: root, env })).journal).toEqual({
      file: join(userFolder, 'journal.jsonl'),
      otlp: 'http://a:1',
    });
    await writeFile(managed, '{"journal": {"file": "~/audit.jsonl"}}');
    expect((await loadHooks({ cwd: root, env })).journal).toEqual({
      file: join(home, 'audit.jsonl'),
      otlp: 'http://a:1',
    });
  });
});

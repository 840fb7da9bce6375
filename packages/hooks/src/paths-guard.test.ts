// SPEC F1–F3 through the engine: a real setup.json, a real `/bin/sh` guard, each tool family's
// real input shapes. The guard records what it was given and denies.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '@cosh/config';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { shellQuote } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import type { HookEngine } from './hook-engine-types.ts';

const makeFolder = temporaryFolders('cosh-paths-');
let repo: string;
let engine: HookEngine;
let home: string;

function guardEngine(paths: readonly string[], matcher = ''): HookEngine {
  const setupFile = join(repo, '.cosh', 'setup.json');
  const command = `cat > ${shellQuote(join(home, 'stdin'))}; printf %s "$COSH_PATHS" > ${shellQuote(join(home, 'env'))}; echo guarded >&2; exit 2`;
  const text = JSON.stringify({ hooks: { PreToolUse: [{ name: 'guard', matcher, paths, command }] } });
  mkdirSync(join(repo, '.cosh'), { recursive: true });
  writeFileSync(setupFile, text);
  const parsed = parseConfig(text, setupFile, { layer: 'project' });
  if (!parsed.ok) throw parsed.error;
  return createHookEngine(parsed.config, { cwd: repo, env: { ...process.env, HOME: home }, projectFolder: repo });
}

async function decision(toolName: string, toolInput: Record<string, unknown>, mcpServer?: string): Promise<string> {
  const result = await engine.preToolUse({
    toolName,
    toolInput,
    cwd: repo,
    ...(mcpServer === undefined ? {} : { mcpServer }),
  });
  return result.decision;
}

beforeEach(() => {
  const root = makeFolder();
  repo = join(root, 'repo');
  home = join(root, 'home');
  mkdirSync(join(repo, 'src'), { recursive: true });
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(repo, '.env'), 'SECRET=1\n');
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'key\n');
  symlinkSync(join(repo, '.env'), join(repo, 'innocent'));
  engine = guardEngine(['.env']);
});

describe('paths guards through the engine (F1–F3)', () => {
  it('F2: a .env guard on matcher "" fires for every tool family that writes or reads .env', async () => {
    const env = join(repo, '.env');
    const patch = (path: string, move?: string) =>
      `*** Begin Patch\n*** Update File: ${path}\n${move === undefined ? '' : `*** Move to: ${move}\n`}@@\n-a\n+b\n*** End Patch`;
    const touching: [string, Record<string, unknown>, string?][] = [
      ['fs_write', { path: '.env', content: 'x' }],
      ['fs_edit', { path: 'src/../.env', edits: [] }],
      ['fs_read', { path: env }],
      ['fs_read', { path: 'innocent' }],
      ['find_grep', { path: 'src', pattern: 'x' }],
      ['Write', { file_path: env, content: 'x' }],
      ['Edit', { file_path: env, old_string: 'a', new_string: 'b' }],
      ['MultiEdit', { file_path: env, edits: [] }],
      ['Read', { file_path: env }],
      ['apply_patch', { command: patch('.env') }],
      ['apply_patch', { command: patch('a.txt', '.env') }],
      ['write_file', { file_path: env, content: 'x' }],
      ['replace', { file_path: env, old_string: 'a', new_string: 'b' }],
      ['read_file', { absolute_path: env }],
      ['read_many_files', { paths: ['a.txt', '.env'] }],
      ['write_file', { path: '.env', content: 'x' }, 'filesystem'],
      // A proxy started without --name: the server's write_file under Gemini's tool name.
      ['write_file', { path: '.env', content: 'x' }],
      ['move_file', { source: 'a.txt', destination: '.env' }, 'filesystem'],
      ['anything', { uri: `file://${env}` }],
      ['bash_run', { command: 'cat .env' }],
      ['bash_run', { command: 'echo x > .env' }],
      ['bash_run', { command: "FOO=1 cp a.txt './.env' && ls" }],
      ['Bash', { command: 'cat src/../.env | wc -l' }],
      ['exec_command', { cmd: ['cat', '.env'] }],
      ['run_shell_command', { command: 'cat .env', directory: '.' }],
      ['shell', { command: ['bash', '-lc', 'tail -n1 .env'] }],
    ];
    for (const [toolName, toolInput, mcpServer] of touching) {
      expect([toolName, toolInput, await decision(toolName, toolInput, mcpServer)]).toEqual([
        toolName,
        toolInput,
        'deny',
      ]);
    }
  });

  it('F1: the guard does not fire for any other file', async () => {
    const other: [string, Record<string, unknown>, string?][] = [
      ['fs_write', { path: 'a.txt', content: 'x' }],
      ['fs_write', { path: '.env.example', content: 'x' }],
      ['Edit', { file_path: join(repo, 'src', 'env'), old_string: 'a', new_string: 'b' }],
      ['apply_patch', { command: '*** Begin Patch\n*** Add File: b.txt\n+x\n*** End Patch' }],
      ['write_file', { path: '.envrc', content: 'x' }, 'filesystem'],
      ['bash_run', { command: 'cat a.txt > b.txt' }],
      ['bash_run', { command: "echo '.env is a file name'" }],
      ['anything', { url: 'https://example.com/.env' }],
    ];
    for (const [toolName, toolInput, mcpServer] of other) {
      expect([toolName, toolInput, await decision(toolName, toolInput, mcpServer)]).toEqual([
        toolName,
        toolInput,
        'none',
      ]);
    }
  });

  it('F2: a shell command Cosh cannot split selects the guard, with paths_unknown', async () => {
    for (const command of [
      'cat "$HOME/x"',
      'eval cat x',
      'cat $(echo x)',
      'sh -c "cat x"',
      'cat <<EOF\nx\nEOF',
      'echo "open',
      'ls | xargs cat',
      'find . -exec cat {} +',
      'cat *.txt',
      'cat ~bob/x',
    ]) {
      expect([command, await decision('bash_run', { command })]).toEqual([command, 'deny']);
    }
    const stdin = JSON.parse(readFileSync(join(home, 'stdin'), 'utf8'));
    expect(stdin.paths).toEqual([]);
    expect(stdin.paths_unknown).toBe(true);
  });

  it('F3: the guard is given the matched absolute paths on stdin and in COSH_PATHS', async () => {
    await decision('bash_run', { command: 'cp .env src/.env a.txt' });
    const stdin = JSON.parse(readFileSync(join(home, 'stdin'), 'utf8'));
    expect(stdin).toEqual({
      event: 'PreToolUse',
      tool_name: 'bash_run',
      tool_input: { command: 'cp .env src/.env a.txt' },
      paths: [join(repo, '.env'), join(repo, 'src', '.env')],
    });
    expect(readFileSync(join(home, 'env'), 'utf8')).toBe(`${join(repo, '.env')}\n${join(repo, 'src', '.env')}`);
  });

  it('F1: ~/ globs guard the home folder; a trailing / means the folder and everything below', async () => {
    engine = guardEngine(['~/.ssh/']);
    expect(await decision('fs_read', { path: join(home, '.ssh', 'id_ed25519') })).toBe('deny');
    expect(await decision('bash_run', { command: 'cat ~/.ssh/id_ed25519' })).toBe('deny');
    expect(await decision('Read', { file_path: join(home, '.ssh') })).toBe('deny');
    expect(await decision('fs_read', { path: join(home, 'notes') })).toBe('none');
    rmSync(join(home, 'stdin'), { force: true });
  });

  it('F1, D1: a rule hook with paths guards the file, and only that file', async () => {
    const setupFile = join(repo, '.cosh', 'setup.json');
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            name: 'no env',
            paths: ['.env'],
            rule: { field: '*', regex: '.', decision: 'deny', reason: 'never touch .env' },
          },
        ],
      },
    });
    writeFileSync(setupFile, text);
    const parsed = parseConfig(text, setupFile, { layer: 'project' });
    if (!parsed.ok) throw parsed.error;
    engine = createHookEngine(parsed.config, { cwd: repo, env: { ...process.env, HOME: home }, projectFolder: repo });
    const denied = await engine.preToolUse({
      toolName: 'bash_run',
      toolInput: { command: 'echo x > .env' },
      cwd: repo,
    });
    expect(denied.decision).toBe('deny');
    expect(denied.reasons.join(' ')).toContain('never touch .env');
    expect(await decision('Edit', { file_path: join(repo, '.env'), old_string: 'a', new_string: 'b' })).toBe('deny');
    expect(await decision('fs_write', { path: 'a.txt', content: 'x' })).toBe('none');
  });
});

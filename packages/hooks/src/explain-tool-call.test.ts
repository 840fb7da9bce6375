import { mergeLayers, parseConfig } from '@cosh/config';
import { describe, expect, it } from 'vitest';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { explainToolCall } from './explain-tool-call.ts';

const call = { toolName: 'bash_run', toolInput: { command: 'rm -rf /' } };

const place = { cwd: '/work', env: { HOME: '/home/ada' } };

async function reasons(explained: ReturnType<typeof explainToolCall>) {
  return (await explained).hooks.map(({ hook, selected, reason }) => [hook.name, selected, reason]);
}

describe('hooks explain: why each hook does or does not run (X)', async () => {
  it('X/M1/M2/M4/C5/D1: selected, matcher, invalid matcher, deduplicated, hook off', async () => {
    const config = hooksConfig({
      PreToolUse: [
        { name: 'guard', matcher: '^bash_run$', command: './guard.sh' },
        { name: 'files', matcher: '^fs_', command: './files.sh' },
        { name: 'again', matcher: 'bash', command: './guard.sh' },
        { name: 'broken', matcher: '(', command: 'true' },
        { name: 'off', enabled: false, command: 'true' },
        { name: 'rule', rule: { field: 'command', contains: 'rm', decision: 'deny' } },
        { name: 'claude', protocol: 'claude', matcher: 'Read', command: 'true' },
      ],
    });
    expect(await reasons(explainToolCall(config, 'PreToolUse', call, place))).toEqual([
      ['guard', true, null],
      ['files', false, 'matcher "^fs_" does not match "bash_run"'],
      ['again', false, 'deduplicated: the same hook as "guard" (user, hooks.PreToolUse[0]), which runs instead'],
      ['broken', false, expect.stringMatching(/^invalid matcher "\(" \(.*Unterminated group\): this hook never runs$/)],
      ['off', false, 'hook off: "enabled": false'],
      ['rule', true, null],
      ['claude', false, 'matcher "Read" (Claude\'s rules) does not match "Bash", the Claude name of "bash_run"'],
    ]);
  });

  it('X/C7: an event turned off', async () => {
    const config = hooksConfig({ PreToolUse: [{ name: 'guard', command: 'true' }] }, { PreToolUse: false });
    expect(await reasons(explainToolCall(config, 'PreToolUse', call, place))).toEqual([
      ['guard', false, 'event off: hooksEnabled.PreToolUse is false'],
    ]);
  });

  it('X/C10/S5: a file that is not trusted, and the managed switches', async () => {
    const managed = parseConfig(
      '{"hooksEnabled": {"PostToolUse": false}, "hooks": {"PreToolUse": [{"name": "policy", "command": "true"}]}}',
      '/etc/cosh/setup.json',
      { layer: 'managed' },
    );
    const project = parseConfig(
      '{"hooks": {"PreToolUse": [{"name": "repo", "command": "true"}], "PostToolUse": [{"name": "p", "command": "true"}]}}',
      '/work/.cosh/setup.json',
      {
        layer: 'project',
      },
    );
    if (!managed.ok || !project.ok) throw new Error('fixtures must parse');
    const merged = mergeLayers([
      {
        layer: 'managed',
        file: '/etc/cosh/setup.json',
        config: managed.config,
        settings: managed.settings,
        loaded: true,
        hookProblems: [],
        refusal: null,
      },
      {
        layer: 'project',
        file: '/work/.cosh/setup.json',
        config: project.config,
        settings: project.settings,
        loaded: false,
        hookProblems: [],
        refusal: null,
      },
    ]);
    expect(await reasons(explainToolCall(merged.config, 'PreToolUse', call, place))).toEqual([
      ['policy', true, null],
      ['repo', false, 'file not trusted: /work/.cosh/setup.json is not loaded (run cosh hooks trust)'],
    ]);
  });

  it('X/F1/F3: paths that match none of the touched paths are the reason, and the touched paths are listed', async () => {
    const config = hooksConfig({
      PreToolUse: [
        { name: 'env guard', paths: ['.env'], command: './env.sh' },
        { name: 'ssh guard', paths: ['~/.ssh/'], command: './ssh.sh' },
      ],
    });
    const write = { toolName: 'fs_write', toolInput: { path: '/work/notes/.env', content: 'x' } };
    const explained = await explainToolCall(config, 'PreToolUse', write, place);
    expect(explained.touched.paths).toEqual(['/work/notes/.env']);
    expect(explained.hooks.map(({ hook, selected, reason }) => [hook.name, selected, reason])).toEqual([
      ['env guard', true, null],
      ['ssh guard', false, 'paths ["~/.ssh/"] match none of the touched paths: /work/notes/.env'],
    ]);
  });
});

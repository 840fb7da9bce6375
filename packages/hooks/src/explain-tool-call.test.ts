import { mergeLayers, parseConfig } from '@cosh/config';
import { describe, expect, it } from 'vitest';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { explainToolCall } from './explain-tool-call.ts';

const call = { toolName: 'bash_run', toolInput: { command: 'rm -rf /' } };

function reasons(explained: ReturnType<typeof explainToolCall>) {
  return explained.map(({ hook, selected, reason }) => [hook.name, selected, reason]);
}

describe('hooks explain: why each hook does or does not run (X)', () => {
  it('X/M1/M2/M4/C5/D1: selected, matcher, invalid matcher, deduplicated, hook off', () => {
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
    expect(reasons(explainToolCall(config, 'PreToolUse', call))).toEqual([
      ['guard', true, null],
      ['files', false, 'matcher "^fs_" does not match "bash_run"'],
      ['again', false, 'deduplicated: the same hook as "guard" (user, hooks.PreToolUse[0]), which runs instead'],
      ['broken', false, expect.stringMatching(/^invalid matcher "\(" \(.*Unterminated group\): this hook never runs$/)],
      ['off', false, 'hook off: "enabled": false'],
      ['rule', true, null],
      ['claude', false, 'matcher "Read" (Claude\'s rules) does not match "Bash", the Claude name of "bash_run"'],
    ]);
  });

  it('X/C7: an event turned off', () => {
    const config = hooksConfig({ PreToolUse: [{ name: 'guard', command: 'true' }] }, { PreToolUse: false });
    expect(reasons(explainToolCall(config, 'PreToolUse', call))).toEqual([
      ['guard', false, 'event off: hooksEnabled.PreToolUse is false'],
    ]);
  });

  it('X/C10/S5: a file that is not trusted, and the managed switches', () => {
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
    expect(reasons(explainToolCall(merged.config, 'PreToolUse', call))).toEqual([
      ['policy', true, null],
      ['repo', false, 'file not trusted: /work/.cosh/setup.json is not loaded (run cosh hooks trust)'],
    ]);
  });
});

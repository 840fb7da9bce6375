import { describe, expect, it } from 'vitest';
import { hooksConfig } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';

// Real Claude Code guards read the payload by name; under a socket stdin (ENXIO) each of these
// failed, exited 1 or 0, and the call ran.
const guards = {
  'grep -q rm /dev/stdin': 'if grep -q rm /dev/stdin; then echo "no rm" >&2; exit 2; fi',
  'cat /dev/stdin': 'if cat /dev/stdin | grep -q rm; then echo "no rm" >&2; exit 2; fi',
  'jq < /dev/stdin': `if jq -e 'tostring | test("rm")' < /dev/stdin >/dev/null; then echo "no rm" >&2; exit 2; fi`,
  'python open("/dev/stdin")': `python3 -c 'import sys; sys.exit(2 if "rm" in open("/dev/stdin").read() else 0)'`,
};

describe('R3 a guard that reads stdin by name', () => {
  it.each(Object.entries(guards))('R3: PreToolUse, %s: the guard sees the payload and denies', async (_, command) => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ name: 'guard', command }] }));
    const denied = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'rm -rf build' } });
    expect(denied.decision).toBe('deny');
    expect(denied.hooks[0]).toMatchObject({ outcome: 'deny', exitCode: 2 });
    const allowed = await engine.preToolUse({ toolName: 'bash_run', toolInput: { command: 'ls' } });
    expect(allowed.hooks[0]).toMatchObject({ outcome: 'none', exitCode: 0 });
  });

  it.each(Object.entries(guards))('R3: PostToolUse, %s: the guard sees the payload', async (_, command) => {
    const engine = createHookEngine(hooksConfig({ PostToolUse: [{ name: 'guard', command }] }));
    const post = await engine.postToolUse({
      toolName: 'bash_run',
      toolInput: { command: 'ls' },
      toolOutput: 'rm.txt\n',
    });
    expect(post.hooks[0]).toMatchObject({ outcome: 'deny', exitCode: 2 });
  });

  it('R3: a 5 MiB tool input reaches four hooks reading it by name, and one that never reads', async () => {
    const engine = createHookEngine(
      hooksConfig({
        PreToolUse: [
          ...[1, 2, 3, 4].map((index) => ({ name: `size ${index}`, command: `wc -c < /dev/stdin # ${index}` })),
          { name: 'never reads', command: 'exit 0' },
        ],
      }),
    );
    const content = 'x'.repeat(5 * 1024 * 1024);
    const result = await engine.preToolUse({ toolName: 'fs_write', toolInput: { content } });
    const expected = Buffer.byteLength(
      `${JSON.stringify({ event: 'PreToolUse', tool_name: 'fs_write', tool_input: { content } })}\n`,
    );
    expect(result.hooks.map((hook) => hook.outcome)).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'none']);
    for (const hook of result.hooks.slice(0, 4)) expect(Number(hook.stdout.trim())).toBe(expected);
  });
});

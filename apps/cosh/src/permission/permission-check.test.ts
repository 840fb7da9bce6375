import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../tools/tool-registry.ts';
import { createPermissionCheck, needsPrompt, type PermissionMode, type PermissionRequest } from './permission-check.ts';

const registry = createToolRegistry();

/** A prompt that answers `answer` and records what it was asked. */
function scriptedPrompt(answer: boolean | Error) {
  const asked: PermissionRequest[] = [];
  const prompt = async (request: PermissionRequest) => {
    asked.push(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { prompt, asked };
}

const calls: Record<string, unknown> = {
  bash_run: { command: 'rm -rf build' },
  fs_write: { path: 'notes.txt', content: 'hi' },
  fs_edit: { path: 'notes.txt', old_string: 'hi', new_string: 'hello' },
  fs_read: { path: 'notes.txt' },
  find_grep: { pattern: 'TODO' },
  // A tool behind `cosh mcp proxy`: unknown to the built-in defaults.
  github__create_issue: { title: 'x' },
};

type Terminal = 'answers yes' | 'answers no' | 'no terminal';
type Expected = 'granted' | 'granted, not asked' | 'refused: asked' | 'refused: no terminal' | 'refused: deny mode';

// Every mode × whether the tool needs permission × terminal or not (SPEC T, X `--permission`).
const table: [PermissionMode, 'needs permission' | 'free', Terminal, Expected][] = [
  ['allow', 'needs permission', 'answers yes', 'granted, not asked'],
  ['allow', 'needs permission', 'answers no', 'granted, not asked'],
  ['allow', 'needs permission', 'no terminal', 'granted'],
  ['allow', 'free', 'answers no', 'granted, not asked'],
  ['allow', 'free', 'no terminal', 'granted'],
  ['deny', 'needs permission', 'answers yes', 'refused: deny mode'],
  ['deny', 'needs permission', 'no terminal', 'refused: deny mode'],
  ['deny', 'free', 'answers no', 'granted, not asked'],
  ['deny', 'free', 'no terminal', 'granted'],
  ['ask', 'needs permission', 'answers yes', 'granted'],
  ['ask', 'needs permission', 'answers no', 'refused: asked'],
  ['ask', 'needs permission', 'no terminal', 'refused: no terminal'],
  ['ask', 'free', 'answers no', 'granted, not asked'],
  ['ask', 'free', 'no terminal', 'granted'],
];

const toolsNeeding = {
  'needs permission': ['bash_run', 'fs_write', 'fs_edit', 'github__create_issue'],
  free: ['fs_read', 'find_grep'],
};

describe('needsPrompt', () => {
  it('T: bash_run, fs_write and fs_edit ask, fs_read and find_grep need no permission', () => {
    expect(Object.fromEntries(registry.list().map((tool) => [tool.name, needsPrompt(tool)]))).toEqual({
      bash_run: true,
      find_grep: false,
      fs_edit: true,
      fs_read: false,
      fs_write: true,
    });
  });
});

describe('createPermissionCheck', () => {
  for (const [mode, kind, terminal, expected] of table) {
    for (const toolName of toolsNeeding[kind]) {
      it(`T: --permission ${mode}, ${toolName} (${kind}), ${terminal} → ${expected}`, async () => {
        const scripted = scriptedPrompt(terminal === 'answers yes');
        const check = createPermissionCheck({
          mode,
          tools: registry,
          ...(terminal === 'no terminal' ? {} : { prompt: scripted.prompt }),
        });
        const request = { toolName, toolInput: calls[toolName] };
        const answer = await check(request);
        switch (expected) {
          case 'granted':
            expect(answer).toEqual({ granted: true });
            expect(scripted.asked).toEqual(
              terminal === 'no terminal' || mode !== 'ask' || kind === 'free' ? [] : [request],
            );
            break;
          case 'granted, not asked':
            expect(answer).toEqual({ granted: true });
            expect(scripted.asked).toEqual([]);
            break;
          case 'refused: asked':
            expect(answer).toEqual({ granted: false, message: 'refused at the prompt' });
            expect(scripted.asked).toEqual([request]);
            break;
          case 'refused: no terminal':
            expect(answer).toEqual({
              granted: false,
              message: `no terminal to ask on; pass --permission allow to run ${toolName} without asking`,
            });
            break;
          case 'refused: deny mode':
            expect(answer).toEqual({
              granted: false,
              message: `--permission deny refuses every call that needs permission; only a PreToolUse hook's allow lets ${toolName} run`,
            });
            expect(scripted.asked).toEqual([]);
            break;
        }
      });
    }
  }

  it('T: the prompt sees the call as it will run, rewritten input and cwd included', async () => {
    const scripted = scriptedPrompt(true);
    const check = createPermissionCheck({ mode: 'ask', prompt: scripted.prompt, tools: registry });
    await check({ toolName: 'bash_run', toolInput: { command: 'make test', timeout: 30 }, cwd: '/work' });
    expect(scripted.asked).toEqual([
      { toolName: 'bash_run', toolInput: { command: 'make test', timeout: 30 }, cwd: '/work' },
    ]);
  });

  it('T: a prompt that fails is a refusal that says why, never a throw', async () => {
    const check = createPermissionCheck({
      mode: 'ask',
      prompt: scriptedPrompt(new Error('terminal closed')).prompt,
      tools: registry,
    });
    expect(await check({ toolName: 'fs_write', toolInput: {} })).toEqual({
      granted: false,
      message: 'the permission prompt failed (terminal closed); pass --permission allow to run fs_write without asking',
    });
  });

  it('T: custom defaults decide which tools need permission', async () => {
    const check = createPermissionCheck({
      mode: 'deny',
      tools: { get: (name) => (name === 'search_docs' ? { permission: 'allow' } : undefined) },
    });
    expect(await check({ toolName: 'search_docs', toolInput: {} })).toEqual({ granted: true });
    expect((await check({ toolName: 'fs_read', toolInput: {} })).granted).toBe(false);
  });

  it('T: an unknown mode from untyped code fails closed', async () => {
    const check = createPermissionCheck({ mode: 'sometimes' as PermissionMode, tools: registry });
    expect(await check({ toolName: 'bash_run', toolInput: {} })).toEqual({
      granted: false,
      message: "unknown permission mode 'sometimes'",
    });
  });

  it("K7: a hook's ask forces a person's prompt, even for a tool that needs no permission", async () => {
    const scripted = scriptedPrompt(true);
    const check = createPermissionCheck({
      mode: 'ask',
      prompt: scripted.prompt,
      promptAnsweredBy: 'person',
      tools: registry,
    });
    const request = { toolName: 'fs_read', toolInput: { path: 'x' }, askReasons: ['outside the project'] };
    expect(await check(request)).toEqual({ granted: true });
    expect(scripted.asked).toEqual([request]);
    const refusing = createPermissionCheck({
      mode: 'ask',
      prompt: scriptedPrompt(false).prompt,
      promptAnsweredBy: 'person',
      tools: registry,
    });
    expect((await refusing(request)).granted).toBe(false);
  });

  for (const promptAnsweredBy of ['program', undefined] as const) {
    it(`K7: a prompt a program answers (promptAnsweredBy ${promptAnsweredBy ?? 'left out'}) is never put a hook's ask: refused at once`, async () => {
      const scripted = scriptedPrompt(true);
      const check = createPermissionCheck({
        mode: 'ask',
        prompt: scripted.prompt,
        ...(promptAnsweredBy === undefined ? {} : { promptAnsweredBy }),
        tools: registry,
      });
      for (const toolName of ['fs_read', 'bash_run']) {
        expect(await check({ toolName, toolInput: {}, askReasons: ['check it'] })).toEqual({
          granted: false,
          message:
            'permission requests here are answered by a program, not a person; a hook asked for confirmation, which only a person at a terminal can give (run it with cosh exec --permission ask)',
        });
      }
      expect(scripted.asked).toEqual([]);
      // Ordinary permission (no hook asked) still goes to that prompt.
      const request = { toolName: 'bash_run', toolInput: { command: 'make' } };
      expect(await check(request)).toEqual({ granted: true });
      expect(scripted.asked).toEqual([request]);
    });
  }

  for (const mode of ['allow', 'deny'] as const) {
    it(`K7: with --permission ${mode} (no prompt can be shown) an asked call is refused, even for fs_read`, async () => {
      const scripted = scriptedPrompt(true);
      const check = createPermissionCheck({ mode, prompt: scripted.prompt, tools: registry });
      const answer = await check({ toolName: 'fs_read', toolInput: {}, askReasons: ['why'] });
      expect(answer.granted).toBe(false);
      expect(scripted.asked).toEqual([]);
    });
  }

  it('K7: an asked call with no terminal is refused with a message that says a person must confirm it', async () => {
    const check = createPermissionCheck({ mode: 'ask', tools: registry });
    const answer = await check({ toolName: 'find_grep', toolInput: {}, askReasons: [] });
    expect(answer).toEqual({
      granted: false,
      message:
        'no terminal to ask on; a hook asked for confirmation, which only a person at a terminal can give (run it with cosh exec --permission ask)',
    });
  });
});

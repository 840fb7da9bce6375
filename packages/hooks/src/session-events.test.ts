import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { hooksConfig, printing, shellQuote } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import type { EventRun } from './hook-engine-types.ts';

const makeFolder = temporaryFolders('cosh-session-');
let directory: string;
beforeEach(() => {
  directory = makeFolder();
});

const file = (name: string): string => join(directory, name);

describe('engine.run for the session events (E1–E6)', () => {
  it("E5: a session event's Cosh payload is event, its own fields, session_id and cwd; no tool fields", async () => {
    const engine = createHookEngine(
      hooksConfig({
        UserPromptSubmit: [{ command: `cat > ${shellQuote(file('prompt'))}` }],
        SessionStart: [{ command: `cat > ${shellQuote(file('start'))}` }],
        Stop: [{ command: `cat > ${shellQuote(file('stop'))}` }],
        SessionEnd: [
          {
            command: `cat > ${shellQuote(file('end'))}; printf '%s' "$COSH_EVENT:\${COSH_TOOL_NAME-none}" > ${shellQuote(file('env'))}`,
          },
        ],
      }),
      { sessionId: 'sess-1', cwd: directory },
    );
    await engine.run('UserPromptSubmit', { prompt: 'deploy "now"' });
    await engine.run('SessionStart', { source: 'startup' });
    await engine.run('Stop', { stopHookActive: true });
    await engine.run('SessionEnd', { reason: 'logout' });
    const cwd = JSON.stringify(directory);
    expect(readFileSync(file('prompt'), 'utf8')).toBe(
      `{"event":"UserPromptSubmit","prompt":"deploy \\"now\\"","session_id":"sess-1","cwd":${cwd}}\n`,
    );
    expect(readFileSync(file('start'), 'utf8')).toBe(
      `{"event":"SessionStart","source":"startup","session_id":"sess-1","cwd":${cwd}}\n`,
    );
    expect(readFileSync(file('stop'), 'utf8')).toBe(
      `{"event":"Stop","stop_hook_active":true,"session_id":"sess-1","cwd":${cwd}}\n`,
    );
    expect(readFileSync(file('end'), 'utf8')).toBe(
      `{"event":"SessionEnd","reason":"logout","session_id":"sess-1","cwd":${cwd}}\n`,
    );
    expect(readFileSync(file('env'), 'utf8')).toBe('SessionEnd:none');
    await engine.close();
  });

  it('E1: a deny blocks the prompt with its reasons; context is added; a matcher is ignored', async () => {
    const engine = createHookEngine(
      hooksConfig({
        UserPromptSubmit: [
          { command: printing({ context: 'house rules: no force pushes' }) },
          { matcher: 'Bash', command: 'echo "no secrets in prompts" >&2; exit 2' },
        ],
      }),
    );
    const result = await engine.run('UserPromptSubmit', { prompt: 'here is my AWS key' });
    expect(result).toMatchObject({
      event: 'UserPromptSubmit',
      decision: 'deny',
      halt: false,
      reasons: ['no secrets in prompts'],
      context: 'house rules: no force pushes',
    });
    expect(result.hooks).toHaveLength(2);
    await engine.close();
  });

  it("E2: SessionStart's matcher tests source; only context counts, a deny is a warning", async () => {
    const engine = createHookEngine(
      hooksConfig({
        SessionStart: [
          { matcher: '^startup$', command: printing({ context: 'read NOTES.md first' }) },
          { matcher: '^resume$', command: printing({ context: 'welcome back' }) },
          { command: 'exit 2' },
        ],
      }),
    );
    const started = await engine.run('SessionStart', { source: 'startup' });
    expect(started).toMatchObject({ decision: 'none', halt: false, reasons: [], context: 'read NOTES.md first' });
    expect(started.diagnostics.some((diagnostic) => diagnostic.level === 'warning')).toBe(true);
    expect((await engine.run('SessionStart', { source: 'resume' })).context).toBe('welcome back');
    await engine.close();
  });

  it('E3: a Stop deny is "not yet"; while stop_hook_active it is not honoured', async () => {
    const engine = createHookEngine(hooksConfig({ Stop: [{ command: 'echo "run the tests first" >&2; exit 2' }] }));
    expect(await engine.run('Stop', {})).toMatchObject({ decision: 'deny', reasons: ['run the tests first'] });
    const again = await engine.run('Stop', { stopHookActive: true });
    expect(again).toMatchObject({ decision: 'none', reasons: [] });
    expect(again.diagnostics[0]?.message).toContain('stop_hook_active');
    await engine.close();
  });

  it('E4: SessionEnd enforces nothing; its matcher tests reason', async () => {
    const engine = createHookEngine(
      hooksConfig({ SessionEnd: [{ matcher: 'logout', command: `touch ${shellQuote(file('ran'))}; exit 2` }] }),
    );
    expect(await engine.run('SessionEnd', { reason: 'clear' })).toMatchObject({ decision: 'none', hooks: [] });
    const ended = await engine.run('SessionEnd', { reason: 'logout' });
    expect(ended).toMatchObject({ decision: 'none', halt: false, reasons: [] });
    expect(ended.hooks).toHaveLength(1);
    await engine.close();
  });

  it("E5/K4: a Claude hook of a session event gets K4's head and answers in its own form", async () => {
    const engine = createHookEngine(
      hooksConfig({
        UserPromptSubmit: [
          {
            protocol: 'claude',
            command: `cat > ${shellQuote(file('claude'))}; printf '%s' '{"decision":"block","reason":"not this prompt","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ctx"}}'`,
          },
        ],
      }),
      { sessionId: 'sess-2', cwd: directory },
    );
    const result = await engine.run('UserPromptSubmit', { prompt: 'hi' });
    expect(result).toMatchObject({ decision: 'deny', reasons: ['not this prompt'], context: 'ctx' });
    expect(JSON.parse(readFileSync(file('claude'), 'utf8'))).toEqual({
      session_id: 'sess-2',
      transcript_path: '',
      cwd: directory,
      permission_mode: 'default',
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hi',
    });
    await engine.close();
  });

  it('E6: run() is the one entry; preToolUse and postToolUse answer as run() does', async () => {
    const engine = createHookEngine(hooksConfig({ PreToolUse: [{ command: 'exit 2' }] }));
    const call = { toolName: 'bash_run', toolInput: { command: 'ls' } };
    const viaRun = await engine.run('PreToolUse', call);
    const viaWrapper = await engine.preToolUse(call);
    expect({ ...viaRun, durationMs: 0, hooks: [] }).toEqual({ ...viaWrapper, durationMs: 0, hooks: [] });
    expect(viaRun.decision).toBe('deny');
    await engine.close();
  });

  it('E1/L7: an invalid session call is refused where the event fails closed, an error elsewhere', async () => {
    const engine = createHookEngine(hooksConfig({}));
    const prompt = await engine.run('UserPromptSubmit', { prompt: 5 } as unknown as { prompt: string });
    expect(prompt).toMatchObject({
      decision: 'deny',
      reasons: ['invalid UserPromptSubmit call: prompt must be a string'],
    });
    const start = await engine.run('SessionStart', {} as { source: string });
    expect(start).toMatchObject({ decision: 'none', reasons: [] });
    expect(start.diagnostics[0]?.level).toBe('error');
    await engine.close();
  });

  it('C7: a disabled session event runs no hook', async () => {
    const engine = createHookEngine(
      hooksConfig({ UserPromptSubmit: [{ command: 'exit 2' }] }, { UserPromptSubmit: false }),
    );
    expect(await engine.run('UserPromptSubmit', { prompt: 'x' })).toMatchObject({ decision: 'none', hooks: [] });
    await engine.close();
  });

  it('J1: a session event is journaled when a hook was selected, with no tool name and its own fields as input', async () => {
    const runs: EventRun[] = [];
    const journal = { record: (run: EventRun) => void runs.push(run), close: async () => {} };
    const engine = createHookEngine(hooksConfig({ UserPromptSubmit: [{ name: 'no deploys', command: 'exit 2' }] }), {
      sessionId: 'sess-2',
      cwd: directory,
      journal,
    });
    await engine.run('UserPromptSubmit', { prompt: 'deploy' });
    await engine.run('SessionStart', { source: 'startup' });
    await engine.close();
    expect(runs).toHaveLength(1);
    expect(runs[0]?.call).toEqual({ toolName: '', toolInput: { prompt: 'deploy' } });
    expect(runs[0]?.result).toMatchObject({ event: 'UserPromptSubmit', decision: 'deny', halt: false });
    expect(runs[0]?.sessionId).toBe('sess-2');
  });
});

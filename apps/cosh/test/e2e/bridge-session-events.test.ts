// The session events in the bridges (SPEC E1–E5, K8–K10), end to end through the built binary:
// Claude Code's and Codex CLI's UserPromptSubmit, SessionStart, Stop and SessionEnd through
// `cosh claude-hook`, Gemini CLI's BeforeAgent, SessionStart, AfterAgent and SessionEnd through
// `cosh gemini-hook`, each run by the Cosh hooks of those events and answered in the client's form.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders, withoutTrustAllWarning, withoutUnfencedWarning } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-bridge-session-');

beforeAll(async () => {
  await assertBuilt();
});

/** The answer without the warnings the tests' own environment adds (`COSH_TRUST=all`). */
function answerOf(stdout: string): Record<string, unknown> {
  const answer = JSON.parse(stdout) as Record<string, unknown>;
  if (typeof answer['systemMessage'] === 'string') {
    const rest = withoutUnfencedWarning(withoutTrustAllWarning(`${answer['systemMessage']}\n`)).trimEnd();
    if (rest === '') delete answer['systemMessage'];
    else answer['systemMessage'] = rest;
  }
  return answer;
}

/** The session hooks every client's test runs: a prompt guard with a context, a start context, a stop guard. */
const HOOKS = {
  UserPromptSubmit: [
    {
      command:
        'cat > prompt.json; grep -q secret prompt.json && { echo "no secrets in prompts" >&2; exit 2; }; printf \'{"context":"be brief"}\'',
    },
  ],
  SessionStart: [{ matcher: 'startup', command: `printf '{"context":"read NOTES.md first"}'` }],
  Stop: [{ command: 'cat >> stops.jsonl; echo "run the tests first" >&2; exit 2' }],
  SessionEnd: [{ command: 'cat > end.json' }],
};

async function setup(hooks: object = HOOKS) {
  const folder = makeFolder();
  await mkdir(join(folder, 'config'));
  const config = join(folder, 'config', 'setup.json');
  await writeFile(config, JSON.stringify({ hooks }));
  return { folder, config };
}

/** Runs a bridge with this stdin; it prints one JSON line. */
async function ask(args: readonly string[], folder: string, stdin: object) {
  const run = await runCosh([...args], { cwd: folder, input: JSON.stringify(stdin) });
  expect(run.stdout.endsWith('\n')).toBe(true);
  expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
  return { code: run.code, stderr: run.stderr, answer: answerOf(run.stdout) };
}

/** Claude Code's (and Codex's) stdin for one session event. */
const session = (folder: string, event: string, fields: object) => ({
  session_id: 'sess-1',
  transcript_path: '/home/me/.claude/projects/x/sess-1.jsonl',
  cwd: folder,
  permission_mode: 'default',
  hook_event_name: event,
  ...fields,
});

for (const client of ['claude', 'codex'] as const) {
  const args = (config: string) =>
    client === 'claude' ? ['claude-hook', '--config', config] : ['claude-hook', '--client', client, '--config', config];

  describe(`cosh claude-hook${client === 'codex' ? ' --client codex' : ''}: the session events (E5)`, () => {
    it(`E1/E5 (${client}): a UserPromptSubmit deny is decision "block" with the reasons; a context is hookSpecificOutput.additionalContext`, async () => {
      const { folder, config } = await setup();
      const denied = await ask(
        args(config),
        folder,
        session(folder, 'UserPromptSubmit', { prompt: 'my secret is 42' }),
      );
      expect(denied.code).toBe(0);
      expect(denied.answer).toEqual({
        decision: 'block',
        reason: 'no secrets in prompts',
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit' },
      });
      // E5: the hook's payload is Cosh's: event, prompt, session_id, cwd; no tool fields.
      expect(JSON.parse(await readFile(join(folder, 'prompt.json'), 'utf8'))).toEqual({
        event: 'UserPromptSubmit',
        prompt: 'my secret is 42',
        session_id: 'sess-1',
        cwd: folder,
      });
      const context = await ask(args(config), folder, session(folder, 'UserPromptSubmit', { prompt: 'hello' }));
      expect(context.answer).toEqual({
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'be brief' },
      });
    });

    it(`E2/E5 (${client}): a SessionStart context is hookSpecificOutput.additionalContext; the matcher tests source`, async () => {
      const { folder, config } = await setup();
      expect((await ask(args(config), folder, session(folder, 'SessionStart', { source: 'startup' }))).answer).toEqual({
        hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'read NOTES.md first' },
      });
      expect((await ask(args(config), folder, session(folder, 'SessionStart', { source: 'resume' }))).answer).toEqual({
        hookSpecificOutput: { hookEventName: 'SessionStart' },
      });
    });

    it(`E3/E5 (${client}): a Stop deny is decision "block" (go on); with stop_hook_active true it is not honoured and is a warning`, async () => {
      const { folder, config } = await setup();
      const first = await ask(args(config), folder, session(folder, 'Stop', { stop_hook_active: false }));
      expect(first.answer).toEqual({ decision: 'block', reason: 'run the tests first' });
      const again = await ask(args(config), folder, session(folder, 'Stop', { stop_hook_active: true }));
      expect(again.answer['decision']).toBeUndefined();
      expect(again.answer['systemMessage']).toEqual(expect.stringContaining('stop_hook_active'));
      const stops = (await readFile(join(folder, 'stops.jsonl'), 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(stops.map((stop) => stop['stop_hook_active'])).toEqual([false, true]);
    });

    it(`E4/E5 (${client}): SessionEnd runs its hooks with the reason and enforces nothing`, async () => {
      const { folder, config } = await setup();
      const end = await ask(args(config), folder, session(folder, 'SessionEnd', { reason: 'logout' }));
      expect(end.code).toBe(0);
      expect(end.answer).toEqual({});
      expect(JSON.parse(await readFile(join(folder, 'end.json'), 'utf8'))).toEqual({
        event: 'SessionEnd',
        reason: 'logout',
        session_id: 'sess-1',
        cwd: folder,
      });
    });

    it(`E1/E5 (${client}): a halt is continue false; a UserPromptSubmit without a prompt is a warning, not a block (the bridge's own failure)`, async () => {
      const { folder, config } = await setup({
        UserPromptSubmit: [{ command: "echo 'quota used up' >&2; exit 49" }],
      });
      expect((await ask(args(config), folder, session(folder, 'UserPromptSubmit', { prompt: 'x' }))).answer).toEqual({
        continue: false,
        stopReason: 'quota used up',
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit' },
      });
      const broken = await ask(args(config), folder, session(folder, 'UserPromptSubmit', {}));
      expect(broken.code).toBe(0);
      expect(broken.answer).toEqual({
        systemMessage: 'cosh claude-hook: prompt is missing or not a string; the prompt is sent without the Cosh hooks',
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit' },
      });
      expect(broken.stderr).toContain('prompt is missing or not a string');
    });

    it(`E5/K8 (${client}): a setup.json that does not load, or that nobody trusted, lets the prompt and the stop go on with a warning`, async () => {
      const folder = makeFolder();
      const config = join(folder, 'setup.json');
      await writeFile(config, '{"hooks": {"UserPromptSubmit": [');
      for (const [event, fields] of [
        ['UserPromptSubmit', { prompt: 'x' }],
        ['Stop', { stop_hook_active: false }],
      ] as const) {
        const broken = await ask(args(config), folder, session(folder, event, fields));
        expect(broken.code).toBe(0);
        expect(broken.answer).not.toHaveProperty('decision');
        expect(broken.answer['systemMessage']).toEqual(expect.stringContaining('could not be loaded'));
        expect(broken.stderr).toContain('without the Cosh hooks');
      }
      // S5: a user setup.json nobody trusted (no terminal, no COSH_TRUST) refuses a tool call, not a prompt.
      const home = join(folder, 'home');
      await mkdir(join(home, '.config', 'cosh'), { recursive: true });
      await writeFile(join(home, '.config', 'cosh', 'setup.json'), JSON.stringify({ hooks: HOOKS }));
      const untrusted = await runCosh(client === 'claude' ? ['claude-hook'] : ['claude-hook', '--client', client], {
        cwd: folder,
        input: JSON.stringify(session(folder, 'UserPromptSubmit', { prompt: 'tell me a secret' })),
        env: { HOME: home, XDG_CONFIG_HOME: undefined, XDG_STATE_HOME: undefined, COSH_TRUST: undefined },
      });
      const answer = JSON.parse(untrusted.stdout) as Record<string, unknown>;
      expect(answer).not.toHaveProperty('decision');
      expect(answer['systemMessage']).toEqual(expect.stringContaining('is not trusted yet'));
      expect(answer['systemMessage']).toEqual(expect.stringContaining('the prompt is sent without the Cosh hooks'));
    });
  });
}

describe('cosh gemini-hook: the session events (E5)', () => {
  /** Gemini CLI's stdin for one session event. */
  const gemini = (folder: string, event: string, fields: object) => ({
    session_id: 'g-1',
    transcript_path: join(folder, 't.json'),
    cwd: folder,
    hook_event_name: event,
    timestamp: '2026-01-01T00:00:00Z',
    ...fields,
  });
  const args = (config: string) => ['gemini-hook', '--config', config];

  it('E1/E5 (gemini): a BeforeAgent deny is decision "deny" + reason and exit 2 with the reasons on stderr; a context is hookSpecificOutput.additionalContext', async () => {
    const { folder, config } = await setup();
    const denied = await ask(args(config), folder, gemini(folder, 'BeforeAgent', { prompt: 'my secret is 42' }));
    expect(denied.code).toBe(2);
    expect(denied.stderr).toContain('no secrets in prompts');
    // Gemini shows a block's systemMessage in place of its reason: the reason leads the warnings.
    expect(denied.answer).toEqual({
      decision: 'deny',
      reason: 'no secrets in prompts',
      systemMessage: 'no secrets in prompts',
    });
    expect(JSON.parse(await readFile(join(folder, 'prompt.json'), 'utf8'))).toEqual({
      event: 'UserPromptSubmit',
      prompt: 'my secret is 42',
      session_id: 'g-1',
      cwd: folder,
    });
    const context = await ask(args(config), folder, gemini(folder, 'BeforeAgent', { prompt: 'hello' }));
    expect(context.code).toBe(0);
    expect(context.answer).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'be brief' },
    });
  });

  it('E2/E5 (gemini): a SessionStart context is hookSpecificOutput.additionalContext', async () => {
    const { folder, config } = await setup();
    const start = await ask(args(config), folder, gemini(folder, 'SessionStart', { source: 'startup' }));
    expect(start.code).toBe(0);
    expect(start.answer).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'read NOTES.md first' },
    });
  });

  it('E3/E5 (gemini): an AfterAgent deny is decision "deny" (go on); with stop_hook_active true it is not honoured', async () => {
    const { folder, config } = await setup();
    const first = await ask(
      args(config),
      folder,
      gemini(folder, 'AfterAgent', { prompt: 'p', prompt_response: 'done', stop_hook_active: false }),
    );
    expect(first.code).toBe(2);
    expect(first.answer).toEqual({
      decision: 'deny',
      reason: 'run the tests first',
      systemMessage: 'run the tests first',
    });
    const again = await ask(
      args(config),
      folder,
      gemini(folder, 'AfterAgent', { prompt: 'p', prompt_response: 'done', stop_hook_active: true }),
    );
    expect(again.code).toBe(0);
    expect(again.answer['decision']).toBeUndefined();
    expect(again.answer['systemMessage']).toEqual(expect.stringContaining('stop_hook_active'));
    const stops = (await readFile(join(folder, 'stops.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(stops.map((stop) => [stop['event'], stop['stop_hook_active']])).toEqual([
      ['Stop', false],
      ['Stop', true],
    ]);
  });

  it('E4/E5 (gemini): SessionEnd runs its hooks with the reason and enforces nothing', async () => {
    const { folder, config } = await setup();
    const end = await ask(args(config), folder, gemini(folder, 'SessionEnd', { reason: 'exit' }));
    expect(end.code).toBe(0);
    expect(end.answer).toEqual({});
    expect(JSON.parse(await readFile(join(folder, 'end.json'), 'utf8'))).toMatchObject({
      event: 'SessionEnd',
      reason: 'exit',
    });
  });

  it('E1/E5/K10 (gemini): a BeforeAgent without a prompt is a warning, not a deny; Gemini names are the only ones read', async () => {
    const { folder, config } = await setup();
    const broken = await ask(args(config), folder, gemini(folder, 'BeforeAgent', {}));
    expect(broken.code).toBe(0);
    expect(broken.answer).toEqual({
      systemMessage: 'cosh gemini-hook: prompt is missing or not a string; the prompt is sent without the Cosh hooks',
    });
    const claudeName = await ask(args(config), folder, gemini(folder, 'UserPromptSubmit', { prompt: 'x' }));
    expect(claudeName.code).toBe(2);
    expect(claudeName.answer['reason']).toEqual(
      expect.stringContaining(
        'register it under BeforeTool, AfterTool, BeforeAgent, SessionStart, AfterAgent and SessionEnd only',
      ),
    );
  });
});

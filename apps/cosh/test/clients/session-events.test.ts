// The session events (SPEC E1–E5) in the real agents, wired by `cosh connect <agent>` alone: Claude
// Code, Codex CLI and Gemini CLI run non-interactively (`claude -p`, `codex exec`, `gemini -p`)
// against their fake model API. What a hook adds at a prompt or at the session's start must be in
// the request the model receives; a prompt a hook denies must never reach the model.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { type AgentName, agents } from './agents.ts';
import { PROMPT, runScene } from './client-scene.ts';
import {
  addPromptContext,
  addStartContext,
  denyPrompt,
  logEvent,
  PROMPT_CONTEXT_MARKER,
  PROMPT_DENY_REASON,
  START_CONTEXT_MARKER,
} from './guards.ts';

const makeFolder = temporaryFolders('cosh-session-events-');

beforeAll(async () => {
  await assertBuilt();
});

const AGENTS: Readonly<Record<AgentName, string>> = {
  claude: 'Claude Code 2.1',
  codex: 'Codex CLI 0.171',
  gemini: 'Gemini CLI 0.61',
};

/**
 * What a person sees of a blocked prompt in the agent's non-interactive output: the reason, except
 * in `codex exec`, which prints only that the hook blocked (Codex 0.171 records the reason nowhere:
 * not on stderr, stdout or in its session files; see docs/agents/codex.md).
 */
const BLOCKED_PROMPT_SHOWS: Readonly<Record<AgentName, string>> = {
  claude: PROMPT_DENY_REASON,
  codex: 'hook: UserPromptSubmit Blocked',
  gemini: PROMPT_DENY_REASON,
};

describe.each(Object.entries(AGENTS) as [AgentName, string][])(
  '%s: the session events, wired by cosh connect (E5)',
  (agent, label) => {
    it(`E5: ${label} fires every session event connect wired, in order, in a non-interactive run`, async () => {
      const folder = makeFolder();
      const log = join(folder, 'events.log');
      await runScene(agent, folder, {
        calls: [agents[agent].shellCall('echo session-case')],
        setup: {
          SessionStart: [logEvent(log)],
          UserPromptSubmit: [logEvent(log)],
          Stop: [logEvent(log)],
          SessionEnd: [logEvent(log)],
        },
      });
      const payloads = (await readFile(log, 'utf8'))
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { event: string; prompt?: string; source?: string });
      expect(payloads.map((payload) => payload.event)).toEqual([
        'SessionStart',
        'UserPromptSubmit',
        'Stop',
        'SessionEnd',
      ]);
      expect(payloads[0]?.source).toBe('startup');
      expect(payloads[1]?.prompt).toBe(PROMPT);
    });

    it(`E1: ${label}: a UserPromptSubmit context reaches the model's request`, async () => {
      const scene = await runScene(agent, makeFolder(), { calls: [], setup: { UserPromptSubmit: [addPromptContext] } });
      const turns = scene.api.turns();
      expect(turns.length).toBeGreaterThan(0);
      expect(turns[0]?.text).toContain(PROMPT_CONTEXT_MARKER);
    });

    it(`E1: ${label}: a UserPromptSubmit deny keeps the prompt from the model, and the person sees it was blocked`, async () => {
      const scene = await runScene(agent, makeFolder(), {
        calls: [agents[agent].shellCall('echo ran > ran.txt')],
        setup: { UserPromptSubmit: [denyPrompt] },
      });
      expect(scene.api.turns()).toEqual([]);
      expect(scene.api.requests.filter((request) => request.body.toString('utf8').includes(PROMPT))).toEqual([]);
      expect(await scene.exists('ran.txt')).toBe(false);
      expect(`${scene.run.stdout}\n${scene.run.stderr}`).toContain(BLOCKED_PROMPT_SHOWS[agent]);
    });

    it(`E2: ${label}: a SessionStart context reaches the model's first request`, async () => {
      const scene = await runScene(agent, makeFolder(), { calls: [], setup: { SessionStart: [addStartContext] } });
      const turns = scene.api.turns();
      expect(turns.length).toBeGreaterThan(0);
      expect(turns[0]?.text).toContain(START_CONTEXT_MARKER);
    });
  },
);

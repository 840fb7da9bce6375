import { describe, expect, it } from 'vitest';
import { AGENT_NAMES, AGENTS } from './agents.ts';
import {
  agentEventNames,
  EVENTS,
  EVENTS_ALLOWING_ASYNC,
  eventOfAgentName,
  HOOK_EVENTS,
  isHookEvent,
  isToolEvent,
  TOOL_EVENTS,
} from './events.ts';
import { HOOK_KIND_NAMES, HOOK_KINDS, hookKindOf } from './hook-kinds.ts';
import { TOOL_NAMES, TOOLS } from './tools.ts';

describe('the events table (C4, E1–E6)', () => {
  it('C4/E: the six events, the tool events first, each with one entry', () => {
    expect(HOOK_EVENTS).toEqual([
      'PreToolUse',
      'PostToolUse',
      'UserPromptSubmit',
      'SessionStart',
      'Stop',
      'SessionEnd',
    ]);
    expect(Object.keys(EVENTS).sort()).toEqual([...HOOK_EVENTS].sort());
    expect(HOOK_EVENTS.filter(isToolEvent)).toEqual([...TOOL_EVENTS]);
  });

  it('C4: an event name is exact and case-sensitive; prototype names are none', () => {
    expect(isHookEvent('Stop')).toBe(true);
    for (const name of ['stop', 'PretoolUse', 'toString', '__proto__', 1]) expect(isHookEvent(name)).toBe(false);
  });

  it('E1–E4: the matcher subjects and what a verdict may do', () => {
    expect(HOOK_EVENTS.map((event) => EVENTS[event].matcherSubject)).toEqual([
      'tool_name',
      'tool_name',
      'none',
      'source',
      'none',
      'reason',
    ]);
    expect(EVENTS.SessionStart.honours).toMatchObject({ deny: false, halt: false, context: true });
    expect(EVENTS.UserPromptSubmit.honours).toMatchObject({
      deny: true,
      halt: true,
      context: true,
      updatedInput: false,
    });
    expect(EVENTS.Stop.honours.deny).toBe(true);
    expect(Object.values(EVENTS.SessionEnd.honours).every((honoured) => !honoured)).toBe(true);
  });

  it('R13: async hooks are allowed only where nothing waits on the verdict', () => {
    expect(EVENTS_ALLOWING_ASYNC).toEqual(['PostToolUse']);
  });

  it("E5: each agent's event names are distinct and read back to their events", () => {
    for (const agent of AGENT_NAMES) {
      const names = HOOK_EVENTS.map((event) => EVENTS[event].agentNames[agent]).filter((name) => name !== null);
      expect(new Set(names).size).toBe(names.length);
      for (const event of HOOK_EVENTS) {
        const name = EVENTS[event].agentNames[agent];
        if (name !== null) expect(eventOfAgentName(agent, name)).toBe(event);
      }
    }
    expect(eventOfAgentName('gemini', 'BeforeAgent')).toBe('UserPromptSubmit');
    expect(eventOfAgentName('gemini', 'AfterAgent')).toBe('Stop');
    expect(eventOfAgentName('gemini', 'PreToolUse')).toBeUndefined();
  });

  it("K8–K10: a bridge reads each agent's names of the events it asks for, in their order", () => {
    expect(agentEventNames('gemini', TOOL_EVENTS)).toEqual({ BeforeTool: 'PreToolUse', AfterTool: 'PostToolUse' });
    expect(Object.entries(agentEventNames('gemini', ['Stop', 'UserPromptSubmit']))).toEqual([
      ['AfterAgent', 'Stop'],
      ['BeforeAgent', 'UserPromptSubmit'],
    ]);
    expect(agentEventNames('claude', TOOL_EVENTS)).toEqual({ PreToolUse: 'PreToolUse', PostToolUse: 'PostToolUse' });
  });

  it('O3/O5: each event words its default deny and its failures', () => {
    for (const event of HOOK_EVENTS) {
      const wording = EVENTS[event].wording;
      expect(wording.defaultDenyReason('g')).toContain("'g'");
      expect(wording.failedOpen('exit 2')).not.toBe('');
      expect(wording.failedClosed).not.toBe('');
    }
  });
});

describe('the kinds, agents and tools tables (C5, K8–K10, T)', () => {
  it('C5/H1/R12: an entry is http with a url, resident with resident: true, else a command', () => {
    expect(hookKindOf({ command: null, url: 'http://x' })).toBe('http');
    expect(hookKindOf({ command: 'a', url: null, resident: true })).toBe('resident');
    expect(hookKindOf({ command: 'a', url: null })).toBe('command');
    expect(Object.keys(HOOK_KINDS)).toEqual([...HOOK_KIND_NAMES]);
  });

  it('K8–K10: every agent has a bridge and settings files; the bound stays under the timeout', () => {
    for (const agent of AGENT_NAMES) {
      expect(AGENTS[agent].bridgeCommand).not.toBe('');
      expect(AGENTS[agent].boundSeconds).toBeLessThan(AGENTS[agent].connectTimeoutSeconds);
      // B13: the file connect writes is one Cosh protects, in the user's folder and the project's.
      const { hooks, files } = AGENTS[agent].settingsFiles;
      expect(files.find((file) => file.name === hooks)).toMatchObject({ name: hooks });
      expect(files.find((file) => file.name === hooks)).not.toHaveProperty('projectOnly');
    }
  });

  it('T/K3: the five built-in tools each have a Claude twin', () => {
    expect(TOOL_NAMES.map((tool) => TOOLS[tool].twins.claude[0])).toEqual(['Bash', 'Read', 'Write', 'Edit', 'Grep']);
  });
});

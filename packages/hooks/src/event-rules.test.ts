import { EVENTS_ALLOWING_ASYNC, HOOK_EVENTS } from '@cosh/config';
import { describe, expect, it } from 'vitest';
import { EVENT_RULES } from './event-rules.ts';

describe('EVENT_RULES', () => {
  it('R13: allowsAsync is the rule the config validates (async on PreToolUse is a C6 error)', () => {
    for (const event of HOOK_EVENTS) expect(EVENT_RULES[event].allowsAsync).toBe(EVENTS_ALLOWING_ASYNC.includes(event));
    expect(EVENT_RULES.PreToolUse.allowsAsync).toBe(false);
  });
});

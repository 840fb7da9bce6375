import { parseConfig } from '@cosh/config';
import { describe, expect, it } from 'vitest';
import { createMcpLog, describeHookCount } from './mcp-log.ts';

function configOf(document: unknown) {
  const parsed = parseConfig(JSON.stringify(document), '/virtual/setup.json');
  if (!parsed.ok) throw parsed.error;
  return parsed.config;
}

describe('describeHookCount', () => {
  it('counts the hooks of both events', () => {
    expect(
      describeHookCount(
        configOf({ hooks: { PreToolUse: [{ command: 'a' }, { command: 'b' }], PostToolUse: [{ command: 'c' }] } }),
      ),
    ).toBe('3 hooks');
    expect(describeHookCount(configOf({ hooks: { PostToolUse: [{ command: 'c' }] } }))).toBe('1 hook');
    expect(describeHookCount(configOf({}))).toBe('0 hooks');
  });

  it('C5/C7: leaves out an entry turned off and every hook of an event turned off', () => {
    const config = configOf({
      hooksEnabled: { PostToolUse: false },
      hooks: {
        PreToolUse: [{ command: 'a' }, { command: 'b', enabled: false }],
        PostToolUse: [{ command: 'c' }, { command: 'd' }],
      },
    });
    expect(describeHookCount(config)).toBe('1 hook');
  });
});

describe('createMcpLog', () => {
  it('writes one prefixed line per message, hook text made inert', () => {
    const written: string[] = [];
    const log = createMcpLog('cosh mcp serve', (text) => written.push(text));
    log("bash_run: error hook 'x': \u001b[2Jcleared\nsecond line");
    expect(written).toEqual(["cosh mcp serve: bash_run: error hook 'x': \\u001b[2Jcleared\\nsecond line\n"]);
  });
});

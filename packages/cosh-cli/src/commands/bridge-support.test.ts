import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateHooksConfig } from '@cosh/config';
import { describe, expect, it } from 'vitest';
import { bridgeBoundMs, bridgeProjectFrom, createBridgeDeadline } from './bridge-support.ts';

describe('the bridges’ bound and project root (K8, K10)', () => {
  it('K8: the bound is the longest timeout of the event plus 5 s, at most the agent’s bound (below Gemini’s 60 s)', () => {
    const parsed = validateHooksConfig({
      hooks: {
        PreToolUse: [
          { command: 'a', timeout: 3 },
          { command: 'b', timeout: 20 },
          { command: 'c', timeout: 300, enabled: false },
        ],
        PostToolUse: [{ command: 'd', protocol: 'claude' }],
      },
    });
    if (!parsed.ok) throw parsed.error;
    const { config } = parsed;
    expect(bridgeBoundMs(config, 'PreToolUse', 'claude')).toBe(25_000);
    // A claude-protocol hook's default timeout is 600 s.
    expect(bridgeBoundMs(config, 'PostToolUse', 'claude')).toBe(605_000);
    expect(bridgeBoundMs(config, 'PostToolUse', 'gemini')).toBe(55_000);
  });

  it('K8: CLAUDE_PROJECT_DIR is the project root when it names an existing folder, else the call’s cwd', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cosh-bridge-root-'));
    expect(bridgeProjectFrom({ CLAUDE_PROJECT_DIR: folder }, '/elsewhere', ['CLAUDE_PROJECT_DIR'])).toBe(folder);
    expect(bridgeProjectFrom({ CLAUDE_PROJECT_DIR: join(folder, 'gone') }, '/cwd', ['CLAUDE_PROJECT_DIR'])).toBe(
      '/cwd',
    );
    expect(bridgeProjectFrom({ CLAUDE_PROJECT_DIR: 'relative' }, '/cwd', ['CLAUDE_PROJECT_DIR'])).toBe('/cwd');
    expect(bridgeProjectFrom({}, '/cwd', ['CLAUDE_PROJECT_DIR'])).toBe('/cwd');
  });

  it('K8: the deadline expires at the bound it was last given, counted from the start', async () => {
    const started = Date.now();
    const deadline = createBridgeDeadline(started, 60_000);
    deadline.setBound(50);
    expect(await deadline.expired).toBe('expired');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(deadline.boundMs).toBe(50);
  });
});

import { describe, expect, it } from 'vitest';
import { planClaudeImport } from './claude-import-plan.ts';

const always = () => true;

describe('planClaudeImport (K6)', () => {
  it('K6: one entry per command handler of PreToolUse and PostToolUse, named by label, event and position', () => {
    const plan = planClaudeImport(
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: 'guard.sh' },
                { type: 'command', command: 'log.sh', timeout: 5 },
              ],
            },
            { hooks: [{ type: 'command', command: 'all.sh' }] },
          ],
          PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'fmt.sh' }] }],
        },
      },
      'project',
      always,
    );
    expect(plan.errorCount).toBe(0);
    expect(plan.entries.PreToolUse).toEqual([
      {
        name: 'claude:project:PreToolUse[0].hooks[0]',
        protocol: 'claude',
        matcher: 'Bash',
        command: 'guard.sh',
        timeout: 600,
      },
      {
        name: 'claude:project:PreToolUse[0].hooks[1]',
        protocol: 'claude',
        matcher: 'Bash',
        command: 'log.sh',
        timeout: 5,
      },
      { name: 'claude:project:PreToolUse[1].hooks[0]', protocol: 'claude', command: 'all.sh', timeout: 600 },
    ]);
    expect(plan.entries.PostToolUse.map((entry) => entry.matcher)).toEqual(['Write|Edit']);
    expect(plan.lines.map((line) => line.status)).toEqual(['imported', 'imported', 'imported', 'imported']);
  });

  it('K6, F5: if is kept; warnings for async, matchers only for tools Cosh lacks, and an interpreter not on PATH', () => {
    const plan = planClaudeImport(
      {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'x.sh', if: 'Bash(git *)' }] },
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'y.sh', async: true }] },
            { matcher: 'WebFetch|NotebookEdit', hooks: [{ type: 'command', command: 'z.sh' }] },
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'bun run guard.ts' }] },
            // Cosh's fs_edit is Claude's Edit and MultiEdit (K3): no warning.
            { matcher: 'Edit|MultiEdit', hooks: [{ type: 'command', command: 'e.sh' }] },
            { matcher: '^(Multi)?Edit$', hooks: [{ type: 'command', command: 'f.sh' }] },
          ],
        },
      },
      'user',
      (name) => name !== 'bun',
    );
    expect(plan.lines.map((line) => [line.status, line.message])).toEqual([
      ['imported', null],
      ['warning', '"async" is not supported: it runs synchronously'],
      ['warning', expect.stringContaining('names only tools Cosh does not have')],
      ['warning', 'bun was not found on PATH'],
      ['imported', null],
      ['imported', null],
    ]);
    expect(plan.entries.PreToolUse).toHaveLength(6);
    expect(plan.entries.PreToolUse[0]).toMatchObject({ if: 'Bash(git *)', protocol: 'claude', matcher: 'Bash' });
  });

  it('K6, F5: an if that is not one Claude rule is an error for its handler', () => {
    const plan = planClaudeImport(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x.sh', if: 'Bash(git *' }] }] } },
      'user',
      () => true,
    );
    expect(plan.lines.map((line) => line.status)).toEqual(['error']);
  });

  it('K6: other events and http/prompt/agent/mcp_tool handlers are skipped by name', () => {
    const plan = planClaudeImport(
      {
        hooks: {
          Stop: [{ hooks: [{ type: 'command', command: 'notify.sh' }] }],
          PreToolUse: [
            {
              hooks: [
                { type: 'http', url: 'http://x' },
                { type: 'prompt', prompt: 'p' },
                { type: 'agent' },
                { type: 'mcp_tool' },
              ],
            },
          ],
        },
      },
      'local',
      always,
    );
    expect(plan.lines.map((line) => [line.name, line.status])).toEqual([
      ['claude:local:Stop[0].hooks[0]', 'skipped'],
      ['claude:local:PreToolUse[0].hooks[0]', 'skipped'],
      ['claude:local:PreToolUse[0].hooks[1]', 'skipped'],
      ['claude:local:PreToolUse[0].hooks[2]', 'skipped'],
      ['claude:local:PreToolUse[0].hooks[3]', 'skipped'],
    ]);
    expect(plan.entries.PreToolUse).toEqual([]);
    expect(plan.errorCount).toBe(0);
  });

  it('K6: shapes it cannot read and unknown handler types are errors, each with its own line', () => {
    expect(planClaudeImport([], 'x', always).errorCount).toBe(1);
    expect(planClaudeImport({ hooks: [] }, 'x', always).lines[0]?.message).toContain('"hooks" is not an object');
    const plan = planClaudeImport(
      {
        hooks: {
          PreToolUse: [
            'nope',
            { matcher: 5, hooks: [] },
            {
              hooks: [
                { type: 'script', command: 'a' },
                { type: 'command' },
                { type: 'command', command: 'b', timeout: -1 },
              ],
            },
          ],
          PostToolUse: {},
        },
      },
      'x',
      always,
    );
    expect(plan.lines.map((line) => line.message)).toEqual([
      'PreToolUse[0] is not an object with a "hooks" array',
      'PreToolUse[1].matcher is not a string',
      'handler type "script" is not one Claude Code has (command, http, prompt, agent, mcp_tool)',
      'a command handler needs a non-empty "command" string',
      'timeout -1 is not a number of seconds above 0 and at most 86400',
      'hooks.PostToolUse is not an array of matcher groups',
    ]);
    expect(plan.errorCount).toBe(6);
  });
});

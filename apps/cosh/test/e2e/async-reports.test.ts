// SPEC R13: an async hook's finished report in the hosts that serve many calls — `cosh session`
// and `cosh mcp serve|proxy` print it on stderr with --verbose, and `--history` records it as a
// {"type":"async_result", …} line. The built binary, real /bin/sh hooks.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { downstreamFixture, startCosh } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-async-reports-');

beforeAll(async () => {
  await assertBuilt();
});

/** A folder with a setup.json whose one PostToolUse hook is async and logs `notified` on stderr. */
async function project() {
  const folder = makeFolder();
  const config = join(folder, '.cosh-config', 'setup.json');
  await mkdir(dirname(config));
  const notify = { name: 'notify', command: 'sleep 0.2; echo notified >&2', async: true };
  await writeFile(config, JSON.stringify({ hooks: { PostToolUse: [notify] } }));
  await writeFile(join(folder, 'notes.txt'), 'hello');
  return { folder, config };
}

const readCall = `${JSON.stringify({ id: 1, tool_name: 'fs_read', tool_input: { path: 'notes.txt' } })}\n`;
const reportLine = /^\[async\] hook 'notify' none \(exit 0, \d+ ms\)$/m;

describe('R13: async reports in cosh session', () => {
  it('R13: --verbose prints the report on stderr; without it nothing is said', async () => {
    const { folder, config } = await project();
    const verbose = await runCosh(['session', '--config', config, '--permission', 'allow', '--verbose'], {
      cwd: folder,
      input: readCall,
    });
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toMatch(reportLine);
    const quiet = await runCosh(['session', '--config', config, '--permission', 'allow'], {
      cwd: folder,
      input: readCall,
    });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('[async]');
  });

  it('R13: --history records the report as a {"type":"async_result"} line after the call', async () => {
    const { folder, config } = await project();
    const run = await runCosh(['session', '--config', config, '--permission', 'allow', '--history', 'calls.jsonl'], {
      cwd: folder,
      input: readCall,
    });
    expect(run.code).toBe(0);
    const lines = (await readFile(join(folder, 'calls.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ id: 1, tool_name: 'fs_read', status: 'ok' });
    expect(lines[1]).toMatchObject({
      type: 'async_result',
      event: 'PostToolUse',
      hook: 'notify',
      name: 'notify',
      outcome: 'none',
      exit_code: 0,
      signal: null,
      timed_out: false,
      async: true,
      layer: 'user',
    });
    expect(lines[1]?.['timestamp']).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('R13: async reports in cosh mcp serve|proxy', () => {
  it('R13: mcp serve --verbose prints the report on stderr', async () => {
    const { folder, config } = await project();
    const session = await startCosh(['mcp', 'serve', '--config', config, '--verbose'], { cwd: folder });
    try {
      await session.call('fs_read', { path: 'notes.txt' });
      await session.waitForStderr(/\[async\] hook 'notify' none \(exit 0, \d+ ms\)/);
    } finally {
      await session.close();
    }
  });

  it('R13: mcp proxy --verbose prints the report on stderr', async () => {
    const { folder, config } = await project();
    const session = await startCosh(
      ['mcp', 'proxy', '--config', config, '--verbose', '--', process.execPath, downstreamFixture],
      { cwd: folder },
    );
    try {
      await session.call('echo', { text: 'hi' });
      await session.waitForStderr(/\[async\] hook 'notify' none \(exit 0, \d+ ms\)/);
    } finally {
      await session.close();
    }
  });
});

// SPEC F1–F3 end to end: the built `cosh` in front of the real
// @modelcontextprotocol/server-filesystem (`cosh mcp proxy`), and `cosh hooks run --json`. A
// `.env` guard on matcher "" catches the server's `write_file` of `.env` (issue 38: a guard on
// `^fs_(write|edit)$` did not) and no other file.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolders } from '@cosh/test-utils';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';
import { type McpSession, startCosh } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-guard-files-');
const filesystemServer = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-filesystem/dist/index.js',
);

let directory: string;
let project: string;
let configPath: string;
const sessions: McpSession[] = [];

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
  project = join(directory, 'project');
  await mkdir(project);
  configPath = join(directory, 'setup.json');
  await writeFile(
    configPath,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            name: 'env guard',
            matcher: '',
            paths: ['.env'],
            command: `cat > "${join(directory, 'guard-stdin.json')}"; echo "never write $COSH_PATHS" >&2; exit 2`,
          },
        ],
      },
    }),
  );
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close().catch(() => undefined)));
});

describe('guard files (F1–F3)', () => {
  it('F2: a .env guard on matcher "" catches the filesystem MCP server\'s write_file of .env through cosh mcp proxy', async () => {
    const session = await startCosh(
      ['mcp', 'proxy', '--config', configPath, '--', process.execPath, filesystemServer, project],
      { cwd: project },
    );
    sessions.push(session);
    const denied = await session.call('write_file', { path: join(project, '.env'), content: 'SECRET=1\n' });
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toContain('never write');
    expect(existsSync(join(project, '.env'))).toBe(false);
    const payload = JSON.parse(readFileSync(join(directory, 'guard-stdin.json'), 'utf8'));
    expect(payload.tool_name).toBe('write_file');
    expect(payload.paths).toEqual([join(project, '.env')]);

    const moved = await session.call('move_file', { source: join(project, 'x'), destination: join(project, '.env') });
    expect(moved.isError).toBe(true);
    expect(JSON.stringify(moved.content)).toContain('never write');

    const allowed = await session.call('write_file', { path: join(project, 'notes.txt'), content: 'fine\n' });
    expect(allowed.isError ?? false).toBe(false);
    expect(readFileSync(join(project, 'notes.txt'), 'utf8')).toBe('fine\n');
  }, 60_000);

  it('F3: hooks run --json shows the touched paths; a command Cosh cannot split is paths_unknown and selects the guard', async () => {
    const run = (tool: string, input: Record<string, unknown>) =>
      runCosh(
        [
          'hooks',
          'run',
          'PreToolUse',
          '--tool',
          tool,
          '--input',
          JSON.stringify(input),
          '--json',
          '--config',
          configPath,
          '--no-project',
        ],
        {
          cwd: project,
        },
      );
    // F2: a word without `/` is a path when it names an entry of the cwd.
    await writeFile(join(project, '.env'), 'SECRET=1\n');
    const cat = await run('bash_run', { command: 'cat .env > copy.txt' });
    const catJson = JSON.parse(cat.stdout);
    expect(catJson.decision).toBe('deny');
    expect(catJson.paths).toEqual([join(project, '.env'), join(project, 'copy.txt')]);
    expect(catJson.paths_unknown).toBe(false);

    const other = JSON.parse((await run('fs_write', { path: 'notes.txt', content: 'x' })).stdout);
    expect(other.decision).toBe('none');
    expect(other.hooks).toEqual([]);
    expect(other.paths).toEqual([join(project, 'notes.txt')]);

    const unknown = JSON.parse((await run('bash_run', { command: 'cat "$SECRET_FILE"' })).stdout);
    expect(unknown.decision).toBe('deny');
    expect(unknown.paths_unknown).toBe(true);
  }, 60_000);
});

// What a new user meets first (issue 13): every command's --help shows an example to copy, and
// the usual slips get a did-you-mean, through the built binary.
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-help-');

let directory: string;

beforeAll(async () => {
  await assertBuilt();
  directory = makeFolder();
});

/** The subcommands a `--help` text lists (commander's own `help` left out). */
function subcommandsOf(help: string): string[] {
  const section = help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^ {2}([a-z-]+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}

describe('--help (issue 13)', () => {
  it('X: every command, found by walking the help tree from `cosh --help`, shows at least one example and no rule id', async () => {
    const pending: string[][] = [[]];
    const seen: string[] = [];
    while (pending.length > 0) {
      const path = pending.shift() as string[];
      const result = await runCosh([...path, '--help'], { cwd: directory });
      expect(result.code, path.join(' ')).toBe(0);
      expect(result.stdout, `cosh ${path.join(' ')} --help`).toMatch(/\nExamples:\n {2}# .+\n {2}.*\bcosh /);
      // A reader of --help cannot look up the project's rule ids (C5, O3, …): none appear.
      expect(result.stdout, `cosh ${path.join(' ')} --help`).not.toMatch(/\b[CMROAPLSKHXT]\d{1,2}\b|\bSPEC\b/);
      seen.push(['cosh', ...path].join(' '));
      for (const name of subcommandsOf(result.stdout)) pending.push([...path, name]);
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'cosh',
        'cosh hooks list',
        'cosh hooks validate',
        'cosh hooks enable',
        'cosh hooks disable',
        'cosh hooks run',
        'cosh hooks schema',
        'cosh settings',
        'cosh exec',
        'cosh session',
        'cosh mcp serve',
        'cosh mcp proxy',
      ]),
    );
  }, 60_000);
});

describe('did you mean (issue 13)', () => {
  it.each([
    [['-v'], "cosh: unknown option '-v' (did you mean --version?). See 'cosh --help'."],
    [['version'], "cosh: unknown command 'version' (did you mean --version?). See 'cosh --help'."],
    [
      ['hooks', 'run', 'pretooluse', '--tool', 'bash_run'],
      "cosh: unknown event 'pretooluse' (did you mean PreToolUse?). See 'cosh hooks run --help'.",
    ],
    [
      ['exec', 'bash_run', '{"command": "ls"}'],
      `cosh: too many arguments for 'exec'. Expected 1 argument but got 2 (did you mean --input '{"command": "ls"}'?). See 'cosh exec --help'.`,
    ],
    [
      ['mcp', 'proxy', '--permission', 'deny', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '.'],
      "cosh: unknown option '-y' (the MCP server's options go after --: did you mean `cosh mcp proxy --permission deny -- npx -y @modelcontextprotocol/server-filesystem .`?). See 'cosh mcp proxy --help'.",
    ],
  ])('X: %j exits 64 with a suggestion', async (argv, message) => {
    expect(await runCosh(argv, { cwd: directory })).toEqual({ code: 64, stdout: '', stderr: `${message}\n` });
  });
});

// `cosh hooks run` as scripts use it: the built binary, a real setup.json, real hook processes.
// One smoke test of the SPEC X contract (the --json object key by key, on stdout, exit 0) and what
// only the binary shows: its exit statuses. The contract case by case (PostToolUse, --input-file,
// --output-file, every usage error, the output for people, --verbose) is tested in-process in
// @cosh/cosh-cli (packages/cosh-cli/src/commands/hooks-run.test.ts), and not repeated here.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-hooks-run-');

let directory: string;

beforeAll(assertBuilt);

beforeEach(() => {
  directory = makeFolder();
});

interface RunJson {
  event: string;
  tool_name: string;
  decision: string;
  halt: boolean;
  reasons: string[];
  context: string;
  tool_input: Record<string, unknown>;
  tool_output: string | null;
  hooks: {
    name: string;
    outcome: string | null;
    exit_code: number | null;
    signal: string | null;
    timed_out: boolean;
    truncated: boolean;
    duration_ms: number | null;
    deduplicated: boolean;
  }[];
  diagnostics: { level: string; hook: string | null; message: string }[];
}

const KEYS = [
  'event',
  'tool_name',
  'decision',
  'halt',
  'reasons',
  'context',
  'tool_input',
  'tool_output',
  'hooks',
  'diagnostics',
  'paths',
  'paths_unknown',
];
// X: `--json` adds each hook's "layer" (C10).
const HOOK_KEYS = [
  'name',
  'outcome',
  'exit_code',
  'signal',
  'timed_out',
  'truncated',
  'duration_ms',
  'deduplicated',
  'layer',
  'stdout',
  'stderr',
];

async function setup(text: string): Promise<string> {
  const file = join(directory, 'setup.json');
  await writeFile(file, text);
  return file;
}

/** `cosh hooks run … --json` with the config given by COSH_CONFIG, parsed. */
async function hooksRun(config: string, args: readonly string[]): Promise<{ json: RunJson; stderr: string }> {
  const result = await runCosh(['hooks', 'run', ...args, '--json'], { cwd: directory, env: { COSH_CONFIG: config } });
  expect(result.code, result.stderr).toBe(0);
  const json = JSON.parse(result.stdout) as RunJson;
  expect(Object.keys(json)).toEqual(KEYS);
  for (const hook of json.hooks) expect(Object.keys(hook)).toEqual(HOOK_KEYS);
  return { json, stderr: result.stderr };
}

// The product page's own examples, with the quoting that makes them work.
const productPage = `{
  // The other settings of setup.json stay untouched.
  "theme": "dark",
  "hooks": {
    "PreToolUse": [
      {
        "name": "Block dangerous bash",
        "matcher": "bash_run",
        "command": "if grep -q 'rm -rf'; then echo '{\\"decision\\": \\"deny\\", \\"reason\\": \\"rm -rf is not allowed\\"}'; exit 2; fi",
      },
      {"name": "Allow reads", "matcher": "^fs_read$", "command": "echo '{\\"decision\\": \\"allow\\"}'"},
      {
        "name": "Add --color=never to grep",
        "matcher": "find_grep",
        "command": "echo '{\\"updated_input\\": {\\"command\\": \\"--color=never\\"}, \\"context\\": \\"colour disabled\\"}'",
      },
      {"name": "Allow reads again", "matcher": "fs_", "command": "echo '{\\"decision\\": \\"allow\\"}'"},
      {"name": "Emergency stop", "matcher": ".*", "command": "if [ -f halt-now ]; then echo 'HALTED' >&2; exit 49; fi"},
    ],
    "PostToolUse": [
      {"name": "Log file writes", "matcher": "fs_write", "command": "echo '{\\"context\\": \\"File write completed\\"}'"},
      {"name": "Flag secrets", "matcher": "fs_", "command": "if grep -q AKIA; then echo 'AWS key in output' >&2; exit 2; fi"},
    ],
  },
}
`;

describe('cosh hooks run --json: verdicts (SPEC X)', () => {
  it('X/A2/O3: deny with the JSON reason; tool_output null for PreToolUse', async () => {
    const config = await setup(productPage);
    const { json, stderr } = await hooksRun(config, [
      'PreToolUse',
      '--tool',
      'bash_run',
      '--input',
      '{"command": "rm -rf /"}',
    ]);
    expect(stderr).toBe('');
    expect(json).toEqual({
      event: 'PreToolUse',
      tool_name: 'bash_run',
      decision: 'deny',
      halt: false,
      reasons: ['rm -rf is not allowed'],
      context: '',
      tool_input: { command: 'rm -rf /' },
      tool_output: null,
      hooks: [
        {
          name: 'Block dangerous bash',
          outcome: 'deny',
          exit_code: 2,
          signal: null,
          timed_out: false,
          truncated: false,
          duration_ms: json.hooks[0]?.duration_ms,
          deduplicated: false,
          layer: 'user',
          stdout: '{"decision": "deny", "reason": "rm -rf is not allowed"}\n',
          stderr: '',
        },
        {
          name: 'Emergency stop',
          outcome: 'none',
          exit_code: 0,
          signal: null,
          timed_out: false,
          truncated: false,
          duration_ms: json.hooks[1]?.duration_ms,
          deduplicated: false,
          layer: 'user',
          stdout: '',
          stderr: '',
        },
      ],
      diagnostics: [],
      // F3: the call's touched paths: `rm -rf /` names the root folder.
      paths: ['/'],
      paths_unknown: false,
    });
    expect(Number.isInteger(json.hooks[0]?.duration_ms)).toBe(true);
  });
});

function shellEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('cosh hooks run exit codes (SPEC X)', () => {
  it('X: bad usage exits 64 with one line on stderr and nothing on stdout', async () => {
    const result = await runCosh(['hooks', 'run', 'PreTool', '--tool', 't'], { cwd: directory });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "cosh: unknown event 'PreTool' (did you mean PreToolUse?). See 'cosh hooks run --help'.\n",
    );
  });

  it('X/C6: a configuration error exits 78 with every problem on stderr, and no hook runs', async () => {
    const config = await setup(`{"hooks": {"PreToolUse": [
  {"command": "touch ran", "timeout": 0},
  {"command": 42}
]}}`);
    const result = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 't', '--json'], {
      cwd: directory,
      env: { COSH_CONFIG: config },
    });
    expect(result.code).toBe(78);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(`^${shellEscape(config)}:2:39: error: hooks\\.PreToolUse\\[0\\]\\.timeout`, 'm'),
    );
    expect(result.stderr).toMatch(
      new RegExp(`^${shellEscape(config)}:3:15: error: hooks\\.PreToolUse\\[1\\]\\.command`, 'm'),
    );
    await expect(readFile(join(directory, 'ran'))).rejects.toThrow();
  });
});

describe("Claude Code's tool names on cosh-protocol hooks (M2)", () => {
  it('M2: hooks validate warns that matcher "Bash" is bash_run for Cosh; hooks run --tool Bash says so on stderr', async () => {
    const config = await setup(
      '{"hooks": {"PreToolUse": [{"name": "habit", "matcher": "Bash", "command": "exit 2"}]}}',
    );
    const validate = await runCosh(['hooks', 'validate', '--config', config], { cwd: directory });
    expect(validate.code).toBe(0);
    const warned = `${validate.stdout}${validate.stderr}`;
    expect(warned).toContain(`"Bash" is Claude Code's name for Cosh's bash_run`);
    expect(warned).toContain('"protocol": "claude"');

    const run = await runCosh(['hooks', 'run', 'PreToolUse', '--tool', 'Bash'], {
      cwd: directory,
      env: { COSH_CONFIG: config },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`cosh: warning: --tool "Bash" is Claude Code's name for Cosh's bash_run`);
    expect(run.stderr).toContain('"protocol": "claude"');
    // The hook that never runs under Cosh's own hosts is the one this run tried.
    const bashRun = await hooksRun(config, ['PreToolUse', '--tool', 'bash_run']);
    expect(bashRun.json.hooks).toEqual([]);
  });
});

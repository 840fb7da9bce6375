// SPEC S3 end to end: Cosh reads its trust store as C1 reads setup.json. A FIFO (which would wait
// forever for a writer), a link to /dev/zero (which never ends), a folder or a huge file in its
// place is an E_TRUST_STORE error at once: nothing is trusted, every command that loads hooks
// stops with a clear message (the bridge denies), and none hangs or crashes.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-trust-store-e2e-');

let root: string;
let home: string;
let store: string;

beforeAll(async () => {
  await assertBuilt();
});

beforeEach(async () => {
  root = makeFolder();
  home = join(root, 'home');
  store = join(home, '.local', 'state', 'cosh', 'trust.json');
  await mkdir(join(home, '.config', 'cosh'), { recursive: true });
  await mkdir(join(home, '.local', 'state', 'cosh'), { recursive: true });
  const guard = { name: 'guard', matcher: 'bash_run|Bash', command: 'exit 0' };
  await writeFile(join(home, '.config', 'cosh', 'setup.json'), JSON.stringify({ hooks: { PreToolUse: [guard] } }));
});

/** `cosh …args` as the agent's host runs it: no terminal, trust checked. */
function agent(args: readonly string[], input?: string) {
  return runCosh(args, {
    cwd: root,
    env: { HOME: home, COSH_TRUST: undefined } as NodeJS.ProcessEnv,
    ...(input === undefined ? {} : { input }),
  });
}

const places: [string, () => Promise<void>, string][] = [
  ['a FIFO', async () => void execFileSync('mkfifo', [store]), 'a FIFO (named pipe), not a trust store'],
  ['a link to /dev/zero', () => symlink('/dev/zero', store), 'a character device, not a trust store'],
  ['a folder', () => mkdir(store).then(() => undefined), 'a directory, not a trust store'],
  [
    'a 5 MiB file',
    async () => {
      await writeFile(store, '');
      await truncate(store, 5 * 1024 * 1024);
    },
    'the trust store is too large',
  ],
];

describe('S3: the trust store is read as setup.json is', () => {
  for (const [what, make, reason] of places) {
    it(`S3: ${what} in place of the trust store: hooks run, exec and claude-hook answer promptly, nothing trusted, the call refused`, async () => {
      await make();
      const started = Date.now();
      const run = await agent(['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command":"ls"}']);
      expect(run.code).toBe(78);
      expect(run.stderr).toContain(store);
      expect(run.stderr).toContain(reason);

      const exec = await agent(['exec', 'bash_run', '--input', '{"command": "echo ran"}', '--permission', 'allow']);
      expect(exec.code).toBe(78);
      expect(exec.stdout).not.toContain('ran');

      const payload = {
        session_id: 's',
        transcript_path: '',
        cwd: root,
        permission_mode: 'default',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_use_id: 't',
      };
      const bridge = await agent(['claude-hook'], JSON.stringify(payload));
      expect(bridge.code).toBe(0);
      const answer = JSON.parse(bridge.stdout) as Record<string, { permissionDecision?: string }> & {
        systemMessage?: string;
      };
      expect(answer.hookSpecificOutput?.permissionDecision).toBe('deny');
      expect(answer.systemMessage).toContain('trust store');
      // Generous: each run is a fresh node process on a possibly busy machine; a wait would be forever.
      expect(Date.now() - started).toBeLessThan(30_000);
    }, 60_000);
  }
});

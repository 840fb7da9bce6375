// Issue 17's second bypass: under a low descriptor limit, hooks that cannot be spawned (EMFILE)
// must refuse the call (R9), never let it through. `cosh mcp serve` is started under a real
// `ulimit -n`, a deny-all guard is the only hook, and 150 calls arrive at once from the SDK's
// client; none may run.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, coshBin } from '../__fixtures__/cli-run.ts';
import { startMcpSession } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-mcp-emfile-');

const calls = 150;

let folder: string;
beforeAll(async () => {
  await assertBuilt();
  folder = makeFolder();
});

describe('cosh mcp serve under a descriptor limit', () => {
  // 1024 is the limit of the report; 64 leaves the server too few descriptors for 150 calls'
  // hooks (three pipes each), so spawns do fail with EMFILE and R9 is what refuses them.
  for (const limit of [1024, 64]) {
    it(`R9, R11: ${calls} parallel calls under ulimit -n ${limit} with a deny-all guard: no call runs`, async () => {
      const markers = await mkdtemp(join(folder, `markers-${limit}-`));
      const config = join(folder, 'deny-all.json');
      await writeFile(
        config,
        JSON.stringify({
          hooks: { PreToolUse: [{ name: 'deny all', command: `echo 'denied by policy' >&2; exit 2` }] },
        }),
      );
      const session = await startMcpSession(
        '/bin/sh',
        ['-c', `ulimit -n ${limit} && exec "$0" "$@"`, process.execPath, coshBin, 'mcp', 'serve', '--config', config],
        { cwd: folder, env: { COSH_TRUST: 'all' } },
      );
      try {
        const results = await Promise.all(
          Array.from({ length: calls }, (_, index) =>
            session.call('bash_run', { command: `touch ${join(markers, `ran-${index}`)}` }),
          ),
        );
        for (const result of results) {
          expect(result.isError).toBe(true);
          const first = result.content[0];
          expect(first?.type === 'text' ? first.text : '').toMatch(/^Blocked by hook: /);
        }
        expect(await readdir(markers)).toEqual([]);
        const reasons = new Set(results.map((result) => (result.content[0] as { text: string }).text.split('\n')[0]));
        console.info(`ulimit -n ${limit}: ${calls} calls refused; reasons: ${[...reasons].join(' | ')}`);
      } finally {
        await session.close();
      }
    }, 240_000);
  }
});

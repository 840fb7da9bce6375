// `cosh mcp proxy` with a downstream server whose answers are large: text past 4 MiB is cut
// with a note (SPEC X), and an answer past the proxy's 64 MiB line limit fails that one call at
// once instead of waiting for --call-timeout or closing the connection. Tens of megabytes go
// through pipes and JSON here, so this lives in the reliability suite.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../__fixtures__/cli-run.ts';
import { downstreamFixture, startCosh } from '../__fixtures__/mcp-session.ts';

const makeFolder = temporaryFolders('cosh-mcp-proxy-large-');

let folder: string;
beforeAll(async () => {
  await assertBuilt();
  folder = makeFolder();
  await writeFile(join(folder, 'setup.json'), JSON.stringify({ hooks: {} }));
});

const text = (value: unknown) => ({ type: 'text', text: value });

describe('cosh mcp proxy: large answers from the downstream', () => {
  it("X: a downstream result past 4 MiB of text is cut with a note; one past the proxy's 64 MiB limit fails at once, and the proxy goes on", async () => {
    const session = await startCosh(
      ['mcp', 'proxy', '--config', join(folder, 'setup.json'), '--', process.execPath, downstreamFixture, '--big-tool'],
      { cwd: folder, env: { COSH_TRUST: 'all' } },
    );
    const cut = await session.call('big', { bytes: 6 * 1024 * 1024 });
    const note =
      '\n[cut by cosh: the text was 6291456 bytes as sent, more than one answer may carry; the first 4194304 bytes are shown]';
    expect(cut.isError).toBeUndefined();
    expect(cut.content).toEqual([text(`${'b'.repeat(4 * 1024 * 1024)}${note}`)]);

    const startedAt = performance.now();
    const dropped = await session.call('big', { bytes: 70 * 1024 * 1024 });
    expect(dropped).toEqual({
      content: [
        text(
          expect.stringMatching(
            /^big: the downstream MCP server's answer was 734003\d\d bytes, over the proxy's limit of 67108864 bytes, and was dropped$/,
          ),
        ),
      ],
      isError: true,
    });
    // Answered when the line ended, not at the --call-timeout.
    expect(performance.now() - startedAt).toBeLessThan(60_000);
    await session.waitForStderr(/a message of 734003\d\d bytes, over the proxy's limit of 67108864 bytes, dropped/);
    expect(await session.call('echo', { text: 'up' })).toEqual({ content: [text('{"text":"up"}')] });
    await session.close();
  }, 120_000);
});

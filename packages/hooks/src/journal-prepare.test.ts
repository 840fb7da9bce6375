// J4: a journaled call does the journal's own set-up while its hooks run, not after its verdict.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { hooksConfig, shellQuote } from './__fixtures__/hooks-config.ts';
import { createHookEngine } from './create-hook-engine.ts';
import type { EventRun } from './hook-engine-types.ts';

const makeFolder = temporaryFolders('cosh-journal-prepare-');

describe('the journal is prepared while the hooks run', () => {
  it('J4: prepare is called once per journaled run, before its hook has finished, then record', async () => {
    const directory = makeFolder();
    const finished = join(directory, 'finished');
    const seen: string[] = [];
    const journal = {
      prepare: () => void seen.push(existsSync(finished) ? 'prepare after the hook' : 'prepare'),
      record: (_run: EventRun) => void seen.push(existsSync(finished) ? 'record' : 'record before the hook'),
      close: async () => {},
    };
    const engine = createHookEngine(
      hooksConfig({ PreToolUse: [{ name: 'slow', command: `sleep 0.2; touch ${shellQuote(finished)}` }] }),
      { cwd: directory, journal },
    );
    await engine.preToolUse({ toolName: 'fs_read', toolInput: { path: 'x' } });
    await engine.close();
    expect(seen).toEqual(['prepare', 'record']);
  });
});

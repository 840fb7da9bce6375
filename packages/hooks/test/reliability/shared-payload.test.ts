// A large tool input and many hooks: the payload is encoded once per call and every hook reads
// that one buffer (R11), measured as the peak resident size of a host of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SourceBundle, temporaryFolders } from '@cosh/test-utils';
import { bundleEngine, runEngineHost } from './__fixtures__/host-process.ts';

const makeFolder = temporaryFolders('cosh-shared-payload-');
const directory = makeFolder();
let bundle: SourceBundle | undefined;

beforeAll(async () => {
  bundle = await bundleEngine();
});

afterAll(() => {
  bundle?.remove();
});

describe('one shared payload (R11)', () => {
  it('R11: 20 hooks reading a 30 MB input raise the peak by a few copies of it, not 20', async () => {
    interface SharedPayloadReport {
      peakBefore: number;
      peakAfter: number;
      outcomes: string[];
    }
    const { report } = await runEngineHost<SharedPayloadReport>(
      (bundle as { file: string }).file,
      'shared-payload',
      directory,
      '20',
      '30',
    );
    expect(report.outcomes).toEqual(Array(20).fill('none'));
    // The input string (30 MB), its JSON payload (30 MB) and the payload's bytes (30 MB) are each
    // needed once. A copy per hook, as before, raised the peak by about 720 MB.
    const growthMegabytes = (report.peakAfter - report.peakBefore) / (1024 * 1024);
    expect(growthMegabytes).toBeLessThan(250);
  }, 120_000);
});

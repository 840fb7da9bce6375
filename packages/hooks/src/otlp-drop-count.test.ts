// SPEC J3: the count of OpenTelemetry records not sent, kept beside the journal for `journal stats`.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { addOtlpDrops, otlpDropCountFile, otlpDropsOf } from './otlp-drop-count.ts';

const makeFolder = temporaryFolders('cosh-otlp-drops-');

describe('J3 the drop count beside the journal', () => {
  it('J3: counts add up per journal; no file is 0; lines that are not counts are skipped', () => {
    const journal = join(makeFolder(), 'journal.jsonl');
    expect(otlpDropCountFile(journal)).toBe(join(journal, '..', '.journal.jsonl.otlp-dropped'));
    expect(otlpDropsOf(journal)).toBe(0);
    addOtlpDrops(journal, 3);
    addOtlpDrops(journal, 1);
    expect(otlpDropsOf(journal)).toBe(4);
    appendFileSync(otlpDropCountFile(journal), 'garbage\n-5\n2.5\n');
    addOtlpDrops(journal, 2);
    expect(otlpDropsOf(journal)).toBe(6);
  });
});

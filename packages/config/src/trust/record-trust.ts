// Loaded only when trust is given (`cosh hooks trust`, trust on first use): the trust store's
// writer and its lock stay off the path of every other load.
import type { TrustCandidate } from './trust-store.ts';
import { updateTrustStore } from './trust-store-write.ts';

/**
 * Records the files as trusted as they are now (SPEC S3, S4), under the trust store's lock: each
 * candidate's record replaces the file's old one, and a file that is gone loses its record (its
 * removal is what was trusted). Only for a person's decision at a terminal: `cosh hooks trust`,
 * or trust on first use of a user file by a command with a controlling terminal.
 */
export async function recordTrust(storeFile: string, candidates: readonly TrustCandidate[]): Promise<void> {
  await updateTrustStore(storeFile, (records) => {
    for (const candidate of candidates) {
      if (candidate.record === null) records.delete(candidate.file);
      else records.set(candidate.file, candidate.record);
    }
  });
}

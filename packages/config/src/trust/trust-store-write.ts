// Writing the trust store: loaded only when trust is given or a snapshot follows a toggle, so
// that the lock (and node:crypto, which it uses) stay off the path of every `cosh hooks run`.
// node:fs's `promises`, not node:fs/promises: it loads on first use, and `cosh hooks run` bundles
// this module but seldom writes (apps/cosh/test/e2e/start-up.test.ts).
import { promises as fsPromises } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from '../config-error.ts';
import { type FileLockOptions, LockTimeoutError, withFileLock } from '../file-lock.ts';
import {
  readTrustStore,
  renderTrustStore,
  type TrustRecord,
  type TrustRecords,
  trustStoreError,
} from './trust-store.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { MAX_CONFIG_BYTES } from '../read-config-file.ts';

/**
 * The store's text, within what {@link readTrustStore} reads back (4 MiB, SPEC S3): when the
 * scripts' texts would pass that, they are left out (the hashes stay; only the review of a later
 * change shows less), so that trusting never writes a store that refuses every later load.
 */
function renderReadableStore(records: Map<string, TrustRecord>): string {
  const text = renderTrustStore(records);
  if (Buffer.byteLength(text) <= MAX_CONFIG_BYTES) return text;
  for (const [path, record] of records) {
    records.set(path, { ...record, scripts: record.scripts.map(({ path, sha256 }) => ({ path, sha256 })) });
  }
  return renderTrustStore(records);
}

/** The trust store is private: it holds the text of every trusted setup.json (SPEC S3). */
const TRUST_STORE_MODE = 0o600;

/** A change to the records: add, replace or delete entries of the map it is given. */
export type TrustStoreChange = (records: Map<string, TrustRecord>) => void;

/**
 * Changes the trust store as C8 changes setup.json (SPEC S3): under the store's lock
 * (`.trust.json.lock` beside it), the store is read again, `change` applied to what it holds
 * now, and the result written atomically with mode 0600 (its folder created 0700). So two
 * processes trusting at once never lose a record: the second applies its change to the first's
 * store. Throws the `E_TRUST_STORE` error for a store that cannot be read, parsed, locked or
 * written; the store is then left as it was. Returns the records written.
 */
export async function updateTrustStore(
  file: string,
  change: TrustStoreChange,
  options: { readonly lock?: FileLockOptions | undefined } = {},
): Promise<TrustRecords> {
  try {
    await fsPromises.mkdir(dirname(file), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw trustStoreError(file, `cannot create the trust store's folder: ${(error as Error).message}`, error, {
      reset: false,
    });
  }
  for (;;) {
    let written: TrustRecords | undefined;
    try {
      written = await withFileLock(
        file,
        async (lock) => {
          const records = new Map(readTrustStore(file));
          change(records);
          // Another process took the lock as stale (this one was stopped for half a minute):
          // start over on what it wrote rather than write over it.
          if (!(await lock.stillHeld())) return undefined;
          await writeFileAtomically(file, renderReadableStore(records), { mode: TRUST_STORE_MODE });
          return records;
        },
        options.lock,
      );
    } catch (error) {
      if (ConfigError.isInstance(error)) throw error;
      const reason =
        error instanceof LockTimeoutError
          ? `another process kept the trust store locked (${error.lockFile}); try again`
          : `cannot write the trust store: ${(error as Error).message}`;
      throw trustStoreError(file, reason, error, { reset: false });
    }
    if (written !== undefined) return written;
  }
}

// Records trust for `count` files named `<prefix>-<n>` in the trust store, one after the other,
// as `cosh hooks trust` does, then exits. Usage:
//   node trust-recorder.mjs <bundle.mjs> <trust.json> <prefix> <count>
import { pathToFileURL } from 'node:url';

const [bundle, store, prefix, count] = process.argv.slice(2);
const { recordTrust } = await import(pathToFileURL(bundle).href);
const hash = (n) => n.toString(16).padStart(64, '0');
for (let n = 0; n < Number(count); n += 1) {
  const file = `${prefix}-${n}`;
  await recordTrust(store, [
    {
      file,
      exists: true,
      record: {
        path: file,
        fingerprint: hash(n),
        sha256: hash(n),
        snapshot: '{}',
        scripts: [],
        trustedAt: new Date().toISOString(),
      },
    },
  ]);
}

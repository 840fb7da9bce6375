// Flips toggles of one setup.json for ever, as fast as it can, until it is killed.
// Usage: node toggle-writer.mjs <bundle.mjs> <setup.json>
// Prints `ready` once its first change is on disk.
import { pathToFileURL } from 'node:url';

const [bundle, file] = process.argv.slice(2);
const { setEventEnabled, setHookEnabled } = await import(pathToFileURL(bundle).href);

let written = 0;
for (;;) {
  const choice = Math.floor(Math.random() * 4);
  const enabled = Math.random() < 0.5;
  const change =
    choice < 2
      ? await setEventEnabled(file, choice === 0 ? 'PreToolUse' : 'PostToolUse', enabled)
      : await setHookEnabled(file, 'PreToolUse', choice - 2, enabled);
  if (change.changed) written += 1;
  if (written === 1 && change.changed) process.stdout.write('ready\n');
}

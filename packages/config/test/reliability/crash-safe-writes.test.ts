// Crash-safe writes: a process flipping toggles of setup.json as fast as it can is killed with
// SIGKILL at random moments, many times. The file always parses and is always one of the states
// the toggles can make, byte for byte (comments and layout kept); never empty, never partial.
// What a killed writer leaves is at most its temporary file and its lock, which a later write
// removes.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, setEventEnabled, setHookEnabled } from '../../src/index.ts';
import { STALE_TEMPORARY_FILE_MS } from '../../src/stale-temporary-files.ts';
import { bundleSources, type SourceBundle, temporaryFolders } from '@cosh/test-utils';

const makeFolder = temporaryFolders('cosh-crash-');

const writerScript = fileURLToPath(new URL('./__fixtures__/toggle-writer.mjs', import.meta.url));
const kills = 50;

/** setup.json with every toggle present and on. */
const initialText = `// Cosh settings: the crash test's
{
  "theme": "dark", /* not ours, kept */
  "hooksEnabled": { "PreToolUse": true, "PostToolUse": true },
  "hooks": {
    "PreToolUse": [
      { "name": "first", "command": "true", "enabled": true }, // trailing comment
      {
        "name": "second",
        "command": "exit 0",
        "enabled": true,
      },
    ],
  },
}
`;

/** The toggles the writer flips (toggle-writer.mjs). */
const toggles: ((file: string, enabled: boolean) => Promise<unknown>)[] = [
  (file, enabled) => setEventEnabled(file, 'PreToolUse', enabled),
  (file, enabled) => setEventEnabled(file, 'PostToolUse', enabled),
  (file, enabled) => setHookEnabled(file, 'PreToolUse', 0, enabled),
  (file, enabled) => setHookEnabled(file, 'PreToolUse', 1, enabled),
];

/**
 * Every text the toggles can make from `start` (turning a switch on removes its key, so the
 * states are more than the sixteen combinations of values): found by making them, breadth
 * first, on a scratch file.
 */
async function reachableStates(start: string): Promise<Set<string>> {
  const scratch = join(makeFolder(), 'setup.json');
  const seen = new Set([start]);
  const queue = [start];
  for (let text = queue.shift(); text !== undefined; text = queue.shift()) {
    for (const toggle of toggles) {
      for (const enabled of [false, true]) {
        writeFileSync(scratch, text);
        await toggle(scratch, enabled);
        const next = readFileSync(scratch, 'utf8');
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  return seen;
}

let validStates = new Set<string>();
const directory = makeFolder();
const file = join(directory, 'setup.json');
let bundle: SourceBundle | undefined;

beforeAll(async () => {
  validStates = await reachableStates(initialText);
  bundle = await bundleSources(fileURLToPath(new URL('../..', import.meta.url)));
  // Bundling the sources takes seconds; over a minute on a machine whose cores are busy.
}, 180_000);

afterAll(() => {
  bundle?.remove();
});

/** Starts a writer, lets it write for a random while, kills it with SIGKILL, waits until it is gone. */
function writeThenKill(bundleFile: string, iteration: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, [writerScript, bundleFile, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const kill = (): void => {
      writer.kill('SIGKILL');
    };
    writer.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    writer.stdout.setEncoding('utf8').once('data', () => {
      // Writing continuously now: a kill 0–30 ms later lands anywhere in the write cycle.
      setTimeout(kill, Math.random() * 30);
    });
    // Every fifth run is killed on a timer from the start instead, wherever it has got to
    // (starting up, reading, its first write).
    if (iteration % 5 === 4) setTimeout(kill, 50 + Math.random() * 250);
    writer.on('error', reject);
    writer.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the writer stopped by itself (${code ?? signal}): ${stderr}`));
    });
  });
}

function leftoverTemporaryFiles(): string[] {
  return readdirSync(directory).filter((name) => name !== 'setup.json');
}

describe('crash-safe writes', () => {
  it(`C8: a writer SIGKILLed at random moments ${kills} times never leaves setup.json partial, empty or in a state no change makes`, async () => {
    // Every combination of values is among them, in more than one layout.
    expect(validStates.size).toBeGreaterThan(16);
    writeFileSync(file, initialText);
    const seen = new Set<string>();
    for (let iteration = 0; iteration < kills; iteration += 1) {
      await writeThenKill((bundle as { file: string }).file, iteration);
      const text = readFileSync(file, 'utf8');
      // Byte for byte one of the states: parses, comments and layout intact.
      expect(validStates.has(text), `after kill ${iteration + 1} setup.json is:\n${text}`).toBe(true);
      expect(parseConfig(text, file).ok).toBe(true);
      seen.add(text);
    }
    // The writers really changed the file between the kills.
    expect(seen.size).toBeGreaterThan(1);

    // A killed writer can leave its temporary file (killed between creating and renaming it),
    // its lock (killed while holding it: the next writer takes it over, its pid being gone), and
    // the breakers' turn file (killed while breaking such a lock: the next holder removes it once
    // it is old). Each temporary file is named for its dead process; the next write removes those
    // old enough to be stale.
    const lockFiles = ['.setup.json.lock', '.setup.json.lock.break'];
    const leftovers = leftoverTemporaryFiles();
    const temporaryFiles = leftovers.filter((name) => !lockFiles.includes(name));
    // Proof that kills landed inside writes, between the temporary file and the rename (11 of
    // 50 in a local run; none at all in 50 would be about a one-in-50,000 chance at that rate).
    expect(temporaryFiles.length).toBeGreaterThan(0);
    for (const name of temporaryFiles) expect(name).toMatch(/^\.setup\.json\.\d+\.[0-9a-f]{12}\.tmp$/);
    const longAgo = (Date.now() - STALE_TEMPORARY_FILE_MS - 1_000) / 1000;
    for (const name of leftovers) utimesSync(join(directory, name), longAgo, longAgo);
    const before = readFileSync(file, 'utf8');
    const preToolUse = (parseConfig(before, file) as { ok: true; config: { hooksEnabled: { PreToolUse: boolean } } })
      .config.hooksEnabled.PreToolUse;
    await setEventEnabled(file, 'PreToolUse', !preToolUse);
    expect(leftoverTemporaryFiles()).toEqual([]);
    expect(validStates.has(readFileSync(file, 'utf8'))).toBe(true);
  }, 180_000);
});

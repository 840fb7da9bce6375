// A host process for reliability tests that measure the host itself (descriptors, memory,
// children) without vitest's own in the numbers.
// Usage: node --expose-gc engine-host.mjs <bundle.mjs> <scenario> <work directory> [arguments…]
// It prints one JSON line with what it measured on stdout.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundle, scenario, workDirectory, ...rest] = process.argv.slice(2);
const { createHookEngine, parseConfig } = await import(pathToFileURL(bundle).href);

const report = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** Open file descriptors of this process. */
const openDescriptors = () => readdirSync('/proc/self/fd').length;

/** Peak resident set size so far, in bytes (VmHWM). */
const peakResident = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/** Live heap after a full collection, in bytes. */
const liveHeap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

/** Children of this process that are not yet reaped zombies ( /proc/<pid>/stat: pid (comm) state ppid … ). */
const livingChildren = () => {
  const children = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid && fields[0] !== 'Z') children.push(Number(name));
  }
  return children;
};

function engineFor(hooks) {
  const parsed = parseConfig(JSON.stringify({ hooks }), join(workDirectory, 'setup.json'));
  if (!parsed.ok) throw parsed.error;
  return createHookEngine(parsed.config, {
    cwd: workDirectory,
    env: { ...process.env, SOAK_PIDS: join(workDirectory, 'pids') },
  });
}

if (scenario === 'soak') {
  const rounds = Number(rest[0]);
  // Each hook appends its shell's pid (= its process group, hooks run in their own session)
  // and start time (field 22 of /proc/<pid>/stat, read with shell builtins only), so the test
  // can look for anything left in those groups afterwards, and tell a reused pid from ours.
  const record = 'read -r stat < /proc/$$/stat; set -- $stat; echo "$$ ${22}" >> "$SOAK_PIDS"';
  // Six kinds of hook in each event, two of them selected per call by the tool name
  // (tool_0, tool_1, tool_2 in turn): every kind runs once per event every three rounds, in a
  // different pairing in each event, and each call spawns four hooks in all.
  const kinds = {
    allow: `${record}; cat >/dev/null; echo '{"decision":"allow","reason":"fine"}'`,
    deny: `${record}; echo 'denied by the soak' >&2; exit 2`,
    context: `${record}; echo '{"context":"checked"}'`,
    rewrite: `${record}; echo '{"updated_input":{"rewritten":true}}'`,
    crash: `${record}; kill -SEGV $$`,
    slow: `${record}; exec sleep 0.05`,
  };
  const hooksFor = (matchers) =>
    Object.entries(matchers).map(([kind, tool]) => ({ name: kind, matcher: `^tool_${tool}$`, command: kinds[kind] }));
  const engine = engineFor({
    PreToolUse: hooksFor({ allow: 0, deny: 1, context: 2, rewrite: 0, crash: 1, slow: 2 }),
    PostToolUse: hooksFor({ allow: 1, deny: 2, context: 0, rewrite: 1, crash: 2, slow: 0 }),
  });
  const tally = {};
  const count = (key) => {
    tally[key] = (tally[key] ?? 0) + 1;
  };
  // What each call came to, by tool name: counted, so the test can check nothing was lost.
  const runRound = async (round) => {
    const toolName = `tool_${round % 3}`;
    const toolInput = { round, text: 'x'.repeat(round % 50) };
    const pre = await engine.preToolUse({ toolName, toolInput });
    const post = await engine.postToolUse({
      toolName,
      toolInput: pre.toolInput,
      toolOutput: `output ${round}`,
      preToolUseContext: pre.context,
    });
    const outcomes = (result) => result.hooks.map((hook) => `${hook.name}=${hook.outcome}`).join(',');
    count(
      [
        toolName,
        `pre ${pre.decision} [${outcomes(pre)}] rewritten=${pre.toolInput.rewritten === true} context=${JSON.stringify(pre.context)} diagnostics=${pre.diagnostics.length}`,
        `post ${post.decision} [${outcomes(post)}] output=${JSON.stringify(post.toolOutput.replace(String(round), 'N'))} diagnostics=${post.diagnostics.length}`,
      ].join(' | '),
    );
  };
  // Warm up (code compiled, pools and caches filled) before the first measurement.
  const warmUp = 30;
  for (let round = 0; round < warmUp; round += 1) await runRound(round);
  for (const key of Object.keys(tally)) delete tally[key];
  const before = { descriptors: openDescriptors(), heap: liveHeap(), children: livingChildren() };
  const startedAt = performance.now();
  // The live heap at each quarter: growth that continues to the end is a leak, a step early on is not.
  const heapByQuarter = [];
  for (let round = warmUp; round < warmUp + rounds; round += 1) {
    await runRound(round);
    if ((round - warmUp + 1) % Math.ceil(rounds / 4) === 0) heapByQuarter.push(liveHeap());
  }
  const elapsedMs = performance.now() - startedAt;
  const after = { descriptors: openDescriptors(), heap: liveHeap(), children: livingChildren() };
  report({ rounds, elapsedMs, before, after, heapByQuarter, tally });
} else if (scenario === 'flood') {
  // One hook printing `bytes` of stdout: how far does the host's peak memory rise?
  const bytes = Number(rest[0]);
  const flood = (size) =>
    engineFor({ PreToolUse: [{ name: 'flood', command: `head -c ${size} /dev/zero | tr '\\0' x`, onError: 'deny' }] });
  // Warm up with a small flood (past the cap) so the code and the pipes' buffers are in place.
  await flood(2 * 1024 * 1024).preToolUse({ toolName: 'bash_run', toolInput: {} });
  liveHeap();
  const peakBefore = peakResident();
  const startedAt = performance.now();
  const result = await flood(bytes).preToolUse({
    toolName: 'bash_run',
    toolInput: { command: 'ls' },
  });
  const elapsedMs = performance.now() - startedAt;
  report({
    elapsedMs,
    peakBefore,
    peakAfter: peakResident(),
    decision: result.decision,
    outcome: result.hooks[0]?.outcome,
    truncated: result.hooks[0]?.truncated,
    keptStdout: result.hooks[0]?.stdout.length,
    diagnostics: result.diagnostics.map((diagnostic) => diagnostic.message),
  });
} else if (scenario === 'shared-payload') {
  // `count` hooks that each read the whole payload of a `megabytes` MB tool input: how far does
  // the host's peak memory rise?
  const [count, megabytes] = rest.map(Number);
  const hooks = Array.from({ length: count }, (_, index) => ({
    name: `reader ${index}`,
    command: `cat >/dev/null # ${index}`,
  }));
  const engine = engineFor({ PreToolUse: hooks });
  await engine.preToolUse({ toolName: 'fs_write', toolInput: { content: 'warm-up' } });
  const toolInput = { content: 'x'.repeat(megabytes * 1024 * 1024) };
  liveHeap();
  const peakBefore = peakResident();
  const result = await engine.preToolUse({ toolName: 'fs_write', toolInput });
  report({ peakBefore, peakAfter: peakResident(), outcomes: result.hooks.map((hook) => hook.outcome) });
} else {
  throw new Error(`unknown scenario ${scenario}`);
}

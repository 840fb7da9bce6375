#!/usr/bin/env node
// `pnpm demo`: replays examples/demo-session.jsonl through
//   cosh session --config examples/setup.json --permission allow --history <file>
// in a fresh temporary folder, one line at a time (as an agent would: send a call, read its
// result), and prints each call and what the hooks made of it. COSH_TRUST=all: no terminal is
// there to trust the file. Nothing outside that folder is
// touched. `--permission allow` because stdin carries the calls, so no one could answer a prompt:
// the hooks alone decide what is blocked.
//
//   node scripts/demo.mjs [--keep]     (build first: pnpm turbo run build --filter=@cosh/app...)
//
// --keep leaves the folder (the files the tools wrote, history.jsonl) and prints where it is.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const coshBin = join(root, 'apps/cosh/bin/cosh.js');
const configFile = join(root, 'examples/setup.json');
const sessionFile = join(root, 'examples/demo-session.jsonl');
const keep = process.argv.includes('--keep');

const colour = process.stdout.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
const paint = (code) => (text) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = paint(1);
const dim = paint(2);
const red = paint(31);
const green = paint(32);
const yellow = paint(33);
const cyan = paint(36);

if (!existsSync(join(root, 'apps/cosh/dist/cli.js'))) {
  console.error(
    'demo: the cosh binary is not built; run `pnpm demo` (it builds first) or `pnpm turbo run build --filter=@cosh/app...`',
  );
  process.exit(1);
}

const base = await mkdtemp(join(tmpdir(), 'cosh-demo-'));
const folder = join(base, 'work');
const historyFile = join(base, 'history.jsonl');
await mkdir(folder);

const session = spawn(
  process.execPath,
  [coshBin, 'session', '--config', configFile, '--permission', 'allow', '--history', historyFile],
  {
    cwd: folder,
    // The hooks' own environment: the user's, as in real use (HOME, PATH for node and grep).
    // No terminal is there to trust examples/setup.json (SPEC S4): COSH_TRUST=all uses it as it
    // is (cosh warns about that once, on stderr).
    env: { ...process.env, COSH_TRUST: 'all' },
    stdio: ['pipe', 'pipe', 'pipe'],
  },
);
const exited = new Promise((resolve) => session.on('close', (code, signal) => resolve({ code, signal })));
let stderr = '';
session.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
session.stdin.on('error', () => undefined);

// The first line describes the session (version, tools); then one answer per non-blank line
// sent: take them in order.
const answers = createInterface({ input: session.stdout })[Symbol.asyncIterator]();
const described = await answers.next();
if (described.done || JSON.parse(described.value).type !== 'session') {
  throw new Error(`cosh session did not describe itself${stderr === '' ? '' : `:\n${stderr}`}`);
}
async function send(line) {
  session.stdin.write(`${line}\n`);
  const next = await answers.next();
  if (next.done) throw new Error(`cosh session ended early${stderr === '' ? '' : `:\n${stderr}`}`);
  return JSON.parse(next.value);
}

const indent = (text, prefix) =>
  text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
const hooksWith = (verdict, outcomes) =>
  (verdict?.hooks ?? [])
    .filter((hook) => outcomes.includes(hook.outcome))
    .map((hook) => `'${hook.name}'`)
    .join(', ');

/** What the hooks did to the call, in a few words per line. */
function explain(record) {
  const pre = record.pre_tool_use;
  const post = record.post_tool_use;
  const lines = [];
  if (pre?.halt) lines.push(red(`halted by ${hooksWith(pre, ['halt'])}: the tool did not run, the turn stops`));
  else if (pre?.decision === 'deny') lines.push(red(`blocked by ${hooksWith(pre, ['deny'])}: the tool did not run`));
  else if (pre?.decision === 'allow')
    lines.push(green(`auto-approved by ${hooksWith(pre, ['allow'])} (no permission prompt)`));
  if (record.blocked_by === 'permission') lines.push(red('refused by the permission system'));
  if (
    pre !== null &&
    record.tool_input !== null &&
    JSON.stringify(pre.tool_input) !== JSON.stringify(record.tool_input_as_given)
  ) {
    lines.push(cyan(`input rewritten by PreToolUse; it ran as ${JSON.stringify(record.tool_input)}`));
  }
  const annotators = (verdict) =>
    (verdict?.hooks ?? [])
      .filter((hook) => hook.context)
      .map((hook) => `'${hook.name}'`)
      .join(', ');
  if (pre?.context) lines.push(cyan(`annotated by PreToolUse ${annotators(pre)}: its context is appended`));
  if (post?.context) lines.push(cyan(`annotated by PostToolUse ${annotators(post)}: its context is appended`));
  if (post?.decision === 'deny')
    lines.push(yellow(`flagged by PostToolUse ${hooksWith(post, ['deny'])}: a [hook] line is appended`));
  if (record.status === 'error' && record.pre_tool_use !== null)
    lines.push(yellow('the tool failed: its error enters history, no PostToolUse hook ran'));
  if (record.status === 'skipped') lines.push(yellow('skipped: the turn is halted, so no hook or tool ran'));
  return lines;
}

const statusColour = { ok: green, error: yellow, blocked: red, halted: red, skipped: yellow };
const counts = {};
const text = await readFile(sessionFile, 'utf8');
console.log(bold('Cosh hooks demo'));
console.log(dim(`cosh session --config examples/setup.json --permission allow, in ${folder}`));
if (existsSync('/tmp/cosh-halt'))
  console.log(
    yellow('note: /tmp/cosh-halt exists, so the emergency stop halts every call; remove it for the full demo'),
  );

for (const line of text.split('\n')) {
  if (line.trim() === '') continue;
  const request = JSON.parse(line);
  const answer = await send(line);
  console.log('');
  if (request.type === 'new_turn') {
    console.log(bold('── new turn'));
    if (request.note) console.log(dim(`   ${request.note}`));
    console.log(`   ${green('→')} ${JSON.stringify(answer)}`);
    continue;
  }
  counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  console.log(bold(`── ${request.id}. ${request.tool_name} ${dim(JSON.stringify(request.tool_input))}`));
  if (request.note) console.log(dim(`   ${request.note}`));
  console.log(`   ${statusColour[answer.status]?.(answer.status) ?? answer.status}`);
  for (const explanation of explain(answer)) console.log(`   ${explanation}`);
  console.log(indent(answer.output, `   ${dim('│')} `));
}

session.stdin.end();
const { code, signal } = await exited;
const historyLines = existsSync(historyFile)
  ? (await readFile(historyFile, 'utf8')).split('\n').filter(Boolean).length
  : 0;
console.log('');
console.log(
  bold('Summary: ') +
    Object.entries(counts)
      .map(([status, count]) => `${status} ${count}`)
      .join(', '),
);
console.log(dim(`Every call is in history.jsonl (${historyLines} lines). cosh session exited with ${signal ?? code}.`));
if (stderr.trim() !== '') console.log(dim(indent(stderr.trimEnd(), 'stderr: ')));
if (keep) console.log(`Kept ${base}`);
else await rm(base, { recursive: true, force: true });
process.exitCode = code === 0 ? 0 : 1;

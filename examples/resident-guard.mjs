#!/usr/bin/env node
// A resident Cosh guard (SPEC R12) in Node, no dependencies.
//
// setup.json:
//   {"command": "node \"$COSH_CONFIG_DIR/resident-guard.mjs\"", "resident": true, "matcher": "^(bash_run|fs_read)$"}
//
// Cosh starts this once and writes one JSON line per tool call to stdin, with an "id". Answer each
// line with one JSON line carrying the same "id" (plus "decision", "reason", … and "exit" when you
// mean 2 or 49). process.stdout.write on a pipe is flushed by Node as it goes: never hold answers
// back. Answer every id. Keep no state that changes a verdict: a restart (after a crash or a
// timeout) must answer the same call the same way.
import { createInterface } from 'node:readline';

// `rm` with both -r and -f, in any order or spelling (-rf, -fr, -r -f, --recursive --force).
const rmRf = /\brm\s+(?=(?:\S+\s+)*?(?:-[a-zA-Z]*r|--recursive))(?=(?:\S+\s+)*?(?:-[a-zA-Z]*f|--force))/;

function decide(call) {
  const input = call.tool_input ?? {};
  if (call.tool_name === 'fs_read') return { decision: 'allow' };
  if (call.tool_name === 'bash_run' && rmRf.test(String(input.command ?? ''))) {
    return { decision: 'deny', reason: 'rm -rf is not allowed here' };
  }
  return { decision: 'none' };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  let id;
  let answer;
  try {
    const call = JSON.parse(line);
    id = call.id;
    answer = decide(call);
  } catch (error) {
    // A line we cannot read still gets an answer when its id is known.
    process.stderr.write(`resident-guard: ${error}\n`);
    if (id === undefined) continue;
    answer = { decision: 'deny', reason: `the guard failed: ${error}` };
  }
  process.stdout.write(`${JSON.stringify({ id, ...answer })}\n`);
}

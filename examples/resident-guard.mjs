#!/usr/bin/env node
// A resident Cosh guard (SPEC R12) in Node, no dependencies.
//
// setup.json:
//   {"command": "node \"$COSH_CONFIG_DIR/resident-guard.mjs\"", "resident": true,
//    "matcher": "^(bash_run|fs_read)$", "onError": "deny"}
//
// "onError": "deny": past the restart limit (3 in a minute) or on a timeout a call is an error,
// and a guard must not fail open then.
//
// Cosh starts this once and writes one JSON line per tool call to stdin, with an "id". Answer each
// line with one JSON line carrying the same "id" (plus "decision", "reason", … and "exit" when you
// mean 2 or 49). process.stdout.write on a pipe is flushed by Node as it goes: never hold answers
// back. Answer every id. Keep no state that changes a verdict: a restart (after a crash or a
// timeout) must answer the same call the same way.
import { createInterface } from 'node:readline';

// `rm` with both -r and -f, in any order or spelling (-rf, -fr, -r -f, --recursive --force), in
// one command of a list or pipeline. Each expression is matched once, from left to right, with no
// nested repeats: the time is linear in the command's length (SPEC R12), so a 1 MiB command is
// answered at once. (A single expression with nested repeats, which this replaced, took seconds
// there, and a guard that times out answers nothing.)
const separator = /[;&|\n]/;
const rm = /(?:^|[\s/])rm(?=\s|$)/;
const recursive = /\s(?:-[a-zA-Z]*[rR]|--recursive(?=\s|$))/;
const force = /\s(?:-[a-zA-Z]*f|--force(?=\s|$))/;

function isRmRf(command) {
  for (const part of command.split(separator)) {
    const found = rm.exec(part);
    if (found === null) continue;
    const rest = part.slice(found.index + found[0].length);
    if (recursive.test(rest) && force.test(rest)) return true;
  }
  return false;
}

function decide(call) {
  const input = call.tool_input ?? {};
  if (call.tool_name === 'fs_read') return { decision: 'allow' };
  if (call.tool_name === 'bash_run' && isRmRf(String(input.command ?? ''))) {
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

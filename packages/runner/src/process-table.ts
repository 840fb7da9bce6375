import { readdirSync, readFileSync } from 'node:fs';

/** One row of the process table, as `/proc/<pid>/stat` tells it. */
export interface ProcessEntry {
  readonly pid: number;
  readonly parentPid: number;
  readonly processGroup: number;
  readonly session: number;
  /** Clock ticks since boot at which the process started: with `pid`, a unique identity. */
  readonly startTime: string;
  /** One letter: R, S, D, Z (zombie), T, … */
  readonly state: string;
}

/** Parses one `/proc/<pid>/stat` line; `undefined` if it is not one. */
export function parseProcessStat(line: string): ProcessEntry | undefined {
  // The command name sits in parentheses and may itself hold spaces and parentheses.
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(line.slice(0, open).trim());
  const fields = line.slice(close + 2).split(' ');
  // After the name: state(0) ppid(1) pgrp(2) session(3) … starttime(19), see proc(5).
  const state = fields[0];
  const startTime = fields[19];
  const parentPid = Number(fields[1]);
  const processGroup = Number(fields[2]);
  const session = Number(fields[3]);
  if (
    state === undefined ||
    startTime === undefined ||
    !Number.isInteger(pid) ||
    !Number.isInteger(parentPid) ||
    !Number.isInteger(processGroup) ||
    !Number.isInteger(session)
  ) {
    return undefined;
  }
  return { pid, parentPid, processGroup, session, startTime, state };
}

/** Reads one process's row, or `undefined` when it is gone (or there is no `/proc`). */
export function readProcessEntry(pid: number): ProcessEntry | undefined {
  try {
    return parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return undefined;
  }
}

/**
 * Every process we can see, read synchronously from `/proc` (Linux). Empty where there is no
 * `/proc`. Synchronous on purpose: it also runs inside a host's `exit` handler.
 */
export function listProcesses(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    const first = name.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const entry = readProcessEntry(Number(name));
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

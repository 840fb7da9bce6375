import {
  defaultRunnerOptions,
  type HookProcessRequest,
  type ResolvedRunnerOptions,
  type RunnerOptions,
} from './hook-process.ts';
import type { HttpHookClientOptions, HttpHookRequest } from './http-hook.ts';
import { RunnerError } from './runner-error.ts';

// What is checked here is what the types allow but cannot work: numbers out of range and URLs
// that are not HTTP. Shapes (a string command, an object env, an AbortSignal) are the types'
// job, and the engine's values come from a config `@cosh/config` validated (C5: timeouts
// above 0 and at most 86400 s), so they always pass.

/** Every HTTP client option filled in. */
export interface ResolvedHttpClientOptions {
  readonly maxBodyBytes: number;
  readonly idleConnectionMs: number;
  readonly extraCertificateAuthorities: readonly string[];
}

// Node's setTimeout fires at once above this (and warns), which would kill every hook at spawn.
const longestTimerMs = 2 ** 31 - 1;

const isDuration = (value: number): boolean => Number.isFinite(value) && value >= 0 && value <= longestTimerMs;
const isByteCount = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;
const isTimeout = (value: number): boolean => isDuration(value) && value > 0;

function throwIfAny(code: RunnerError['code'], what: string, problems: readonly string[]): void {
  if (problems.length > 0) throw new RunnerError(code, `invalid ${what}: ${problems.join('; ')}`);
}

/** Fills in defaults and rejects values that cannot work (a programmer error, thrown). */
export function resolveRunnerOptions(options: RunnerOptions | undefined): ResolvedRunnerOptions {
  if (options === undefined) return defaultRunnerOptions;
  const resolved: ResolvedRunnerOptions = {
    shell: options.shell ?? defaultRunnerOptions.shell,
    maxOutputBytes: options.maxOutputBytes ?? defaultRunnerOptions.maxOutputBytes,
    killGraceMs: options.killGraceMs ?? defaultRunnerOptions.killGraceMs,
    drainMs: options.drainMs ?? defaultRunnerOptions.drainMs,
    maxConcurrentProcesses: options.maxConcurrentProcesses ?? defaultRunnerOptions.maxConcurrentProcesses,
  };
  const problems: string[] = [];
  if (resolved.shell === '') problems.push('shell must be a non-empty string');
  if (!isByteCount(resolved.maxOutputBytes)) problems.push('maxOutputBytes must be an integer >= 0');
  if (!isDuration(resolved.killGraceMs)) problems.push(`killGraceMs must be a number from 0 to ${longestTimerMs}`);
  if (!isDuration(resolved.drainMs)) problems.push(`drainMs must be a number from 0 to ${longestTimerMs}`);
  // Zero slots would leave every hook waiting forever.
  if (!Number.isSafeInteger(resolved.maxConcurrentProcesses) || resolved.maxConcurrentProcesses < 1) {
    problems.push('maxConcurrentProcesses must be an integer >= 1');
  }
  throwIfAny('E_RUNNER_INVALID_OPTIONS', 'runner options', problems);
  return resolved;
}

/** Rejects a timeout that cannot work (a programmer error, thrown before anything starts). */
export function assertValidRequest(request: HookProcessRequest, index?: number): void {
  if (isTimeout(request.timeoutMs)) return;
  throwIfAny('E_RUNNER_INVALID_REQUEST', index === undefined ? 'hook request' : `hook request #${index}`, [
    `timeoutMs must be a number above 0 and at most ${longestTimerMs}`,
  ]);
}

/** Rejects an HTTP hook request that cannot work (a programmer error, thrown before sending). */
export function assertValidHttpRequest(request: HttpHookRequest): URL {
  const problems: string[] = [];
  const url = URL.canParse(request.url) ? new URL(request.url) : null;
  if (url === null) problems.push('url must be an absolute http: or https: URL');
  else if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`url must use http: or https: (got ${url.protocol})`);
  }
  if (!isTimeout(request.timeoutMs)) problems.push(`timeoutMs must be a number above 0 and at most ${longestTimerMs}`);
  throwIfAny('E_RUNNER_INVALID_REQUEST', 'HTTP hook request', problems);
  return url as URL;
}

/** Fills in the HTTP client's defaults and rejects values that cannot work. */
export function resolveHttpClientOptions(options: HttpHookClientOptions | undefined): ResolvedHttpClientOptions {
  const resolved: ResolvedHttpClientOptions = {
    maxBodyBytes: options?.maxBodyBytes ?? defaultRunnerOptions.maxOutputBytes,
    idleConnectionMs: options?.idleConnectionMs ?? 4_000,
    extraCertificateAuthorities: options?.extraCertificateAuthorities ?? [],
  };
  const problems: string[] = [];
  if (!isByteCount(resolved.maxBodyBytes)) problems.push('maxBodyBytes must be an integer >= 0');
  if (!isDuration(resolved.idleConnectionMs)) {
    problems.push(`idleConnectionMs must be a number from 0 to ${longestTimerMs}`);
  }
  throwIfAny('E_RUNNER_INVALID_OPTIONS', 'HTTP hook client options', problems);
  return resolved;
}

import {
  defaultRunnerOptions,
  type HookProcessRequest,
  type ResolvedRunnerOptions,
  type RunnerOptions,
} from './hook-process.ts';
import type { HttpHookClientOptions, HttpHookRequest } from './http-hook.ts';
import { RunnerError } from './runner-error.ts';

/** Every HTTP client option filled in. */
export interface ResolvedHttpClientOptions {
  readonly maxBodyBytes: number;
  readonly idleConnectionMs: number;
  readonly extraCertificateAuthorities: readonly string[];
}

// Node's setTimeout fires at once above this (and warns), which would kill every hook at spawn.
const longestTimerMs = 2 ** 31 - 1;

const isNonNegativeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

const isTimeout = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= longestTimerMs;

/** Fills in defaults and rejects values that cannot be right (a programmer error, thrown). */
export function resolveRunnerOptions(options: RunnerOptions | undefined): ResolvedRunnerOptions {
  if (options === undefined) return defaultRunnerOptions;
  if (typeof options !== 'object' || options === null) {
    throw new RunnerError('E_RUNNER_INVALID_OPTIONS', 'runner options must be an object');
  }
  const resolved: ResolvedRunnerOptions = {
    shell: options.shell ?? defaultRunnerOptions.shell,
    maxOutputBytes: options.maxOutputBytes ?? defaultRunnerOptions.maxOutputBytes,
    killGraceMs: options.killGraceMs ?? defaultRunnerOptions.killGraceMs,
    drainMs: options.drainMs ?? defaultRunnerOptions.drainMs,
    maxConcurrentProcesses: options.maxConcurrentProcesses ?? defaultRunnerOptions.maxConcurrentProcesses,
  };
  const problems: string[] = [];
  if (typeof resolved.shell !== 'string' || resolved.shell === '') {
    problems.push('shell must be a non-empty string');
  }
  if (!isNonNegativeNumber(resolved.maxOutputBytes) || !Number.isInteger(resolved.maxOutputBytes)) {
    problems.push('maxOutputBytes must be an integer >= 0');
  }
  if (!isNonNegativeNumber(resolved.killGraceMs) || resolved.killGraceMs > longestTimerMs) {
    problems.push(`killGraceMs must be a number from 0 to ${longestTimerMs}`);
  }
  if (!isNonNegativeNumber(resolved.drainMs) || resolved.drainMs > longestTimerMs) {
    problems.push(`drainMs must be a number from 0 to ${longestTimerMs}`);
  }
  if (!Number.isSafeInteger(resolved.maxConcurrentProcesses) || resolved.maxConcurrentProcesses < 1) {
    problems.push('maxConcurrentProcesses must be an integer >= 1');
  }
  if (problems.length > 0) {
    throw new RunnerError('E_RUNNER_INVALID_OPTIONS', `invalid runner options: ${problems.join('; ')}`);
  }
  return resolved;
}

/** Rejects a request that cannot be right (a programmer error, thrown before anything starts). */
export function assertValidRequest(request: HookProcessRequest, index?: number): void {
  const where = index === undefined ? 'hook request' : `hook request #${index}`;
  if (typeof request !== 'object' || request === null) {
    throw new RunnerError('E_RUNNER_INVALID_REQUEST', `${where} must be an object`);
  }
  const problems: string[] = [];
  if (typeof request.command !== 'string') problems.push('command must be a string');
  if (typeof request.stdin !== 'string' && !(request.stdin instanceof Uint8Array)) {
    problems.push('stdin must be a string or a Uint8Array');
  }
  if (typeof request.cwd !== 'string') problems.push('cwd must be a string');
  if (typeof request.env !== 'object' || request.env === null) {
    problems.push('env must be an object of strings');
  } else {
    for (const [name, value] of Object.entries(request.env)) {
      if (value !== undefined && typeof value !== 'string') {
        problems.push(`env.${name} must be a string or undefined`);
      }
    }
  }
  if (!isTimeout(request.timeoutMs)) {
    problems.push(`timeoutMs must be a number above 0 and at most ${longestTimerMs}`);
  }
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal)) {
    problems.push('signal must be an AbortSignal or undefined');
  }
  if (request.onSpawn !== undefined && typeof request.onSpawn !== 'function') {
    problems.push('onSpawn must be a function or undefined');
  }
  if (problems.length > 0) {
    throw new RunnerError('E_RUNNER_INVALID_REQUEST', `invalid ${where}: ${problems.join('; ')}`);
  }
}

/** Rejects an HTTP hook request that cannot be right (a programmer error, thrown before sending). */
export function assertValidHttpRequest(request: HttpHookRequest): URL {
  if (typeof request !== 'object' || request === null) {
    throw new RunnerError('E_RUNNER_INVALID_REQUEST', 'HTTP hook request must be an object');
  }
  const problems: string[] = [];
  let url: URL | undefined;
  if (typeof request.url !== 'string') problems.push('url must be a string');
  else if (!URL.canParse(request.url)) problems.push('url must be an absolute http: or https: URL');
  else {
    url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`url must use http: or https: (got ${url.protocol})`);
    }
  }
  if (request.headers !== undefined) {
    if (typeof request.headers !== 'object' || request.headers === null)
      problems.push('headers must be an object of strings');
    else {
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value !== 'string') problems.push(`headers.${name} must be a string`);
      }
    }
  }
  if (typeof request.env !== 'object' || request.env === null) problems.push('env must be an object of strings');
  if (typeof request.body !== 'string' && !(request.body instanceof Uint8Array)) {
    problems.push('body must be a string or a Uint8Array');
  }
  if (!isTimeout(request.timeoutMs)) problems.push(`timeoutMs must be a number above 0 and at most ${longestTimerMs}`);
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal)) {
    problems.push('signal must be an AbortSignal or undefined');
  }
  if (problems.length > 0 || url === undefined) {
    throw new RunnerError('E_RUNNER_INVALID_REQUEST', `invalid HTTP hook request: ${problems.join('; ')}`);
  }
  return url;
}

/** Fills in the HTTP client's defaults and rejects values that cannot be right. */
export function resolveHttpClientOptions(options: HttpHookClientOptions | undefined): ResolvedHttpClientOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new RunnerError('E_RUNNER_INVALID_OPTIONS', 'HTTP hook client options must be an object');
  }
  const resolved: ResolvedHttpClientOptions = {
    maxBodyBytes: options?.maxBodyBytes ?? defaultRunnerOptions.maxOutputBytes,
    idleConnectionMs: options?.idleConnectionMs ?? 4_000,
    extraCertificateAuthorities: options?.extraCertificateAuthorities ?? [],
  };
  const problems: string[] = [];
  if (!isNonNegativeNumber(resolved.maxBodyBytes) || !Number.isInteger(resolved.maxBodyBytes)) {
    problems.push('maxBodyBytes must be an integer >= 0');
  }
  if (!isNonNegativeNumber(resolved.idleConnectionMs) || resolved.idleConnectionMs > longestTimerMs) {
    problems.push(`idleConnectionMs must be a number from 0 to ${longestTimerMs}`);
  }
  if (
    !Array.isArray(resolved.extraCertificateAuthorities) ||
    !resolved.extraCertificateAuthorities.every((authority) => typeof authority === 'string')
  ) {
    problems.push('extraCertificateAuthorities must be an array of PEM strings');
  }
  if (problems.length > 0) {
    throw new RunnerError('E_RUNNER_INVALID_OPTIONS', `invalid HTTP hook client options: ${problems.join('; ')}`);
  }
  return resolved;
}

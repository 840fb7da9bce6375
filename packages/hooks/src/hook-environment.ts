import type { HookEvent } from '@cosh/config';

/**
 * The complete environment of one hook (R4): the host's variables (string values only) plus
 * `COSH_EVENT`, `COSH_TOOL_NAME` and `COSH_HOOK_NAME`. The tool input is never put here: it can
 * be larger than the kernel's limit for the environment, and it may hold secrets that every
 * child process would inherit.
 */
export function hookEnvironment(
  hostEnvironment: Readonly<Record<string, unknown>>,
  event: HookEvent,
  toolName: string,
  hookName: string,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(hostEnvironment)) {
    if (typeof value === 'string') environment[name] = value;
  }
  environment['COSH_EVENT'] = event;
  environment['COSH_TOOL_NAME'] = toolName;
  environment['COSH_HOOK_NAME'] = hookName;
  return environment;
}

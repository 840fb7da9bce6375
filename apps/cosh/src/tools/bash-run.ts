import { runHook, type HookProcessResult } from '@cosh/runner';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { formatSize } from './format-size.ts';

/** Seconds a command may run when the input gives no `timeout`. */
export const bashRunDefaultTimeoutSeconds = 120;

/** Longest `timeout` accepted: one day, as for hooks (and well inside what a timer can hold). */
export const bashRunMaxTimeoutSeconds = 86_400;

/** Bytes of stdout and of stderr kept each; the rest is read and discarded (as for hooks, R8). */
export const bashRunMaxStreamBytes = 1024 * 1024;

const inputSchema = z.strictObject({
  command: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty command' }),
  timeout: z
    .number({ error: 'expected a number' })
    .positive({ error: 'expected a number of seconds greater than 0' })
    .max(bashRunMaxTimeoutSeconds, { error: `expected at most ${bashRunMaxTimeoutSeconds} seconds` })
    .optional(),
});

/** The input of `bash_run`. */
export type BashRunInput = z.infer<typeof inputSchema>;

/**
 * `bash_run {command, timeout?}`: runs `/bin/sh -c <command>` in the call's cwd with the
 * call's environment and an empty stdin, through `@cosh/runner` like a hook: in its own process
 * group, killed whole at the timeout (SIGTERM, then SIGKILL at most a second later, nothing
 * left behind), done when the shell exits even if a background child still holds its output.
 *
 * The output, in this order (each part only when there is something to say):
 * ```
 * <stdout>
 * [stdout cut at 1 MiB; the rest was discarded]
 * [stderr]
 * <stderr>
 * [stderr cut at 1 MiB; the rest was discarded]
 * [exit code: N]
 * ```
 * The last line is always there: `[exit code: N]`, or `[killed by signal SIGKILL]`. stdout and
 * stderr are captured apart, so lines that were interleaved on a terminal come grouped.
 *
 * Any exit code is a successful call (`ok: true`): the model reads the code. A timeout, a
 * cancelled call (`context.signal`, which stops the command the same way) or a shell that could
 * not start is a failure (`ok: false`); a timeout's or cancellation's error carries the output
 * captured before the kill.
 */
export const bashRunTool = defineTool({
  name: 'bash_run',
  description:
    'Run a shell command with /bin/sh -c in the working directory and return its stdout, its stderr and its exit code. ' +
    `\`timeout\` is in seconds (default ${bashRunDefaultTimeoutSeconds}); at the timeout the command and everything it started are killed. ` +
    'stdin is empty; each stream keeps its first 1 MiB.',
  permission: 'ask',
  inputSchema,
  async execute(input: BashRunInput, context) {
    const timeoutSeconds = input.timeout ?? bashRunDefaultTimeoutSeconds;
    // SPEC B1: the shell starts inside the sandbox (or, under `required` without one, not at all).
    const launch = context.sandbox?.launch(context.cwd) ?? {
      ok: true,
      launcher: undefined,
      launcherFiles: [],
      release: () => {},
    };
    if (!launch.ok) return { ok: false, error: launch.error };
    // B3: the command and everything it started have ended when runHook answers, so the
    // placeholders' mount points (B11) can go.
    const result = await runHook(
      {
        command: input.command,
        stdin: '',
        env: context.env,
        cwd: context.cwd,
        timeoutMs: timeoutSeconds * 1000,
        // The runner spawns, times and kills the sandbox as it would the shell (R6 for the whole).
        launcher: launch.launcher,
        launcherFiles: launch.launcherFiles,
        // A cancelled call (an MCP client's cancellation, a closing server) stops the command.
        signal: context.signal,
      },
      { maxOutputBytes: bashRunMaxStreamBytes },
    ).finally(launch.release);
    if (result.startError !== null) {
      return { ok: false, error: `bash_run: the command could not start: ${result.startError}` };
    }
    const stoppedWhy = result.timedOut
      ? `timed out after ${formatSeconds(timeoutSeconds)}`
      : context.signal?.aborted === true && result.signal !== null
        ? 'cancelled'
        : undefined;
    if (stoppedWhy !== undefined) {
      const captured = formatStreams(result);
      const what = `bash_run: ${stoppedWhy}; the command and every process it started were killed`;
      return {
        ok: false,
        error: captured === '' ? what : `${what}. Output before the kill:\n${captured.replace(/\n$/, '')}`,
      };
    }
    const status =
      result.exitCode !== null ? `[exit code: ${result.exitCode}]` : `[killed by signal ${result.signal ?? 'unknown'}]`;
    return {
      ok: true,
      output: `${formatStreams(result)}${status}`,
      parts: { stdout: result.stdout, stderr: result.stderr },
    };
  },
});

/** stdout, then stderr under a `[stderr]` line, each ending with a newline, with cut notes. */
function formatStreams(result: HookProcessResult): string {
  let text = '';
  if (result.stdout !== '') text += withFinalNewline(result.stdout);
  if (result.stdoutTruncated) text += `[stdout cut at ${formatSize(bashRunMaxStreamBytes)}; the rest was discarded]\n`;
  if (result.stderr !== '') text += `[stderr]\n${withFinalNewline(result.stderr)}`;
  if (result.stderrTruncated) text += `[stderr cut at ${formatSize(bashRunMaxStreamBytes)}; the rest was discarded]\n`;
  return text;
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

function formatSeconds(seconds: number): string {
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

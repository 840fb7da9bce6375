// Runs a real agent to its end, bounded: in a process group of its own (no controlling terminal,
// as in CI), stdin closed, SIGKILLed with its whole group at the time limit, and its group killed
// after it exits too, since agents leave children behind (language servers, shells, MCP helpers).
import { spawn } from 'node:child_process';

/** How an agent run ended and what it printed. */
export interface AgentRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/** Kills process group `pid`; one already gone is fine. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has no process left.
  }
}

export function runAgent(
  executable: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'exit', not 'close': a child left holding the agent's stdout would keep 'close' from ever
    // coming. Killing the group releases the pipes, and 'close' follows.
    child.on('exit', () => {
      clearTimeout(timer);
      if (pid !== undefined) killGroup(pid);
    });
    child.on('close', (code, signal) => resolve({ code, signal, timedOut, stdout, stderr }));
  });
}

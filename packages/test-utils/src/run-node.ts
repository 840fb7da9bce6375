import { spawn } from 'node:child_process';

/** How a `node` process ended and what it printed. */
export interface NodeRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly pid: number;
}

/** Options of {@link runNode}. */
export interface RunNodeOptions {
  readonly cwd?: string | undefined;
  /** The whole environment of the process (nothing of the test's is added). Default: the test's. */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Written to stdin, which is then closed. Default: nothing. */
  readonly input?: string | undefined;
  /** Options for node itself, before the script (`--expose-gc`, `--import …`). */
  readonly nodeOptions?: readonly string[] | undefined;
  /**
   * Start it in a new session (`setsid`): no controlling terminal, whether the tests run from a
   * terminal or not, so a run behaves as in CI.
   */
  readonly detached?: boolean | undefined;
  /**
   * Milliseconds after which the process is SIGKILLed (it then ends with `signal: 'SIGKILL'`):
   * for a run that must not hang, so a failing test leaves no process behind. Default: none.
   */
  readonly timeoutMs?: number | undefined;
}

/** Runs `node [nodeOptions] script …args` to its end; resolves with how it ended and its output. */
export function runNode(script: string, args: readonly string[] = [], options: RunNodeOptions = {}): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), script, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: options.detached === true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer =
      options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, pid: child.pid ?? -1 });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

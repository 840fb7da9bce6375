import { describeError } from './describe-error.ts';

/** Where one call's hooks run (R5), or why no hook of the call can start (R9). */
export interface CallFolder {
  readonly cwd: string;
  readonly setupProblem: string | null;
}

/** The call's folder, else the engine's, else the host's; process.cwd() throws when the host's folder was removed. */
export function callFolder(callCwd: string | undefined, engineCwd: string | undefined): CallFolder {
  try {
    return { cwd: callCwd ?? engineCwd ?? process.cwd(), setupProblem: null };
  } catch (error) {
    return { cwd: '', setupProblem: `no working directory: ${describeError(error)}` };
  }
}

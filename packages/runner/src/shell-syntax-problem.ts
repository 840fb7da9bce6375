// SPEC X (`cosh hooks validate`): `/bin/sh -n` parses a hook's command without running it. It is
// a process all the same, and the runner is the one package that starts processes.
import { spawnSync } from 'node:child_process';

/** `/bin/sh -n`'s complaint about `command` (its first line), or `null` when it parses. */
export function shellSyntaxProblem(command: string): string | null {
  const checked = spawnSync('/bin/sh', ['-n', '-c', command], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 5000,
  });
  if (checked.error !== undefined || checked.status === 0) return null;
  const said = checked.stderr.trim().split('\n')[0] ?? '';
  // dash: "sh: 1: Syntax error: end of file unexpected (expecting \"fi\")"
  return said.replace(/^(?:\/bin\/)?sh: (?:\d+: )?/, '') || `exit ${checked.status}`;
}

import { resolveConfigPath } from '@cosh/config';
import { type CliContext, colorEnabled } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { saveToggle } from './save-toggle.ts';
import { settingsText } from './settings-layout.ts';
import { loadSettingsState } from './settings-state.ts';

/** Exit status after Ctrl-C, as a shell reports a command ended by SIGINT (128 + 2). */
export const INTERRUPTED_EXIT_CODE = 130;

/** The terminal the screen is drawn on; the process's own by default. */
export interface SettingsTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

/**
 * `cosh settings [--config F]`: the interactive screen over setup.json (SPEC C5, C7, C8) when
 * stdin and stdout are a terminal; otherwise the same rows printed once as text, with how to
 * change them (`cosh hooks enable|disable`). Exit 0 on quit, 130 on Ctrl-C; without a terminal,
 * 78 (the problems on stderr) when the config has errors.
 */
export async function runSettings(
  context: CliContext,
  options: {
    readonly configPath: string | undefined;
    /** @internal A pseudo-terminal of a test; the command uses the process's own. */
    readonly terminal?: SettingsTerminal;
  },
): Promise<void> {
  const { file } = resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env });
  const state = await loadSettingsState(file);
  const terminal = options.terminal ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

  if (terminal.stdin.isTTY !== true || terminal.stdout.isTTY !== true || !context.out.isTTY) {
    for (const line of settingsText(state)) context.out.line(line);
    // runMain prints a ConfigError's problems as `file:line:col: error: …` and exits 78.
    if (state.status === 'broken') throw state.error;
    return;
  }

  const { runSettingsScreen } = await importInteractively(() => import('./settings-screen.tsx'));
  const exit = await runSettingsScreen({
    ...terminal,
    file,
    initialState: state,
    color: colorEnabled(terminal.stdout, context.env),
    load: loadSettingsState,
    save: saveToggle,
  });
  if (exit === 'interrupted') throw new ExitError(INTERRUPTED_EXIT_CODE);
}

/**
 * Ink 6 decides once, when its module is first evaluated, whether it runs in CI (`CI` or
 * `CONTINUOUS_INTEGRATION` set), and then draws only the last frame and never redraws, which
 * leaves a screen that cannot be used; its chalk makes the same check for colour. We only get
 * here on a real terminal, so those variables are hidden while ink loads. (Ink 7's `interactive`
 * option would say this directly, but ink 7 needs Node 22.)
 */
async function importInteractively<T>(load: () => Promise<T>): Promise<T> {
  const names = ['CI', 'CONTINUOUS_INTEGRATION'] as const;
  const saved = names.map((name) => [name, process.env[name]] as const);
  for (const name of names) delete process.env[name];
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

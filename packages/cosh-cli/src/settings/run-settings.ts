import {
  type ConfigLayer,
  projectFileForWriting,
  recordTrust,
  resolveConfigPath,
  type TrustCandidate,
  trustStoreFile,
} from '@cosh/config';
import { type CliContext, colorEnabled, hasControllingTerminal } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { untrustedChangeNotice } from '../untrusted-change.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { refuseWhereReadOnly } from '../read-only-here.ts';
import { saveToggle } from './save-toggle.ts';
import { settingsText } from './settings-layout.ts';
import { loadSettingsState, type SettingsTarget } from './settings-state.ts';

/** Exit status after Ctrl-C, as a shell reports a command ended by SIGINT (128 + 2). */
export const INTERRUPTED_EXIT_CODE = 130;

/** The terminal the screen is drawn on; the process's own by default. */
export interface SettingsTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

/**
 * `cosh settings [--config F | --project] [--no-project]`: the interactive screen over setup.json
 * (SPEC C5, C7, C8) when stdin and stdout are a terminal, with the other layers' hooks shown where
 * they run (C10), each file's trust, and `t` to review and trust (S4); toggles go to the user file
 * (or `--config`'s, or with `--project` the project file) and, made at this terminal, to its
 * trusted copy too. Otherwise the same rows printed once as text, with how to change them
 * (`cosh hooks enable|disable`). Exit 0 on quit, 130 on Ctrl-C; without a terminal, 78 (the
 * problems on stderr) when the config has errors.
 */
export async function runSettings(
  context: CliContext,
  options: {
    readonly configPath: string | undefined;
    /** `--project`: toggles change the project file (SPEC C10). */
    readonly project?: boolean | undefined;
    /** `--no-project`: the project layer is left out. */
    readonly noProject?: boolean | undefined;
    /** @internal A pseudo-terminal of a test; the command uses the process's own. */
    readonly terminal?: SettingsTerminal;
  },
): Promise<void> {
  const terminal = options.terminal ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const interactive = terminal.stdin.isTTY === true && terminal.stdout.isTTY === true && context.out.isTTY;
  const personPresent = hasControllingTerminal(context);
  const [file, layer]: [string, ConfigLayer] =
    options.project === true
      ? [projectFileForWriting(context.cwd), 'project']
      : [resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env }).file, 'user'];
  // SPEC S4: not from inside the agent's sandbox, where setup.json and the store are read-only.
  refuseWhereReadOnly([file, trustStoreFile({ env: context.env })]);
  const target: SettingsTarget = {
    file,
    layer,
    layers: {
      path: options.configPath,
      cwd: context.cwd,
      env: context.env,
      noProject: options.noProject === true,
      // SPEC S4: a person opening the screen at a terminal trusts a new user file on first use.
      trustOnFirstUse: interactive && personPresent,
    },
  };
  const state = await loadSettingsState(target);

  if (!interactive) {
    for (const line of settingsText(state)) context.out.line(line);
    // runMain prints a ConfigError's problems as `file:line:col: error: …` and exits 78.
    if (state.status === 'broken') throw state.error;
    return;
  }
  const store = trustStoreFile({ env: context.env });
  // S4: a toggle saved where no person is (no controlling terminal) leaves the file untrusted.
  let savedUntrusted = false;

  const { runSettingsScreen } = await importInteractively(() => import('./settings-screen.tsx'));
  const exit = await runSettingsScreen({
    ...terminal,
    file,
    initialState: state,
    color: colorEnabled(terminal.stdout, context.env),
    load: () => loadSettingsState({ ...target, layers: { ...target.layers, trustOnFirstUse: false } }),
    // S4: a toggle or a review on the screen is a person's only where the process has a
    // controlling terminal; terminal-like stdio alone (a program's pseudo-terminal pair) records
    // no trust, so its toggles leave the file changed and the review cannot accept.
    save: async (path, row, enabled) => {
      const outcome = await saveToggle(path, row, enabled, { trustStore: personPresent ? store : undefined });
      if (personPresent || !outcome.ok || !outcome.message.startsWith('Saved') || context.env['COSH_TRUST'] === 'all')
        return outcome;
      savedUntrusted = true;
      return {
        ...outcome,
        message: `${outcome.message} (not trusted: the trusted copy still runs until cosh hooks trust)`,
      };
    },
    trust: personPresent ? (candidate: TrustCandidate) => recordTrust(store, [candidate]) : undefined,
    editor: editorCommand(context.env),
  });
  if (exit === 'interrupted') throw new ExitError(INTERRUPTED_EXIT_CODE);
  // S4: toggles saved without a controlling terminal are written, not trusted: said, exit 77.
  const notice = savedUntrusted ? untrustedChangeNotice(store, file, context.env) : null;
  if (notice !== null) throw new ExitError(EXIT_CODES.noPermission, notice);
}

/** The editor `e` opens: `$VISUAL`, else `$EDITOR` (shell words, such as `code -w`), else `vi`. */
export function editorCommand(env: Readonly<Record<string, string | undefined>>): string {
  for (const name of ['VISUAL', 'EDITOR']) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') return value;
  }
  return 'vi';
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

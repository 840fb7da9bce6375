// The one process cosh-cli starts itself (the dependency rules allow this file alone): an
// editor must own the terminal, in its foreground process group with the terminal as its stdio,
// which is nothing like a hook's run (its own group, piped, timed out) that @cosh/runner does.
import { spawn } from 'node:child_process';
import { printableText } from '../terminal-text.ts';

/** A line for the settings screen's message area. */
export interface ScreenMessage {
  readonly tone: 'ok' | 'error' | 'muted';
  readonly text: string;
  /** A muted note that goes after a few seconds, as confirmations (`ok`) do. */
  readonly fades?: boolean;
}

/** What {@link openEditor} needs: the terminal, the editor's shell words, the file and line. */
export interface EditorRequest {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** Shell words (`$EDITOR`): `vi`, `code -w`, `emacs -nw`. */
  readonly editor: string;
  readonly file: string;
  /** 1-based. */
  readonly line: number;
}

/**
 * Runs `<editor> +<line> <file>` on the terminal and waits for it to end, then clears the screen
 * for the settings screen to draw again; says how it went, never throws. Nothing of ours reads
 * the terminal meanwhile, and a Ctrl-C that reaches us as a signal is the editor's, not ours.
 */
export async function openEditor(request: EditorRequest): Promise<ScreenMessage> {
  request.stdin.pause();
  const ignoreInterrupt = (): void => undefined;
  process.on('SIGINT', ignoreInterrupt);
  try {
    // The line and file are arguments of the shell, never spliced into the editor's words.
    const child = spawn(
      '/bin/sh',
      ['-c', `${request.editor} "+$1" "$2"`, 'cosh-editor', String(request.line), request.file],
      {
        stdio: [request.stdin, request.stdout, request.stderr],
      },
    );
    const ended = await new Promise<number | string>((resolve) => {
      child.on('error', (error) => resolve(error.message));
      child.on('exit', (exitCode, signal) => resolve(exitCode ?? `killed by ${signal ?? 'a signal'}`));
    });
    // The editor may have left its own screen on the terminal.
    request.stdout.write('\u001b[2J\u001b[H');
    if (ended === 0) return { tone: 'muted', text: 'Back from the editor: reloaded from the file.', fades: true };
    const how = typeof ended === 'number' ? `exited ${ended}` : `failed: ${ended}`;
    return {
      tone: 'error',
      text: `The editor (${printableText(request.editor)}) ${how}; reloaded from the file. Set $EDITOR to the one you use.`,
    };
  } finally {
    process.off('SIGINT', ignoreInterrupt);
  }
}

import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitShellCommand, unquoteWord } from './shell-words.ts';

const home = '/home/me';

/** What `sh` itself makes of `printf '%s\0' <text>`: the words after printf's format. */
function shWords(text: string): string[] | null {
  try {
    const output = execFileSync('/bin/sh', ['-c', `printf '%s\\0' first ${text}`], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home },
      cwd: '/',
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    });
    return output.split('\0').slice(1, -1);
  } catch {
    return null;
  }
}

describe('splitShellCommand (F2)', () => {
  it('F2: words, assignments and redirection targets of lists, pipelines and subshells', async () => {
    expect(
      await splitShellCommand(`FOO=./x cat "a b" c\\ d > out.txt 2>>err.log 2>&1 < in && (cd src; ls) | wc`, home),
    ).toEqual({
      certain: true,
      reason: null,
      commands: [['cat', 'a b', 'c d'], ['cd', 'src'], ['ls'], ['wc']],
      assignments: ['./x'],
      redirections: ['out.txt', 'err.log', 'in'],
    });
    expect((await splitShellCommand('cat ~/notes ~', home)).commands).toEqual([['cat', '/home/me/notes', '/home/me']]);
  });

  it('F2: what Cosh cannot split with certainty is reported so', async () => {
    for (const command of [
      'echo "unterminated',
      "echo 'unterminated",
      'eval "$x"',
      'echo $(cat .env)',
      'echo `cat .env`',
      'cat $FILE',
      'cat "${FILE}"',
      'cat ~bob/x',
      'cat <<EOF\nx\nEOF',
      "sh -c 'cat .env'",
      "bash -lc 'cat .env'",
      'ls | xargs rm',
      'find . -name x -exec rm {} \\;',
      'cat *.env',
      'cat {a,b}.txt',
      "cat $'\\x2eenv'",
      'f() { cat .env; }; f',
      'for f in a; do cat "$f"; done',
    ]) {
      const split = await splitShellCommand(command, home);
      expect([command, split.certain]).toEqual([command, false]);
      expect(split.reason).toEqual(expect.any(String));
    }
  });

  it("F2: a word's value is its text with quotes and backslashes applied, as sh reads it", () => {
    expect(unquoteWord(`a"b\\"c"'d'\\ e`, home)).toBe('ab"cd e');
    expect(unquoteWord(`"a\\b"`, home)).toBe('a\\b');
    expect(unquoteWord('x=~/y', home)).toBeNull();
    expect(unquoteWord('"$x"', home)).toBeNull();
  });

  it('F2: the splitter never reports certain for words sh splits differently (property, real sh)', async () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '.env',
      '/',
      '.',
      ' ',
      '  ',
      '\\ ',
      '\\"',
      "\\'",
      '\\\\',
      '"',
      "'",
      '"x y"',
      "'x y'",
      '$',
      '$x',
      '${x}',
      '`',
      '*',
      '?',
      '[',
      ']',
      '{',
      '}',
      ',',
      '~',
      '~/',
      '=',
      ':',
      '\\n',
      '\t',
      '#',
      ';',
      '&&',
      '|',
      '>',
      '<',
      '(',
      ')',
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (generated) => {
        const split = await splitShellCommand(`printf '%s\\0' first ${generated}`, home);
        if (!split.certain) return;
        // Only a command that is one printf with no redirection is compared word for word.
        if (split.commands.length !== 1 || split.redirections.length > 0 || split.assignments.length > 0) return;
        const expected = shWords(generated);
        if (expected === null) return;
        expect({ generated, words: split.commands[0]?.slice(3) }).toEqual({ generated, words: expected });
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('F2: a plain command line (split without the parser) is split as sh splits it (property, real sh)', async () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '.env',
      '/',
      '.',
      ' ',
      '\t',
      '-',
      '=',
      ':',
      ',',
      '+',
      '@',
      '%',
      '_',
      'X=1',
      'if',
      'eval',
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (generated) => {
        const split = await splitShellCommand(`echo first ${generated}`, home);
        if (!split.certain) return;
        const expected = shWords(generated);
        if (expected === null) return;
        expect({ generated, words: split.commands[0]?.slice(2) }).toEqual({ generated, words: expected });
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('F2: a plain command still reports eval, xargs and sh -c as uncertain, and assignments apart', async () => {
    expect((await splitShellCommand('xargs rm', home)).certain).toBe(false);
    expect((await splitShellCommand('bash -c ls', home)).certain).toBe(false);
    expect(await splitShellCommand('A=1 B=./x git status', home)).toEqual({
      certain: true,
      reason: null,
      commands: [['git', 'status']],
      assignments: ['1', './x'],
      redirections: [],
    });
  });
});

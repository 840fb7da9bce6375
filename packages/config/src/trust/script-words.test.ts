import { describe, expect, it } from 'vitest';
import { commandScriptPaths, splitShellTokens, splitShellWords } from './script-words.ts';

const places = { home: '/home/ada', configDir: '/home/ada/.config/cosh' };

describe('splitShellWords (S2: words as the shell splits them)', () => {
  it('S2: blanks separate words; runs of blanks, tabs and line ends count once', () => {
    expect(splitShellWords('  a  b\tc\nd  ')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitShellWords('')).toEqual([]);
  });

  it('S2: single quotes group everything, double quotes group and keep $, backslash escapes', () => {
    expect(splitShellWords(`'a b' "c d" e\\ f`)).toEqual(['a b', 'c d', 'e f']);
    expect(splitShellWords(`'$HOME/x' "\\$HOME/y" "a\\"b" "a\\\\b" "a\\nb"`)).toEqual([
      '$HOME/x',
      '$HOME/y',
      'a"b',
      'a\\b',
      'a\\nb',
    ]);
    expect(splitShellWords(`pre'fix'"ed" ''`)).toEqual(['prefixed', '']);
  });

  it('S2: unquoted operators end a word; quoted ones do not', () => {
    expect(splitShellWords('a;b&c|d<e>f(g)h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(splitShellWords(`2>/dev/null "x;y" 'p|q'`)).toEqual(['2', '/dev/null', 'x;y', 'p|q']);
  });

  it('S2: a backslash-newline joins lines; # at the start of a word starts a comment', () => {
    expect(splitShellWords('a\\\nb c # not /a/script\nd')).toEqual(['ab', 'c', 'd']);
    expect(splitShellWords('a#b')).toEqual(['a#b']);
  });

  it('S2: an unterminated quote runs to the end rather than throwing', () => {
    expect(splitShellWords(`echo 'open`)).toEqual(['echo', 'open']);
    expect(splitShellWords('echo "open')).toEqual(['echo', 'open']);
    expect(splitShellWords('trailing\\')).toEqual(['trailing']);
  });
});

describe('commandScriptPaths (S2: the words that may name scripts)', () => {
  it('S2: absolute paths and the listed prefixes, each expanded to its folder', () => {
    const command = [
      '/usr/bin/python3',
      '"$COSH_CONFIG_DIR/guard.py"',
      '${COSH_CONFIG_DIR}/b.sh',
      '~/bin/c',
      '$HOME/d',
      '"${HOME}/e f"',
    ].join(' ');
    expect(commandScriptPaths(command, places)).toEqual([
      '/usr/bin/python3',
      '/home/ada/.config/cosh/guard.py',
      '/home/ada/.config/cosh/b.sh',
      '/home/ada/bin/c',
      '/home/ada/d',
      '/home/ada/e f',
    ]);
  });

  it('S2: nothing else is expanded: relative paths, other variables, ~user, a prefix not at the start', () => {
    expect(
      commandScriptPaths('./guard.sh guard.sh $XDG/x ~ada/x ~ x=/abs $HOMEx/y ${HOME}x --flag=/etc/x', places),
    ).toEqual([]);
    expect(commandScriptPaths('$HOME/$NAME/x', places)).toEqual(['/home/ada/$NAME/x']);
  });

  it('S2: paths are made normal and named once, in the order the command names them', () => {
    expect(commandScriptPaths('/a/./b/../c /a/c $COSH_CONFIG_DIR/../x', places)).toEqual([
      '/a/c',
      '/home/ada/.config/x',
    ]);
  });

  it('S2: operators and quotes around a script still find it', () => {
    expect(
      commandScriptPaths(`cat | "$COSH_CONFIG_DIR/guard.sh"&&echo ok; node '/opt/x.mjs'>/tmp/log`, places),
    ).toEqual(['/home/ada/.config/cosh/guard.sh', '/opt/x.mjs']);
  });

  it("S2: the docs' logging recipe names no script: the log it appends to is data", () => {
    expect(commandScriptPaths('cat >> "$HOME/cosh-calls.jsonl"', places)).toEqual([]);
  });

  it('S2: every redirection target is data: >, >>, 2>, &>, &>>, <, <<<, >|, fd-numbered forms and >file', () => {
    const targets = [
      '/abs/a > /abs/out',
      '/abs/a >> ~/out',
      '/abs/a 2> $HOME/err',
      '/abs/a 1>> ${HOME}/out',
      '/abs/a &> $COSH_CONFIG_DIR/both',
      '/abs/a &>> /abs/both',
      '/abs/a < /abs/in',
      '/abs/a <<< /abs/string',
      '/abs/a >| /abs/clobber',
      '/abs/a 2>/dev/null',
      '/abs/a >/abs/log',
      '/abs/a 3</abs/in <>/abs/rw 2>&1',
      "/abs/a > '/abs/quoted log'",
    ];
    for (const command of targets) expect(commandScriptPaths(command, places), command).toEqual(['/abs/a']);
  });

  it('S2: only the word right after the operator is data: later words and process substitution still name scripts', () => {
    expect(commandScriptPaths('/abs/a > /abs/log /abs/b', places)).toEqual(['/abs/a', '/abs/b']);
    expect(commandScriptPaths('diff <(/abs/a) <(/abs/b)', places)).toEqual(['/abs/a', '/abs/b']);
    expect(commandScriptPaths('cat /abs/log | /abs/guard', places)).toEqual(['/abs/log', '/abs/guard']);
  });

  it('S2: a quoted > is part of a word, not an operator', () => {
    expect(commandScriptPaths(`/abs/a ">" /abs/b`, places)).toEqual(['/abs/a', '/abs/b']);
  });

  it('S2: $CLAUDE_PROJECT_DIR/ and ${CLAUDE_PROJECT_DIR}/ are expanded only where the place is given (claude hooks)', () => {
    const command = '"$CLAUDE_PROJECT_DIR/.claude/hooks/a.sh" ${CLAUDE_PROJECT_DIR}/b.py';
    expect(commandScriptPaths(command, places)).toEqual([]);
    expect(commandScriptPaths(command, { ...places, claudeProjectDir: '/repo' })).toEqual([
      '/repo/.claude/hooks/a.sh',
      '/repo/b.py',
    ]);
  });
});

describe('splitShellTokens (S2: operators as the shell reads them)', () => {
  it('S2: a run of operator characters is split into the longest operators', () => {
    expect(splitShellTokens('a 2>&1&&b<<<c|&d')).toEqual([
      { kind: 'word', text: 'a' },
      { kind: 'word', text: '2' },
      { kind: 'operator', text: '>&' },
      { kind: 'word', text: '1' },
      { kind: 'operator', text: '&&' },
      { kind: 'word', text: 'b' },
      { kind: 'operator', text: '<<<' },
      { kind: 'word', text: 'c' },
      { kind: 'operator', text: '|&' },
      { kind: 'word', text: 'd' },
    ]);
  });
});

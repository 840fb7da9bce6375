import { describe, expect, it } from 'vitest';
import { commandScriptPaths, splitShellWords } from './script-words.ts';

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
    ).toEqual(['/home/ada/.config/cosh/guard.sh', '/opt/x.mjs', '/tmp/log']);
  });
});

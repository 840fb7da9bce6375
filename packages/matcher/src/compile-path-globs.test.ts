import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { absoluteGlobs, compilePathGlobs } from './compile-path-globs.ts';

const place = { folder: '/work/repo', home: '/home/me' };

describe('compilePathGlobs', () => {
  it('F1: a glob without / matches the last part of a path anywhere (.env = **/.env)', () => {
    const test = compilePathGlobs(['.env'], place);
    expect(test.matches('/work/repo/.env')).toBe(true);
    expect(test.matches('/elsewhere/deep/down/.env')).toBe(true);
    expect(test.matches('/.env')).toBe(true);
    expect(test.matches('/work/repo/.env.example')).toBe(false);
    expect(test.matches('/work/repo/.env/inner')).toBe(false);
    expect(test.matches('/work/repo/x.env')).toBe(false);
  });

  it('F1: ~/ is the home folder; a relative glob is taken from the setup.json folder', () => {
    const test = compilePathGlobs(['~/.ssh/**', 'src/*.ts'], place);
    expect(test.matches('/home/me/.ssh/id_ed25519')).toBe(true);
    expect(test.matches('/home/other/.ssh/id_ed25519')).toBe(false);
    expect(test.matches('/work/repo/src/a.ts')).toBe(true);
    expect(test.matches('/work/repo/src/deep/a.ts')).toBe(false);
    expect(test.matches('/other/src/a.ts')).toBe(false);
  });

  it('F1: *, **, ?, […] and {a,b} keep their glob meaning, case-sensitively', () => {
    const test = compilePathGlobs(['/etc/{passwd,shadow}', 'secrets/**', 'key?.[pP]em'], place);
    expect(test.matches('/etc/passwd')).toBe(true);
    expect(test.matches('/etc/shadow')).toBe(true);
    expect(test.matches('/etc/group')).toBe(false);
    expect(test.matches('/work/repo/secrets/a/b/c')).toBe(true);
    expect(test.matches('/x/key1.pem')).toBe(true);
    expect(test.matches('/x/key1.Pem')).toBe(true);
    expect(test.matches('/x/KEY1.pem')).toBe(false);
    expect(test.matches('/x/key12.pem')).toBe(false);
  });

  it('F1: ./ and ../ in a glob are resolved from its folder; a folder name with glob characters is literal', () => {
    expect(absoluteGlobs('./a/../b/*.txt', place)).toEqual(['/work/repo/b/*.txt']);
    expect(absoluteGlobs('../shared/x', place)).toEqual(['/work/shared/x']);
    const odd = compilePathGlobs(['docs/*'], { folder: '/w/[odd] {dir}', home: '/h' });
    expect(odd.matches('/w/[odd] {dir}/docs/a')).toBe(true);
    expect(odd.matches('/w/o {dir}/docs/a')).toBe(false);
  });

  it('F1: a trailing / means the folder and everything below it', () => {
    const test = compilePathGlobs(['~/.ssh/'], place);
    expect(test.matches('/home/me/.ssh')).toBe(true);
    expect(test.matches('/home/me/.ssh/config')).toBe(true);
    expect(test.matches('/home/me/.sshx')).toBe(false);
  });

  it('F2: a folder selects when a glob could match it or something below it', () => {
    const test = compilePathGlobs(['.env', '/work/repo/src/*.ts', '/srv/data/**'], place);
    expect(test.matchesFolderOrBelow('/work/repo')).toBe(true);
    const narrow = compilePathGlobs(['/work/repo/src/*.ts', '/srv/data/**'], place);
    expect(narrow.matchesFolderOrBelow('/work/repo')).toBe(true);
    expect(narrow.matchesFolderOrBelow('/work/repo/src')).toBe(true);
    expect(narrow.matchesFolderOrBelow('/work/repo/src/deep')).toBe(false);
    expect(narrow.matchesFolderOrBelow('/work/other')).toBe(false);
    expect(narrow.matchesFolderOrBelow('/')).toBe(true);
    expect(narrow.matchesFolderOrBelow('/srv/data/x/y')).toBe(true);
    expect(narrow.matchesFolderOrBelow('/srv')).toBe(true);
    expect(narrow.matchesFolderOrBelow('/srv/other')).toBe(false);
  });

  it('F1: the matcher agrees with picomatch on generated absolute paths (property)', () => {
    const name = fc.constantFrom('a', 'b', '.env', 'x.ts', 'src', '.ssh', 'id_rsa', 'A', 'key1.pem');
    const pathArbitrary = fc.array(name, { minLength: 1, maxLength: 5 }).map((names) => `/${names.join('/')}`);
    const globArbitrary = fc.constantFrom(
      '/a/**',
      '/**/.env',
      '/*/x.ts',
      '/a/{b,src}/*',
      '/**/key?.pem',
      '/[ab]/**/id_rsa',
      '/**/.ssh/**',
      '/src/*.ts',
    );
    fc.assert(
      fc.property(globArbitrary, pathArbitrary, (glob, path) => {
        const ours = compilePathGlobs([glob], place).matches(path);
        expect(ours).toBe(picomatch.isMatch(path, glob, { dot: true }));
      }),
      { numRuns: 400 },
    );
  });

  it('F1: a glob without / agrees with picomatch matching **/ before it (property)', () => {
    const name = fc.constantFrom('a', '.env', 'x.ts', 'b.ts', '.envrc', 'env');
    const pathArbitrary = fc.array(name, { minLength: 1, maxLength: 4 }).map((names) => `/${names.join('/')}`);
    const globArbitrary = fc.constantFrom('.env', '*.ts', '.env*', '?.ts', '{a,env}', '[.]env');
    fc.assert(
      fc.property(globArbitrary, pathArbitrary, (glob, path) => {
        const basename = path.slice(path.lastIndexOf('/') + 1);
        expect(compilePathGlobs([glob], place).matches(path)).toBe(picomatch.isMatch(basename, glob, { dot: true }));
      }),
      { numRuns: 400 },
    );
  });
});

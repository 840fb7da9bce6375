import { describe, expect, it } from 'vitest';
import { claudeProjectDir } from './claude-project-dir.ts';

function existing(...paths: string[]) {
  const set = new Set(paths);
  const probed: string[] = [];
  return {
    probed,
    exists: (path: string) => {
      probed.push(path);
      return set.has(path);
    },
  };
}

describe('claudeProjectDir (K4)', () => {
  it("K4: the project layer's folder (the one holding .cosh/) wins, without any probe", () => {
    const probe = existing('/repo/.claude', '/repo/.git');
    expect(claudeProjectDir({ projectFolder: '/repo/app', cwd: '/repo/app/src', exists: probe.exists })).toBe(
      '/repo/app',
    );
    expect(probe.probed).toEqual([]);
  });

  it('K4: else the nearest folder from the cwd upwards holding .claude/', () => {
    const { exists } = existing('/repo/.claude', '/repo/pkg/.claude', '/repo/.git');
    expect(claudeProjectDir({ projectFolder: null, cwd: '/repo/pkg/src/deep', exists })).toBe('/repo/pkg');
    expect(claudeProjectDir({ projectFolder: null, cwd: '/repo/other', exists })).toBe('/repo');
    expect(claudeProjectDir({ projectFolder: null, cwd: '/repo/pkg', exists })).toBe('/repo/pkg');
  });

  it('K4: else the git top level', () => {
    const { exists } = existing('/repo/.git');
    expect(claudeProjectDir({ projectFolder: null, cwd: '/repo/src/lib/', exists })).toBe('/repo');
  });

  it('K4: the .claude/ search stops at the git top level: ~/.claude/ is user settings, not a project', () => {
    const { exists } = existing('/home/ada/.claude', '/home/ada/repo/.git');
    expect(claudeProjectDir({ projectFolder: null, cwd: '/home/ada/repo/src', exists })).toBe('/home/ada/repo');
  });

  it('K4: else the cwd itself', () => {
    const { exists, probed } = existing();
    expect(claudeProjectDir({ projectFolder: null, cwd: '/tmp/scratch', exists })).toBe('/tmp/scratch');
    expect(probed).toEqual([
      '/tmp/scratch/.claude',
      '/tmp/scratch/.git',
      '/tmp/.claude',
      '/tmp/.git',
      '/.claude',
      '/.git',
    ]);
  });
});

describe('claudeProjectDir (K8: the environment)', () => {
  const isFolder = (path: string) => path === '/opened/project';

  it('K8: a set CLAUDE_PROJECT_DIR naming an existing folder wins over the project layer and the search', () => {
    const { exists } = existing('/repo/.git');
    expect(
      claudeProjectDir({
        projectFolder: '/repo',
        cwd: '/repo/src',
        exists,
        fromEnvironment: '/opened/project',
        isFolder,
      }),
    ).toBe('/opened/project');
  });

  it('K8: one naming no folder, or a relative one, is ignored', () => {
    const { exists } = existing('/repo/.git');
    for (const fromEnvironment of ['/gone', 'opened/project', '']) {
      expect(claudeProjectDir({ projectFolder: null, cwd: '/repo/src', exists, fromEnvironment, isFolder })).toBe(
        '/repo',
      );
    }
  });
});

#!/usr/bin/env node
// Installs the real agents that `pnpm test:clients` (apps/cosh/test/clients) drives: Claude Code,
// Codex CLI and Gemini CLI, ~900 MB, into ./node_modules from the npm registry, exactly as
// ./package-lock.json pins them (`npm ci`). This folder is not part of the pnpm workspace: nothing
// of the project depends on the agents, `pnpm install` should not fetch them, and no package's
// task inputs (turbo hashes `test/**`) should hold their files. An install whose lockfile has not changed since
// is kept (a stamp in node_modules records the lockfile's hash), so only the first run pays.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('./', import.meta.url));
const stamp = join(folder, 'node_modules', '.cosh-installed-lockfile-sha256');
const lockHash = createHash('sha256')
  .update(readFileSync(join(folder, 'package-lock.json')))
  .digest('hex');

let installedHash = '';
try {
  installedHash = readFileSync(stamp, 'utf8').trim();
} catch {
  // Not installed yet.
}
if (installedHash === lockHash) {
  console.log('test:clients: the agents are installed (lockfile unchanged)');
} else {
  const started = Date.now();
  console.log('test:clients: installing the agents from clients/package-lock.json (npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });
  writeFileSync(stamp, `${lockHash}\n`);
  console.log(`test:clients: agents installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

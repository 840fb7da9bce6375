#!/usr/bin/env node
// `pnpm test:all`: every test of the repository, the command README.md gives and CI runs. The three
// steps run one after the other, each whatever became of the one before: with `a && b && c`, one
// flaky test in the fast loop hid whether the end-to-end and reliability suites passed. Each step
// prints its own output as it goes; a summary at the end says how each went and how long it took.
// Exit 0 when all three passed, 1 otherwise.
//
//   pnpm test               the fast loop: type-checks, lint, unit tests, changeset checks
//   pnpm test:e2e           the end-to-end suites, against the built binary (built first)
//   pnpm test:reliability   soak, load, crash-safety and fuzz suites, one file at a time
import { spawnSync } from 'node:child_process';

const steps = ['test', 'test:e2e', 'test:reliability'];
const results = steps.map((step) => {
  process.stdout.write(`\n── pnpm ${step}\n`);
  const startedAt = performance.now();
  const { status, signal } = spawnSync('pnpm', [step], { stdio: 'inherit' });
  return { step, passed: status === 0, seconds: Math.round((performance.now() - startedAt) / 1000), status, signal };
});

process.stdout.write('\n');
for (const { step, passed, seconds, status, signal } of results) {
  const how = passed ? 'passed' : `FAILED (${signal ?? `exit ${status}`})`;
  process.stdout.write(`${how.padEnd(16)} pnpm ${step.padEnd(17)} ${Math.floor(seconds / 60)} min ${seconds % 60} s\n`);
}
if (results.some((result) => !result.passed)) process.exitCode = 1;

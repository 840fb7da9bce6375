// `@cosh/cosh-cli/plain-command`: what a binary needs to run the plain `cosh hooks run` and `cosh
// claude-hook`, which a program starts once per tool call, without the package's main entry. That
// one also holds commander's program and the settings screen (ink), and a bundle of it cannot be
// CommonJS (ink awaits at its top level); the app's per-call bundle is CommonJS so that Node 20
// can keep its compiled code between runs.
export { type PlainCommandLine, parsePlainCommandLine } from './plain-command-line.ts';
export { runPlainCommand, runPlainMain } from './run-plain-command.ts';
export { setCoshVersion } from './cosh-version.ts';

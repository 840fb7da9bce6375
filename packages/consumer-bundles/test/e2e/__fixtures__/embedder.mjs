// A tiny agent host embedding Cosh as the packages' READMEs show: it loads the hooks of the
// setup.json named by its first argument (layers and trust, as `cosh` does), runs two tool calls
// through the engine, toggles an event off with the comment-keeping writer and prints what
// happened as one line of JSON. The tests bundle it with esbuild and with Rollup, as an npm
// consumer would, and run the bundle where no node_modules can be found.
import { formatProblem, loadHooks, setEventEnabled } from '@cosh/config';
import { createHookEngine, runToolCall } from '@cosh/hooks';

const [setupFile, workspace] = process.argv.slice(2);
const { config, layerWarnings } = await loadHooks({ cwd: workspace, path: setupFile });
for (const { file, problem } of layerWarnings) console.error(formatProblem(file, problem));
const engine = createHookEngine(config, { cwd: workspace });

async function call(toolName, toolInput) {
  const outcome = await runToolCall({
    engine,
    call: { toolName, toolInput },
    checkPermission: async () => ({ granted: true }),
    executeTool: async () => ({ ok: true, output: `${toolName} ran` }),
  });
  return { status: outcome.status, output: outcome.output };
}

const denied = await call('bash_run', { command: 'rm -rf /' });
const allowed = await call('fs_read', { path: 'README.md' });
// The writer is a chunk of its own in @cosh/config's dist, loaded on first use (a dynamic import).
const change = await setEventEnabled(setupFile, 'PostToolUse', false);
process.stdout.write(`${JSON.stringify({ denied, allowed, changed: change.changed })}\n`);

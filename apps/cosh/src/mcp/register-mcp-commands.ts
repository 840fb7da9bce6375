// Loaded on every start of the binary: it must stay small and import neither the MCP SDK nor
// the engine. Each action imports its implementation when it runs.
import {
  addExamples,
  configOption,
  configPathOf,
  contextOf,
  noProjectOf,
  noProjectOption,
  sessionIdOf,
  sessionIdOption,
  setUnknownOptionHint,
  shellWord,
  UsageError,
} from '@cosh/cosh-cli';
import { asyncVerboseOption, type Command, permissionOption, workingFolderOption } from '../tool-host-cli-options.ts';
import type { McpHostOptions } from './mcp-host-options.ts';

/** Default of `--call-timeout`, in seconds. */
export const defaultCallTimeoutSeconds = 120;

/** Longest `--call-timeout`: one day, the same bound as a hook's timeout. */
export const maxCallTimeoutSeconds = 86_400;

/**
 * Parses `--call-timeout`: seconds, greater than 0, fractions allowed, at most a day; `undefined`
 * for anything else.
 */
export function parseCallTimeout(value: string): number | undefined {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > maxCallTimeoutSeconds)
    return undefined;
  return seconds;
}

// `ask` is not offered: stdin and stdout carry the protocol, so there is no one to ask.
const mcpPermissionOption = (command: Command) =>
  permissionOption(
    command,
    'for a call no hook allowed or denied: allow runs it (the MCP client confirms calls itself), deny refuses it (the hooks become an allowlist)',
    ['allow', 'deny'],
  );

interface McpFlags {
  config?: string;
  project?: boolean;
  permission: 'allow' | 'deny';
  sessionId?: string;
  cwd?: string;
  journal?: string;
  verbose?: boolean;
}

/** The options both commands share, from their flags. */
function hostOptionsOf(flags: McpFlags, command: Command, version: string): McpHostOptions {
  return {
    configPath: configPathOf(flags, command),
    noProject: noProjectOf(flags),
    sessionId: sessionIdOf(flags, command),
    journalPath: flags.journal,
    permission: flags.permission,
    cwd: flags.cwd,
    verbose: flags.verbose === true,
    version,
  };
}

/** The options of `cosh mcp proxy` that take a value (`--config F`), for {@link proxyCommandLine}. */
const proxyValueOptions = new Set([
  '--config',
  '--permission',
  '--call-timeout',
  '--cwd',
  '--session-id',
  '--name',
  '--journal',
]);

/**
 * `cosh mcp proxy` typed without `--` before the server's command (`cosh mcp proxy npx -y
 * server`), rewritten with it: the proxy's own options first, then `--`, then the server's
 * command and everything after it. `undefined` when `argv` holds no `mcp proxy`.
 */
export function proxyCommandLine(argv: readonly string[]): string | undefined {
  const start = argv.findIndex((word, index) => word === 'proxy' && argv[index - 1] === 'mcp');
  if (start === -1) return undefined;
  const words = argv.slice(start + 1);
  const own: string[] = [];
  let index = 0;
  while (index < words.length) {
    const word = words[index] as string;
    const name = word.split('=')[0] ?? word;
    if (!proxyValueOptions.has(name) && !word.startsWith('--') && word !== '-h') break;
    if (word === '--') break;
    own.push(word);
    // A value option written as `--config F` takes the next word with it.
    if (proxyValueOptions.has(word) && index + 1 < words.length) own.push(words[index + 1] as string);
    index += proxyValueOptions.has(word) ? 2 : 1;
  }
  const server = words.slice(index).filter((word, position) => !(position === 0 && word === '--'));
  return ['cosh', 'mcp', 'proxy', ...own, '--', ...server].map(shellWord).join(' ');
}

/**
 * Registers `cosh mcp serve` and `cosh mcp proxy` on the program (SPEC X). The MCP SDK loads
 * only when one of them runs.
 */
export function addMcpCommands(program: Command, version: string): void {
  const mcp = program
    .command('mcp')
    .description('put the hooks in front of an MCP client: serve the built-in tools, or proxy another MCP server');
  addExamples(mcp, [
    ['cosh mcp serve', 'the built-in tools for an MCP client, every call through your hooks'],
    [
      'cosh mcp proxy -- npx -y @modelcontextprotocol/server-filesystem .',
      "another MCP server's tools, every call through your hooks",
    ],
  ]);

  const serve = mcp.command('serve');
  serve
    .description(
      'an MCP server over stdio with the built-in tools (bash_run, fs_read, fs_write, fs_edit, find_grep), every call through the hooks',
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .addOption(mcpPermissionOption(serve))
    .addOption(
      workingFolderOption(
        serve,
        'where tools and hooks run (default: the current directory, often / for an MCP client)',
      ),
    )
    .addOption(sessionIdOption())
    .option(
      '--journal <file>',
      'append one hash-chained line per event run to this decision journal (default: setup.json\'s "journal")',
    )
    .addOption(asyncVerboseOption(serve))
    .action(async (flags: McpFlags, command: Command) => {
      const options = hostOptionsOf(flags, command, version);
      const { runMcpServe } = await import('./run-mcp-serve.ts');
      await runMcpServe(contextOf(command), { ...options, command });
    });
  addExamples(serve, [
    ['cosh mcp serve', 'in an MCP client\'s server list: command "cosh", args ["mcp", "serve"]'],
    ['cosh mcp serve --permission deny', 'only calls a PreToolUse hook allows run (an allowlist)'],
  ]);

  const proxy = mcp.command('proxy');
  proxy
    .description(
      "start another MCP server over stdio and serve its tools unchanged, every call through the hooks (tool_name: the server's tool name)",
    )
    .usage('[options] -- <command> [args...]')
    .argument('<command>', 'the MCP server to start, after --')
    .argument('[args...]', 'its arguments')
    .addOption(configOption())
    .addOption(noProjectOption())
    .addOption(mcpPermissionOption(proxy))
    .addOption(workingFolderOption(proxy, 'where the MCP server starts and hooks run (default: the current directory)'))
    .addOption(sessionIdOption())
    .addOption(asyncVerboseOption(proxy))
    .option(
      '--journal <file>',
      'append one hash-chained line per event run to this decision journal (default: setup.json\'s "journal")',
    )
    .option(
      '--name <server>',
      'the server name Claude-protocol hooks see its tools under: tool t is mcp__<server>__t (default: none, tools keep their names)',
    )
    .addOption(
      proxy
        .createOption(
          '--call-timeout <seconds>',
          'how long one call to the downstream server may take before it is cancelled and fails',
        )
        .default(String(defaultCallTimeoutSeconds), `${defaultCallTimeoutSeconds}`),
    )
    .action(
      async (
        serverCommand: string,
        args: string[],
        flags: McpFlags & { callTimeout: string; name?: string },
        command: Command,
      ) => {
        const callTimeoutSeconds = parseCallTimeout(flags.callTimeout);
        if (callTimeoutSeconds === undefined) {
          throw new UsageError(
            `option '--call-timeout <seconds>' expects a number of seconds greater than 0 and at most ${maxCallTimeoutSeconds}, got '${flags.callTimeout}'`,
            command,
          );
        }
        if (serverCommand.trim() === '') throw new UsageError('the MCP server command is empty', command);
        if (flags.name !== undefined && flags.name.trim() === '')
          throw new UsageError("option '--name <server>' needs a server name, not an empty string", command);
        const options = hostOptionsOf(flags, command, version);
        const { runMcpProxy } = await import('./run-mcp-proxy.ts');
        await runMcpProxy(contextOf(command), {
          ...options,
          serverName: flags.name,
          callTimeoutSeconds,
          command: serverCommand,
          args,
          cliCommand: command,
        });
      },
    );
  addExamples(proxy, [
    [
      'cosh mcp proxy -- npx -y @modelcontextprotocol/server-filesystem .',
      'the filesystem server behind your hooks (its options after --)',
    ],
    [
      'cosh mcp proxy --permission deny -- ./my-server --verbose',
      'only calls a PreToolUse hook allows reach the server',
    ],
  ]);
  // `cosh mcp proxy npx -y server`: the server's options were read as the proxy's.
  setUnknownOptionHint(proxy, (_flag, argv) => {
    const fixed = proxyCommandLine(argv);
    return `the MCP server's options go after --${fixed === undefined ? '' : `: did you mean \`${fixed}\`?`}`;
  });
}

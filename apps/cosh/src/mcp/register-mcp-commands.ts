// Loaded on every start of the binary: it must stay small and import neither the MCP SDK nor
// the engine. Each action imports its implementation when it runs.
import { configOption, configPathOf, contextOf, noProjectOf, noProjectOption, UsageError } from '@cosh/cosh-cli';
import { type Command, permissionOption } from '../tool-host-cli-options.ts';

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
}

/**
 * Registers `cosh mcp serve` and `cosh mcp proxy` on the program (SPEC X). The MCP SDK loads
 * only when one of them runs.
 */
export function addMcpCommands(program: Command, version: string): void {
  const mcp = program
    .command('mcp')
    .description('put the hooks in front of an MCP client: serve the built-in tools, or proxy another MCP server');

  const serve = mcp.command('serve');
  serve
    .description(
      'an MCP server over stdio with the built-in tools (bash_run, fs_read, fs_write, find_grep), every call through the hooks',
    )
    .addOption(configOption())
    .addOption(noProjectOption())
    .addOption(mcpPermissionOption(serve))
    .action(async (flags: McpFlags, command: Command) => {
      const { runMcpServe } = await import('./run-mcp-serve.ts');
      await runMcpServe(contextOf(command), {
        configPath: configPathOf(flags, command),
        noProject: noProjectOf(flags),
        permission: flags.permission,
        version,
      });
    });

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
    .addOption(
      proxy
        .createOption(
          '--call-timeout <seconds>',
          'how long one call to the downstream server may take before it is cancelled and fails',
        )
        .default(String(defaultCallTimeoutSeconds), `${defaultCallTimeoutSeconds}`),
    )
    .action(
      async (serverCommand: string, args: string[], flags: McpFlags & { callTimeout: string }, command: Command) => {
        const callTimeoutSeconds = parseCallTimeout(flags.callTimeout);
        if (callTimeoutSeconds === undefined) {
          throw new UsageError(
            `option '--call-timeout <seconds>' expects a number of seconds greater than 0 and at most ${maxCallTimeoutSeconds}, got '${flags.callTimeout}'`,
            command,
          );
        }
        if (serverCommand.trim() === '') throw new UsageError('the MCP server command is empty', command);
        const { runMcpProxy } = await import('./run-mcp-proxy.ts');
        await runMcpProxy(contextOf(command), {
          configPath: configPathOf(flags, command),
          noProject: noProjectOf(flags),
          permission: flags.permission,
          callTimeoutSeconds,
          command: serverCommand,
          args,
          version,
        });
      },
    );
}

// Loaded on every start of the binary: it must stay small and import neither the MCP SDK nor
// the engine. Each action imports its implementation when it runs.
import { contextOf, type createProgram, UsageError } from '@cosh/cosh-cli';

// commander's types, reached through the program's (the app does not depend on commander itself).
type Command = ReturnType<typeof createProgram>;
type Option = ReturnType<Command['createOption']>;

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
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > maxCallTimeoutSeconds) return undefined;
  return seconds;
}

function configOption(command: Command): Option {
  return command.createOption(
    '--config <file>',
    'the setup.json to use (default: $COSH_CONFIG, else $XDG_CONFIG_HOME/cosh/setup.json, else ~/.config/cosh/setup.json)',
  );
}

function permissionOption(command: Command): Option {
  return command.createOption(
    '--permission <mode>',
    'for a call no hook allowed or denied: allow runs it (the MCP client confirms calls itself), deny refuses it (the hooks become an allowlist)',
  )
    .choices(['allow', 'deny'])
    .default('allow');
}

function configPathOf(flags: { config?: string }, command: Command): string | undefined {
  if (flags.config === undefined) return undefined;
  if (flags.config.trim() === '') throw new UsageError("option '--config <file>' needs a file name, not an empty string", command);
  return flags.config;
}

interface McpFlags {
  config?: string;
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
    .description('an MCP server over stdio with the built-in tools (bash_run, fs_read, fs_write, find_grep), every call through the hooks')
    .addOption(configOption(serve))
    .addOption(permissionOption(serve))
    .action(async (flags: McpFlags, command: Command) => {
      const { runMcpServe } = await import('./run-mcp-serve.ts');
      await runMcpServe(contextOf(command), { configPath: configPathOf(flags, command), permission: flags.permission, version });
    });

  const proxy = mcp.command('proxy');
  proxy
    .description("start another MCP server over stdio and serve its tools unchanged, every call through the hooks (tool_name: the server's tool name)")
    .usage('[options] -- <command> [args...]')
    .argument('<command>', 'the MCP server to start, after --')
    .argument('[args...]', 'its arguments')
    .addOption(configOption(proxy))
    .addOption(permissionOption(proxy))
    .addOption(
      proxy
        .createOption('--call-timeout <seconds>', 'how long one call to the downstream server may take before it is cancelled and fails')
        .default(String(defaultCallTimeoutSeconds), `${defaultCallTimeoutSeconds}`),
    )
    .action(async (serverCommand: string, args: string[], flags: McpFlags & { callTimeout: string }, command: Command) => {
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
        permission: flags.permission,
        callTimeoutSeconds,
        command: serverCommand,
        args,
        version,
      });
    });
}

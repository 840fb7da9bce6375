#!/usr/bin/env node
// A small MCP server over stdio, written with the official SDK, for `cosh mcp proxy` tests.
// Its tools cover what a proxy must pass through or survive: plain text, images, structured
// output with an output schema, tool errors, a crash, a hang and a changing tool list.
//
// Options (argv):
//   --pid-file <file>      write this process's pid (and the child's, see --spawn-child), one a line
//   --spawn-child          start `sleep 300` in our process group, as servers started by npx do
//   --spawn-setsid-child   start `sleep 300` in a session of its own (setsid), its pid in --pid-file
//   --slow-start <ms>      wait this long before speaking MCP (a server that takes its time to start)
//   --no-tools             offer no "tools" capability
//   --initialize-error     answer initialize with JSON-RPC error -32602
//   --stubborn             ignore SIGTERM and keep running after stdin closes (only SIGKILL ends it)
//   --big-tool             also offer `big {bytes}`, which answers with a text of that many bytes
//   --banner               print a line that is not JSON-RPC on stdout first, as careless servers do
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const argv = process.argv.slice(2);
const option = (name) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};

// A 1×1 transparent PNG.
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const tools = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns its arguments as JSON text.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: 'what to echo' }, extra: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { 'example.com/origin': 'fixture' },
  },
  {
    name: 'picture',
    description: 'Returns an image, a text and an embedded resource.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'measure',
    description: 'Returns structured content that fits its output schema.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    outputSchema: {
      type: 'object',
      properties: { length: { type: 'number' } },
      required: ['length'],
    },
    annotations: { title: 'Measure', idempotentHint: true },
  },
  {
    name: 'fail',
    description: 'Returns a result with isError: true.',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
  },
  {
    name: 'crash',
    description: 'Exits the server process with the given code.',
    inputSchema: { type: 'object', properties: { code: { type: 'number' } } },
  },
  {
    name: 'hang',
    description: 'Never answers.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'progress',
    description: 'Reports progress twice (when the call carries a progress token), then answers.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'log',
    description: 'Sends a log message (notifications/message), then answers.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
  {
    name: 'error',
    description: 'Answers with a JSON-RPC error of the given code and message instead of a result.',
    inputSchema: { type: 'object', properties: { code: { type: 'number' }, message: { type: 'string' } } },
  },
  {
    name: 'add_tool',
    description: 'Adds a tool of the given name and announces the change (notifications/tools/list_changed).',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
];

if (argv.includes('--big-tool')) {
  tools.push({
    name: 'big',
    description: 'Answers with a text of the given number of bytes.',
    inputSchema: { type: 'object', properties: { bytes: { type: 'number' } }, required: ['bytes'] },
  });
}

const server = new Server(
  { name: 'fixture-downstream', version: '1.2.3' },
  {
    capabilities: argv.includes('--no-tools') ? { logging: {} } : { tools: { listChanged: true }, logging: {} },
    instructions: 'Fixture server: tools for proxy tests.',
  },
);

if (!argv.includes('--no-tools')) server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
if (argv.includes('--initialize-error')) {
  server.setRequestHandler(InitializeRequestSchema, () => {
    throw Object.assign(new Error('unsupported protocol version; this server speaks 1999-01-01 only'), {
      code: -32602,
    });
  });
}

const callTool = async (request, extra) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'echo':
      return { content: [{ type: 'text', text: JSON.stringify(args) }] };
    case 'picture':
      return {
        content: [
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
          { type: 'text', text: 'a 1x1 pixel' },
          { type: 'resource', resource: { uri: 'file:///pixel.txt', mimeType: 'text/plain', text: 'pixel' } },
          { type: 'resource_link', uri: 'file:///pixel.png', name: 'pixel.png', mimeType: 'image/png' },
        ],
      };
    case 'measure': {
      const length = String(args.text ?? '').length;
      return { content: [{ type: 'text', text: `length ${length}` }], structuredContent: { length } };
    }
    case 'fail':
      return { content: [{ type: 'text', text: `failed: ${String(args.message ?? 'no reason')}` }], isError: true };
    case 'crash':
      process.stderr.write('crashing on purpose\n');
      process.exit(typeof args.code === 'number' ? args.code : 3);
      break;
    case 'hang':
      return new Promise(() => {
        // A timer keeps the process alive, as a server stuck in real work would be.
        setInterval(() => undefined, 60_000);
        extra.signal.addEventListener('abort', () => process.stderr.write('hang cancelled\n'));
        process.stderr.write('hang started\n');
      });
    case 'progress': {
      const progressToken = request.params._meta?.progressToken;
      if (progressToken !== undefined) {
        for (const progress of [1, 2]) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress, total: 2, message: `step ${progress}` },
          });
        }
      }
      return { content: [{ type: 'text', text: 'progress done' }] };
    }
    case 'log':
      await server.sendLoggingMessage({ level: 'info', logger: 'fixture', data: String(args.text ?? 'hello') });
      return { content: [{ type: 'text', text: 'logged' }] };
    case 'error':
      // The SDK sends a thrown error's code and message as they are (an McpError's message
      // would carry its "MCP error <code>:" prefix too).
      throw Object.assign(new Error(String(args.message ?? 'failed')), {
        code: typeof args.code === 'number' ? args.code : -32000,
      });
    case 'big':
      return { content: [{ type: 'text', text: 'b'.repeat(Number(args.bytes)) }] };
    case 'add_tool': {
      const name = String(args.name);
      tools.push({ name, description: `Added at run time: ${name}.`, inputSchema: { type: 'object', properties: {} } });
      await server.sendToolListChanged();
      return { content: [{ type: 'text', text: `added ${name}` }] };
    }
    default:
      return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
  }
};
if (!argv.includes('--no-tools')) server.setRequestHandler(CallToolRequestSchema, callTool);

const pids = [process.pid];
if (argv.includes('--spawn-child')) {
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  pids.push(child.pid);
}
if (argv.includes('--spawn-setsid-child')) {
  // detached: setsid(2), a session and process group of its own, out of reach of a group kill.
  const child = spawn('sleep', ['300'], { stdio: 'ignore', detached: true });
  // Not waited for: the server still exits when its stdin closes, leaving the child to init.
  child.unref();
  pids.push(child.pid);
}
if (argv.includes('--stubborn')) {
  process.on('SIGTERM', () => process.stderr.write('ignoring SIGTERM\n'));
  setInterval(() => undefined, 60_000);
}
const pidFile = option('--pid-file');
if (pidFile !== undefined) writeFileSync(pidFile, `${pids.join('\n')}\n`);

if (argv.includes('--banner')) process.stdout.write('fixture server starting (this line is not JSON-RPC)\n');
const slowStart = option('--slow-start');
if (slowStart !== undefined) await new Promise((resolve) => setTimeout(resolve, Number(slowStart)));
await server.connect(new StdioServerTransport());
process.stderr.write('fixture downstream ready\n');

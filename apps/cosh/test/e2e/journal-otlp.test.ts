// SPEC J3 end to end: with "journal": {"otlp": …} the built `cosh` sends each journal record as an
// OpenTelemetry log record over OTLP/HTTP (protobuf, OTLP's default encoding) to a loopback
// receiver that decodes it with the official protobuf definitions (no OpenTelemetry Collector can
// be installed from npm or Debian); a dead endpoint costs a call no more than the bounded flush,
// and its records are counted in `cosh journal stats`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { temporaryFolders } from '@cosh/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCosh } from '../__fixtures__/cli-run.ts';

const makeFolder = temporaryFolders('cosh-journal-otlp-e2e-');
const servers: Server[] = [];

beforeAll(async () => {
  await assertBuilt();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const GUARD = {
  name: 'no rm',
  matcher: 'bash_run',
  command: `grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0`,
};

interface Received {
  readonly url: string;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

/** The protobufjs message type of an OTLP request, as the generated code has it. */
interface ProtoMessageType {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: { longs: typeof String; bytes: typeof String }): unknown;
}

/**
 * ExportLogsServiceRequest of the official OTLP protobuf definitions: the protobufjs code that
 * @opentelemetry/otlp-transformer generated from opentelemetry-proto (installed as
 * otlp-proto-definitions, its last release that still shipped the logs messages; later ones
 * encode by hand, so decoding with them would check the exporter against itself).
 */
const exportLogsServiceRequest = (
  createRequire(import.meta.url)('otlp-proto-definitions/build/src/generated/root.js') as {
    opentelemetry: { proto: { collector: { logs: { v1: { ExportLogsServiceRequest: ProtoMessageType } } } } };
  }
).opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

/** An OTLP/HTTP protobuf request body, decoded to plain data (the field names of OTLP's JSON mapping). */
function decodeLogsRequest(bytes: Uint8Array): unknown {
  return exportLogsServiceRequest.toObject(exportLogsServiceRequest.decode(bytes), { longs: String, bytes: String });
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * A loopback OTLP/HTTP receiver: keeps every request decoded with the official definitions and
 * answers 200 with an empty ExportLogsServiceResponse (zero bytes in protobuf).
 */
async function receiver(): Promise<{ base: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    const bytes = await readBody(request);
    received.push({
      url: request.url ?? '',
      contentType: request.headers['content-type'],
      body: decodeLogsRequest(bytes),
    });
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** A port nothing listens on: bound, then closed. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Attribute = { key: string; value: Record<string, unknown> };

function attributeMap(attributes: Attribute[]): Record<string, unknown> {
  const simple = (value: Record<string, unknown>): unknown => {
    if ('stringValue' in value) return value['stringValue'];
    if ('boolValue' in value) return value['boolValue'];
    const array = value['arrayValue'] as { values?: Record<string, unknown>[] } | undefined;
    if (array !== undefined) return (array.values ?? []).map(simple);
    return value;
  };
  return Object.fromEntries(attributes.map(({ key, value }) => [key, simple(value)]));
}

function homeWith(journal: Record<string, unknown>): string {
  const home = makeFolder();
  mkdirSync(join(home, '.config', 'cosh'), { recursive: true });
  writeFileSync(
    join(home, '.config', 'cosh', 'setup.json'),
    JSON.stringify({ journal, hooks: { PreToolUse: [GUARD] } }),
  );
  return home;
}

interface OtlpBody {
  resourceLogs: {
    resource: { attributes: Attribute[] };
    scopeLogs: {
      scope: { name: string };
      logRecords: { severityText: string; body: { stringValue: string }; attributes: Attribute[] }[];
    }[];
  }[];
}

describe('J3 OpenTelemetry export through the built cosh', () => {
  it('J3: hooks run and claude-hook each send a log record with the cosh.* attributes to <otlp>/v1/logs', async () => {
    const { base, received } = await receiver();
    const home = homeWith({ file: join(makeFolder(), 'journal.jsonl'), otlp: base });
    const run = await runCosh(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "rm -rf /"}', '--json'],
      { cwd: home },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny' });
    expect(run.stderr).not.toContain('otlp');
    const bridge = await runCosh(['claude-hook'], {
      cwd: home,
      input: JSON.stringify({
        session_id: 'claude-session',
        cwd: home,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      }),
    });
    expect(bridge.code).toBe(0);
    expect(bridge.stdout).not.toContain('otlp');
    expect(received.length).toBeGreaterThanOrEqual(2);
    for (const request of received) {
      expect(request.url).toBe('/v1/logs');
      expect(request.contentType).toBe('application/x-protobuf');
    }
    const bodies = received.map((request) => request.body as OtlpBody);
    expect(attributeMap(bodies[0]?.resourceLogs[0]?.resource.attributes ?? [])).toMatchObject({
      'service.name': 'cosh',
    });
    const records = bodies.flatMap((body) =>
      body.resourceLogs.flatMap((logs) => logs.scopeLogs.flatMap((scope) => scope.logRecords)),
    );
    expect(records).toHaveLength(2);
    const [denied, allowed] = records.map((record) => attributeMap(record.attributes));
    expect(denied).toMatchObject({
      'cosh.event': 'PreToolUse',
      'cosh.tool': 'bash_run',
      'cosh.decision': 'deny',
      'cosh.hook.names': ['no rm'],
      'cosh.agent': 'cosh',
      'cosh.halt': false,
    });
    expect(allowed).toMatchObject({
      'cosh.event': 'PreToolUse',
      'cosh.tool': 'bash_run',
      'cosh.agent_tool': 'Bash',
      'cosh.decision': 'none',
      'cosh.hook.names': ['no rm'],
      'cosh.session_id': 'claude-session',
      'cosh.agent': 'claude',
    });
    expect(records[0]?.severityText).toBe('WARN');
    // The body is the journal record (J1) as JSON.
    expect(JSON.parse(records[0]?.body.stringValue ?? '{}')).toMatchObject({ decision: 'deny', tool_name: 'bash_run' });
  });

  it('J3: a dead endpoint adds only a bounded delay to a call; the verdict stands and the drop is counted in journal stats', async () => {
    const port = await deadPort();
    const journal = join(makeFolder(), 'journal.jsonl');
    const home = homeWith({ file: journal, otlp: `http://127.0.0.1:${port}` });
    const started = Date.now();
    const run = await runCosh(
      ['hooks', 'run', 'PreToolUse', '--tool', 'bash_run', '--input', '{"command": "rm -rf /"}', '--json'],
      { cwd: home },
    );
    const elapsed = Date.now() - started;
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny' });
    expect(run.stderr).toContain('1 of 1 record not sent');
    // The 2 s flush bound plus a process start and the hook; generous for two busy cores.
    expect(elapsed).toBeLessThan(6_000);
    const stats = await runCosh(['journal', 'stats', '--json'], { cwd: home });
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ lines: 1, otlp_dropped: 1 });
  });
});

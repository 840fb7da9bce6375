// Real HTTP(S) servers on 127.0.0.1 (port 0) for the tests of HTTP hooks (the runner's client,
// the engine, the cosh binary), with what a test needs to see from the server's side:
// connections opened, requests and their bodies.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the server received it, body included. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
  /** 1 for the first request on its connection, 2 for the second, … */
  readonly requestOnConnection: number;
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>` (or `https://…`), without a trailing slash. */
  readonly origin: string;
  readonly port: number;
  /** Connections the server accepted so far. */
  connections(): number;
  /** Requests whose body was read whole, in arrival order. */
  readonly received: ReceivedRequest[];
  /** Closes the server and every connection it still has. */
  close(): Promise<void>;
}

/**
 * Answers each request with `respond`, once its body has been read. The handler may answer,
 * stall, or destroy the socket: whatever the case under test needs.
 */
export type Respond = (request: ReceivedRequest, response: http.ServerResponse, socket: Socket) => void;

/** The test certificate: self-signed for 127.0.0.1 and localhost, valid for a century. */
export const testCertificate = readFileSync(new URL('./test-only-localhost-cert.pem', import.meta.url), 'utf8');
const testKey = readFileSync(new URL('./test-only-localhost-key.pem', import.meta.url), 'utf8');

export async function startLocalServer(respond: Respond, { tls = false } = {}): Promise<LocalServer> {
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const requestsPerSocket = new WeakMap<Socket, number>();
  let connections = 0;
  const handler: http.RequestListener = (incoming, response) => {
    const socket = incoming.socket;
    const requestOnConnection = (requestsPerSocket.get(socket) ?? 0) + 1;
    requestsPerSocket.set(socket, requestOnConnection);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
        requestOnConnection,
      };
      received.push(request);
      respond(request, response, socket);
    });
  };
  const server = tls
    ? https.createServer({ cert: testCertificate, key: testKey }, handler)
    : http.createServer(handler);
  const onConnection = (socket: Socket): void => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  server.on(tls ? 'secureConnection' : 'connection', onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

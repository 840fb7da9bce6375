// A fake model API on 127.0.0.1 for the real agents (pnpm test:clients): it speaks one vendor's
// wire protocol (a ModelProtocol), answers the agent's turn with the scripted tool calls, one
// per request, then with a final text, and records every request so that a test can read the
// tool result the model received. Nothing leaves the machine: the agents are pointed at it by
// their base-URL settings, and it listens on loopback only.
import { type LocalServer, type ReceivedRequest, startLocalServer } from '@cosh/test-utils';

/** A tool call the fake model makes, in the agent's own tool names and fields. */
export interface ScriptedToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** What the fake model answers to one request. */
export type ModelReply =
  | { readonly kind: 'tool'; readonly call: ScriptedToolCall; readonly id: string }
  | {
      readonly kind: 'text';
      readonly text: string;
    };

/** One vendor's wire protocol, as much of it as the agents use. */
export interface ModelProtocol {
  /**
   * The request body of an agent's turn (the request that offers the agent's tools), or
   * undefined for anything else (a title, a token count, a classifier), which gets a text reply.
   */
  readonly turnOf: (request: ReceivedRequest) => ModelTurn | undefined;
  /** Writes `reply` as this protocol's response to `request`. */
  readonly respond: (request: ReceivedRequest, reply: ModelReply, response: import('node:http').ServerResponse) => void;
}

/** An agent's turn as the model sees it. */
export interface ModelTurn {
  /** The tool results the conversation holds so far, oldest first, as text. */
  readonly toolResults: readonly string[];
  /** The whole request body as text: context the agent added anywhere in it is found here. */
  readonly text: string;
}

/** The final text of every turn: the model is done once its scripted calls are answered. */
export const FINAL_TEXT = 'fake-model: done';

export interface FakeModelApi {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Every request received, in order. */
  readonly requests: readonly ReceivedRequest[];
  /** The agent's turns received (requests that offered tools), in order. */
  turns(): ModelTurn[];
  /** The tool results of the last turn received (what the model saw last), oldest first. */
  lastToolResults(): readonly string[];
  close(): Promise<void>;
}

/**
 * Starts a fake model API speaking `protocol` that makes `calls` in order: a turn holding n tool
 * results is answered with `calls[n]`, or with {@link FINAL_TEXT} once all were made. Stateless
 * per request, so an agent's retries, side requests and second thoughts cannot push it off its
 * script, and the loop is bounded: at most `calls.length` tool calls per conversation.
 */
export async function startFakeModelApi(
  protocol: ModelProtocol,
  calls: readonly ScriptedToolCall[],
): Promise<FakeModelApi> {
  let replies = 0;
  const server: LocalServer = await startLocalServer((request, response) => {
    replies += 1;
    const turn = protocol.turnOf(request);
    const next = turn === undefined ? undefined : calls[turn.toolResults.length];
    const reply: ModelReply =
      next === undefined
        ? { kind: 'text', text: FINAL_TEXT }
        : { kind: 'tool', call: next, id: `call_fake_${replies}` };
    protocol.respond(request, reply, response);
  });
  const turns = () => server.received.map((request) => protocol.turnOf(request)).filter((turn) => turn !== undefined);
  return {
    origin: server.origin,
    requests: server.received,
    turns,
    lastToolResults: () => turns().at(-1)?.toolResults ?? [],
    close: () => server.close(),
  };
}

/** A request body parsed as JSON, or undefined when it is not JSON. */
export function jsonBody(request: ReceivedRequest): unknown {
  try {
    return JSON.parse(request.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A Server-Sent Events stream of `events` (`event:` line when named), then the end. */
export function writeEventStream(
  response: import('node:http').ServerResponse,
  events: readonly { readonly event?: string; readonly data: unknown }[],
): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data } of events) {
    response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
  }
  response.end();
}

// Anthropic's Messages API (`POST /v1/messages`, streamed as Server-Sent Events), as Claude Code
// calls it: a turn offers `tools`; a tool result comes back as a `tool_result` block of a user
// message, its content a string or a list of text blocks.
import { jsonBody, type ModelProtocol, writeEventStream } from './fake-model-api.ts';

interface MessagesRequest {
  model?: string;
  tools?: unknown[];
  messages?: { role: string; content: string | { type: string; content?: unknown }[] }[];
}

/** A tool_result block's content as text. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((block: { text?: unknown }) => (typeof block.text === 'string' ? block.text : '')).join('\n');
  }
  return '';
}

export const anthropicMessages: ModelProtocol = {
  turnOf(request) {
    if (!request.url.startsWith('/v1/messages')) return undefined;
    const body = jsonBody(request) as MessagesRequest | undefined;
    if (body === undefined || !Array.isArray(body.tools) || body.tools.length === 0) return undefined;
    const toolResults = (body.messages ?? []).flatMap((message) =>
      Array.isArray(message.content)
        ? message.content.filter((block) => block.type === 'tool_result').map((block) => resultText(block.content))
        : [],
    );
    return { toolResults, text: request.body.toString('utf8') };
  },
  respond(request, reply, response) {
    if (!request.url.startsWith('/v1/messages')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const model = (jsonBody(request) as MessagesRequest | undefined)?.model ?? 'claude-fake';
    const usage = { input_tokens: 1, output_tokens: 1 };
    const block =
      reply.kind === 'tool'
        ? [
            { type: 'tool_use', id: reply.id.replace('call_', 'toolu_'), name: reply.call.name, input: {} },
            { type: 'input_json_delta', partial_json: JSON.stringify(reply.call.input) },
          ]
        : [
            { type: 'text', text: '' },
            { type: 'text_delta', text: reply.text },
          ];
    writeEventStream(response, [
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: {
            id: `msg_${reply.kind}`,
            type: 'message',
            role: 'assistant',
            model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage,
          },
        },
      },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block[0] } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: block[1] } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      {
        event: 'message_delta',
        data: {
          type: 'message_delta',
          delta: { stop_reason: reply.kind === 'tool' ? 'tool_use' : 'end_turn', stop_sequence: null },
          usage: { output_tokens: 1 },
        },
      },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
  },
};

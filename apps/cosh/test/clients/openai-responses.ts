// OpenAI's Responses API (`POST /v1/responses`, streamed as Server-Sent Events), as Codex CLI
// calls it: a turn offers `tools`; a tool result comes back as a `function_call_output` item of
// the next request's `input`, its `output` a string.
import { jsonBody, type ModelProtocol, writeEventStream } from './fake-model-api.ts';

interface ResponsesRequest {
  tools?: unknown[];
  input?: { type?: string; output?: unknown }[];
}

/** A function_call_output's output as text (a string, or a list of content parts). */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    return output.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('\n');
  }
  return '';
}

export const openaiResponses: ModelProtocol = {
  turnOf(request) {
    if (!request.url.startsWith('/v1/responses')) return undefined;
    const body = jsonBody(request) as ResponsesRequest | undefined;
    if (body === undefined || !Array.isArray(body.tools) || body.tools.length === 0) return undefined;
    const toolResults = (body.input ?? [])
      .filter((item) => item.type === 'function_call_output')
      .map((item) => outputText(item.output));
    return { toolResults, text: request.body.toString('utf8') };
  },
  respond(request, reply, response) {
    if (!request.url.startsWith('/v1/responses')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const item =
      reply.kind === 'tool'
        ? {
            type: 'function_call',
            id: `fc_${reply.id}`,
            call_id: reply.id,
            name: reply.call.name,
            arguments: JSON.stringify(reply.call.input),
          }
        : {
            type: 'message',
            id: 'msg_fake',
            role: 'assistant',
            content: [{ type: 'output_text', text: reply.text, annotations: [] }],
          };
    const usage = {
      input_tokens: 1,
      input_tokens_details: null,
      output_tokens: 1,
      output_tokens_details: null,
      total_tokens: 2,
    };
    writeEventStream(
      response,
      [
        { type: 'response.created', response: { id: 'resp_fake' } },
        { type: 'response.output_item.done', output_index: 0, item },
        { type: 'response.completed', response: { id: 'resp_fake', usage } },
      ].map((data) => ({ event: data.type, data })),
    );
  },
};

// Google's Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`), as Gemini CLI
// calls it: a turn offers `tools` (function declarations); a tool result comes back as a
// `functionResponse` part of the next request's `contents`, its `response` an object (`output` or
// `error`), read here as its JSON text.
import { jsonBody, type ModelProtocol, writeEventStream } from './fake-model-api.ts';

interface GenerateContentRequest {
  tools?: unknown[];
  contents?: { parts?: { functionResponse?: { response?: unknown } }[] }[];
}

export const geminiGenerateContent: ModelProtocol = {
  turnOf(request) {
    if (!request.url.includes(':streamGenerateContent')) return undefined;
    const body = jsonBody(request) as GenerateContentRequest | undefined;
    if (body === undefined || !Array.isArray(body.tools) || body.tools.length === 0) return undefined;
    const toolResults = (body.contents ?? []).flatMap((content) =>
      (content.parts ?? [])
        .filter((part) => part.functionResponse !== undefined)
        .map((part) => JSON.stringify(part.functionResponse?.response ?? null)),
    );
    return { toolResults, text: request.body.toString('utf8') };
  },
  respond(request, reply, response) {
    const part =
      reply.kind === 'tool'
        ? { functionCall: { name: reply.call.name, args: reply.call.input } }
        : { text: reply.text };
    const chunk = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    };
    if (request.url.includes('alt=sse')) {
      writeEventStream(response, [{ data: chunk }]);
    } else if (request.url.includes(':countTokens')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"totalTokens": 1}');
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chunk));
    }
  },
};

// A local OpenAI-compatible chat completions server for the assistant's model path: it answers each request
// with the next step of a script — tool calls, or text streamed in chunks — over the real HTTP protocol
// (server-sent events), and keeps every request so a test can see what the model was sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatRequest = {
  model: string;
  stream?: boolean;
  messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
};

export type Step =
  | { toolCalls: { name: string; args: Record<string, unknown> }[] }
  // delayMs before every piece, or pausesMs[i] before piece i.
  | { text: string[]; delayMs?: number; pausesMs?: number[] }
  | { status: number }
  | { hang: true };

export type StandIn = {
  url: string;
  requests: ChatRequest[];
  // When the answer to request `index` is over: 'finished' once the whole script was sent, 'aborted' when the
  // client (the server under test) hung up first.
  closed: (index: number) => Promise<'finished' | 'aborted'>;
  close: () => Promise<void>;
};

export async function startStandIn(script: (request: ChatRequest, index: number) => Step): Promise<StandIn> {
  const requests: ChatRequest[] = [];
  const ends: Promise<'finished' | 'aborted'>[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(raw) as ChatRequest;
        requests.push(body);
        ends.push(
          new Promise((resolve) =>
            res.on('close', () => resolve(res.writableEnded ? 'finished' : 'aborted')),
          ),
        );
        const step = script(body, requests.length - 1);
        if ('status' in step) {
          res.writeHead(step.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'the stand-in model is down', type: 'server_error' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        open.add(res);
        res.on('close', () => open.delete(res));
        if ('hang' in step) return;
        const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
          res.write(
            `data: ${JSON.stringify({
              id: `chatcmpl-${requests.length}`,
              object: 'chat.completion.chunk',
              created: Math.floor(Date.now() / 1000),
              model: body.model,
              choices: [{ index: 0, delta, finish_reason: finish }],
            })}\n\n`,
          );
        if ('toolCalls' in step) {
          chunk({ role: 'assistant', content: null });
          step.toolCalls.forEach((call, i) =>
            chunk({
              tool_calls: [
                {
                  index: i,
                  id: `call_${requests.length}_${i}`,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.args) },
                },
              ],
            }),
          );
          chunk({}, 'tool_calls');
        } else {
          chunk({ role: 'assistant', content: '' });
          for (const [i, piece] of step.text.entries()) {
            const pause = step.pausesMs?.[i] ?? step.delayMs;
            if (pause) await new Promise((r) => setTimeout(r, pause));
            if (res.destroyed) return;
            chunk({ content: piece });
          }
          chunk({}, 'stop');
        }
        res.write('data: [DONE]\n\n');
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    closed: async (index) => {
      while (!ends[index]) await new Promise((r) => setTimeout(r, 20));
      return await ends[index];
    },
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The tool results the model was sent back in a request (role "tool"), as text.
export function toolResultsIn(request: ChatRequest): string {
  return request.messages
    .filter((m) => m.role === 'tool')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

// What one named tool answered in a request: the tool message answering the call of that name, parsed.
export function toolResultOf(request: ChatRequest, name: string): unknown[] {
  const ids = request.messages.flatMap((m) =>
    ((m.tool_calls ?? []) as { id: string; function: { name: string } }[])
      .filter((c) => c.function.name === name)
      .map((c) => c.id),
  );
  return request.messages
    .filter((m) => m.role === 'tool' && ids.includes(m.tool_call_id!))
    .map((m) => JSON.parse(typeof m.content === 'string' ? m.content : JSON.stringify(m.content)) as unknown);
}

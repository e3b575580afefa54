/**
 * Over real HTTP (node:http on 127.0.0.1, undici's request()): breaking out of the loop closes the
 * connection while the server is still writing; a stream read to its end leaves the connection reusable;
 * a connection the server destroys mid-answer is an interrupted stream.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamInterruptedError } from '../../../src/platform/errors.js';
import { createPlatformStream } from '../../../src/platform/stream/index.js';
import { ok, sse } from './helpers.js';

const event = (n: number, status = 'running') => sse([ok({ output: { content: `part ${n}. `, status } })]);

let server: Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = agent = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/chat/pharm-gpt-stream`;
}

async function openOverHttp(url: string) {
  agent ??= new Agent({ connections: 1 });
  const connection = new AbortController();
  let aborts = 0;
  const response = await request(url, { method: 'POST', body: '{"query":"q"}', signal: connection.signal, dispatcher: agent });
  const stream = createPlatformStream({
    operation: 'AI20',
    family: 'ai20',
    body: response.body,
    requestId: 'req-http',
    abort: () => {
      aborts += 1;
      connection.abort();
    },
  });
  return { stream, aborts: () => aborts };
}

describe('platform stream over HTTP', () => {
  it('break after the first event closes the connection before the server has finished writing', async () => {
    const total = 500;
    let resolveClosed: (seen: { written: number; finished: boolean }) => void;
    const closed = new Promise<{ written: number; finished: boolean }>((resolve) => {
      resolveClosed = resolve;
    });
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let written = 1;
      res.write(event(1));
      const timer = setInterval(() => {
        written += 1;
        res.write(event(written));
        if (written === total) {
          clearInterval(timer);
          res.end();
        }
      }, 10);
      res.on('close', () => {
        clearInterval(timer);
        resolveClosed({ written, finished: res.writableFinished });
      });
    });

    const { stream, aborts } = await openOverHttp(url);
    let first: unknown;
    for await (const streamEvent of stream) {
      first = streamEvent;
      break;
    }
    expect(first).toEqual({ type: 'text', text: 'part 1. ' });
    const seen = await closed;
    expect(seen.finished).toBe(false);
    expect(seen.written).toBeLessThan(total);
    expect(aborts()).toBe(1);
  });

  it('a stream read to its end is not aborted and its connection serves the next request', async () => {
    const clientPorts: number[] = [];
    const url = await serve((req, res) => {
      clientPorts.push(req.socket.remotePort!);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(event(1) + event(2, 'finished') + sse(['[DONE]']));
    });
    for (let i = 0; i < 2; i++) {
      const { stream, aborts } = await openOverHttp(url);
      expect((await stream.collect()).text).toBe('part 1. part 2. ');
      expect(aborts()).toBe(0);
    }
    expect(clientPorts).toHaveLength(2);
    expect(clientPorts[1]).toBe(clientPorts[0]);
  });

  it('a connection the server destroys mid-answer is a StreamInterruptedError after the text before it', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event(1), () => setImmediate(() => res.destroy()));
    });
    const { stream } = await openOverHttp(url);
    const texts: string[] = [];
    const failure = await (async () => {
      try {
        for await (const streamEvent of stream) if (streamEvent.type === 'text') texts.push(streamEvent.text);
      } catch (error) {
        return error;
      }
    })();
    expect(texts).toEqual(['part 1. ']);
    expect(failure).toBeInstanceOf(StreamInterruptedError);
    expect(failure).toMatchObject({ operation: 'AI20', requestId: 'req-http' });
  });
});

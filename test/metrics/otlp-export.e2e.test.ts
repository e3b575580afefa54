/**
 * OTEL_EXPORTER_OTLP_ENDPOINT: the SDK is loaded and an event's spans reach an OTLP/HTTP collector (a local
 * receiver here, as an OpenTelemetry Collector takes them: POST /v1/traces); unset, nothing is loaded or recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { trace } from '@opentelemetry/api';
import { silentLogger } from '../../src/log.js';
import { inSpan, withinEvent } from '../../src/core/metrics.js';
import { startTracing } from '../../src/metrics/tracing.js';

const received: Array<{ path: string; type: string; body: string }> = [];
let collector: Server | undefined;
afterAll(async () => {
  trace.disable();
  await new Promise((resolve) => collector?.close(resolve));
});

describe('OTLP export', () => {
  test('unset: startTracing loads nothing and spans do not record', async () => {
    expect(await startTracing({}, silentLogger)).toBeUndefined();
    await withinEvent({ chat: 'slack', kind: 'command' }, async () => {
      expect(trace.getActiveSpan()?.isRecording() ?? false).toBe(false);
    });
  });

  test("set: an event's root span and its child are posted to the collector, named by OTEL_SERVICE_NAME", async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', type: String(req.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector!.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const stop = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'iip-bot-test' }, silentLogger);
    expect(stop).toBeDefined();
    await withinEvent({ chat: 'slack', kind: 'command' }, async () => {
      expect(trace.getActiveSpan()?.isRecording()).toBe(true);
      await inSpan('chat post', { 'iip.chat': 'slack' }, async () => undefined);
    });
    await stop!();
    const posts = received.filter((r) => r.path === '/v1/traces');
    expect(posts.length).toBeGreaterThan(0);
    const all = posts.map((p) => p.body).join('\n');
    // the exporter's default encoding is protobuf; names and attribute values appear in it as plain strings
    for (const text of ['event command', 'chat post', 'iip-bot-test']) expect(all).toContain(text);
  });
});

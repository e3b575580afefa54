/**
 * Slack's Socket Mode endpoint for tests: a minimal WebSocket server (RFC 6455 handshake, unfragmented text
 * frames, ping/pong, close) that says `hello`, sends envelopes and collects the app's acknowledgements.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const TEXT = 0x1;
const CLOSE = 0x8;
const PING = 0x9;
const PONG = 0xa;

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x80 | opcode, length]);
  else if (length < 65_536) {
    header = Buffer.alloc(4);
    header.writeUInt16BE(length, 2);
    header[1] = 126;
  } else {
    header = Buffer.alloc(10);
    header.writeBigUInt64BE(BigInt(length), 2);
    header[1] = 127;
  }
  header[0] = 0x80 | opcode;
  return Buffer.concat([header, payload]);
}

/** Client frames are masked; returns the complete frames and what is left of the buffer. */
function readFrames(buffer: Buffer): { frames: { opcode: number; payload: Buffer }[]; rest: Buffer } {
  const frames: { opcode: number; payload: Buffer }[] = [];
  let offset = 0;
  while (buffer.length - offset >= 2) {
    const opcode = (buffer[offset] as number) & 0x0f;
    const second = buffer[offset + 1] as number;
    let length = second & 0x7f;
    let at = offset + 2;
    if (length === 126) {
      if (buffer.length < at + 2) break;
      length = buffer.readUInt16BE(at);
      at += 2;
    } else if (length === 127) {
      if (buffer.length < at + 8) break;
      length = Number(buffer.readBigUInt64BE(at));
      at += 8;
    }
    const mask = (second & 0x80) !== 0 ? buffer.subarray(at, at + 4) : undefined;
    if (mask) at += 4;
    if (buffer.length < at + length) break;
    const payload = Buffer.from(buffer.subarray(at, at + length));
    if (mask) for (let i = 0; i < payload.length; i += 1) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
    frames.push({ opcode, payload });
    offset = at + length;
  }
  return { frames, rest: buffer.subarray(offset) };
}

export interface FakeSocketMode {
  /** what apps.connections.open returns */
  readonly url: string;
  /** resolves once an app has connected and been greeted */
  connected(): Promise<void>;
  /** sends an envelope and resolves with the app's acknowledgement */
  send(type: string, payload: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFakeSocketMode(): Promise<FakeSocketMode> {
  const sockets = new Set<Socket>();
  const pendingAcks = new Map<string, (ack: Record<string, unknown>) => void>();
  let onConnect: () => void = () => {};
  const firstConnection = new Promise<void>((resolve) => {
    onConnect = resolve;
  });
  let envelopes = 0;

  const server = createServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req, socket: Socket) => {
    const accept = createHash('sha1')
      .update(`${String(req.headers['sec-websocket-key'])}${GUID}`)
      .digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffered: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const { frames, rest } = readFrames(Buffer.concat([buffered, chunk]));
      buffered = rest;
      for (const { opcode, payload } of frames) {
        if (opcode === PING) socket.write(frame(PONG, payload));
        if (opcode === CLOSE) socket.end(frame(CLOSE, payload.subarray(0, 2)));
        if (opcode !== TEXT) continue;
        const message = JSON.parse(payload.toString('utf8')) as { envelope_id?: string; payload?: Record<string, unknown> };
        if (message.envelope_id) pendingAcks.get(message.envelope_id)?.(message.payload ?? {});
      }
    });
    socket.write(frame(TEXT, Buffer.from(JSON.stringify({ type: 'hello', num_connections: 1, connection_info: { app_id: 'A1' } }))));
    onConnect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}/link`,
    connected: () => firstConnection,
    send(type, payload) {
      const envelopeId = `env-${++envelopes}`;
      const acked = new Promise<Record<string, unknown>>((resolve) => pendingAcks.set(envelopeId, resolve));
      const message = { envelope_id: envelopeId, type, payload, accepts_response_payload: type !== 'events_api', retry_attempt: 0, retry_reason: '' };
      for (const socket of sockets) socket.write(frame(TEXT, Buffer.from(JSON.stringify(message))));
      return acked;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

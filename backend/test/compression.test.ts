/**
 * Answers are compressed as a hosted project's gateway compresses them: by Accept-Encoding,
 * brotli preferred, gzip otherwise, `Vary: Accept-Encoding`, tiny bodies left alone; the
 * 4,000-card board snapshot fits in 300 KB on the wire.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chooseEncoding, compression } from '../src/http/compression.ts';
import { startTestBackend, type SignedInUser, type TestBackend } from './support/backend.ts';
import { seedBigBoard } from './support/big-board.ts';

let backend: TestBackend;
let owner: SignedInUser;
let boardId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  owner = await backend.signUpAndSignIn();
  const member = await backend.signUpAndSignIn();
  boardId = await seedBigBoard(backend.db, {
    ownerId: owner.user.id,
    memberId: member.user.id,
    cards: 4000,
  });
  // A shared machine under load takes minutes for what takes seconds alone.
}, 240_000);
afterAll(async () => {
  await backend?.close();
});

interface WireAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the socket (still compressed). */
  wire: Buffer;
}

/** A request through node:http, which decodes nothing: what the wire carries. */
const onTheWire = (path: string, acceptEncoding: string | null, body?: unknown) =>
  new Promise<WireAnswer>((resolve, reject) => {
    const url = new URL(path, backend.url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          apikey: backend.anonKey,
          Authorization: `Bearer ${owner.session.access_token}`,
          'Content-Type': 'application/json',
          ...(acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            wire: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });

const decode = ({ headers, wire }: WireAnswer) => {
  if (headers['content-encoding'] === 'br') return zlib.brotliDecompressSync(wire).toString();
  if (headers['content-encoding'] === 'gzip') return zlib.gunzipSync(wire).toString();
  return wire.toString();
};

const snapshot = (acceptEncoding: string | null) =>
  onTheWire('/rest/v1/rpc/board_snapshot', acceptEncoding, { p_board_id: boardId });

describe('compression of answers', { timeout: 120_000 }, () => {
  it('sends the 4,000-card snapshot brotli-compressed in at most 300 KB, decoding to the same JSON', async () => {
    const plain = await snapshot(null);
    const br = await snapshot('gzip, deflate, br');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-length']).toBeUndefined();
    expect(decode(br)).toBe(plain.wire.toString());
    expect(JSON.parse(decode(br)).cards).toHaveLength(4000);
    expect(plain.wire.length).toBeGreaterThan(2_000_000);
    expect(br.wire.length).toBeLessThanOrEqual(300 * 1024);
    console.log(
      `4,000-card snapshot on the wire: identity ${plain.wire.length} B, brotli ${br.wire.length} B`,
    );
  });

  it('uses gzip when the client accepts gzip and not brotli, or prefers it by q-value', async () => {
    const gzipOnly = await snapshot('gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.wire.length).toBeLessThanOrEqual(300 * 1024);
    expect(JSON.parse(decode(gzipOnly)).cards).toHaveLength(4000);
    const preferred = await snapshot('br;q=0.5, gzip;q=1');
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const refused = await snapshot('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.headers.vary).toMatch(/accept-encoding/i);
  });

  it('leaves small answers, errors included, uncompressed', async () => {
    const tiny = await onTheWire('/rest/v1/boards?select=id&limit=1', 'br, gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.wire.toString())).toHaveLength(1);
    const missing = await onTheWire('/rest/v1/no_such_table', 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.wire.toString()).code).toBe('PGRST205');
  });

  it('is transparent to supabase-js and to fetch, which decode what they asked for', async () => {
    const encodings: (string | null)[] = [];
    const supabase = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          encodings.push(response.headers.get('content-encoding'));
          return response;
        },
      },
    });
    await supabase.auth.setSession({
      access_token: owner.session.access_token,
      refresh_token: owner.session.refresh_token,
    });
    const { data, error } = await supabase.rpc('board_snapshot', { p_board_id: boardId });
    expect(error).toBeNull();
    expect((data as { cards: unknown[] }).cards).toHaveLength(4000);
    expect(encodings.at(-1)).toMatch(/^(br|gzip)$/);

    const viaFetch = await fetch(`${backend.url}/rest/v1/rpc/board_snapshot`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${owner.session.access_token}`,
        'Content-Type': 'application/json',
        'Accept-Encoding': 'br',
      },
      body: JSON.stringify({ p_board_id: boardId }),
    });
    expect(viaFetch.headers.get('content-encoding')).toBe('br');
    expect(await viaFetch.json()).toEqual(data);
  });
});

describe('the compression middleware', () => {
  it('chooses by Accept-Encoding: brotli on a tie, q=0 refuses, * stands for the rest', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('GZIP;q=0.9, br;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('compresses a streamed body as it streams and leaves event streams, binaries and byte ranges alone', async () => {
    const app = new Hono();
    app.use('*', compression());
    const encoder = new TextEncoder();
    app.get('/stream', () => {
      let n = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (n === 200) return controller.close();
          controller.enqueue(encoder.encode(`{"n":${n}},`));
          n += 1;
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    app.get(
      '/events',
      () =>
        new Response('data: x\n\n'.repeat(500), {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    app.get(
      '/binary',
      () => new Response(new Uint8Array(5000), { headers: { 'Content-Type': 'image/png' } }),
    );
    app.get(
      '/range',
      () =>
        new Response('x'.repeat(5000), {
          status: 206,
          headers: { 'Content-Type': 'text/plain', 'Content-Range': 'bytes 0-4999/10000' },
        }),
    );
    const headers = { 'Accept-Encoding': 'gzip' };
    const streamed = await app.request('/stream', { headers });
    expect(streamed.headers.get('Content-Encoding')).toBe('gzip');
    const text = zlib.gunzipSync(Buffer.from(await streamed.arrayBuffer())).toString();
    expect(text).toBe(Array.from({ length: 200 }, (_, n) => `{"n":${n}},`).join(''));
    expect((await app.request('/events', { headers })).headers.get('Content-Encoding')).toBeNull();
    expect((await app.request('/binary', { headers })).headers.get('Content-Encoding')).toBeNull();
    const range = await app.request('/range', { headers });
    expect(range.headers.get('Content-Encoding')).toBeNull();
    expect(await range.text()).toHaveLength(5000);
  });
});

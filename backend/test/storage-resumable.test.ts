/**
 * Resumable uploads (TUS at /storage/v1/upload/resumable) as tus-js-client speaks them, an
 * interrupted upload resumed from the offset the server reports, and two backend processes on
 * one PostgreSQL sharing the storage folder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import * as tus from 'tus-js-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, uniqueEmail, type SignedInUser } from './support/backend.ts';
import { spawnBackend } from './support/peers.ts';
import {
  MEMBERS_BUCKET,
  addMember,
  boardOf,
  createMembersBucket,
} from './support/storage-fixtures.ts';
import { useTestBackend } from './support/use-backend.ts';

const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-storage-test-'));
const FILE_LIMIT = 8 * 1024 * 1024;
const backend = useTestBackend({ storageDir, storageFileSizeLimit: FILE_LIMIT });

let owner: SignedInUser;
let stranger: SignedInUser;
let boardId: string;

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + 7) % 251));
const endpoint = () => `${backend.url}/storage/v1/upload/resumable`;
const encodeMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
const tusHeaders = (user: SignedInUser) => ({
  'Tus-Resumable': '1.0.0',
  Authorization: `Bearer ${user.session.access_token}`,
  apikey: backend.anonKey,
});

/** A raw TUS creation request: answers the upload's URL. */
const create = async (
  user: SignedInUser,
  objectName: string,
  length: number,
  extra: Record<string, string> = {},
) =>
  fetch(endpoint(), {
    method: 'POST',
    headers: {
      ...tusHeaders(user),
      'Upload-Length': String(length),
      'Upload-Metadata': encodeMetadata({
        bucketName: MEMBERS_BUCKET,
        objectName,
        contentType: 'application/octet-stream',
        cacheControl: '3600',
      }),
      ...extra,
    },
  });

beforeAll(async () => {
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  stranger = await backend.signUpAndSignIn(uniqueEmail('stranger'), 'geheim123', 'Sven');
  await createMembersBucket(backend);
  boardId = await boardOf(backend, owner.user.id);
});

describe('resumable uploads', () => {
  it('tus-js-client uploads a file over 6 MB in chunks, as Supabase documents', async () => {
    const key = `${boardId}/card/gross.bin`;
    const body = bytes(7 * 1024 * 1024);
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(body, {
        endpoint: endpoint(),
        retryDelays: [],
        headers: { authorization: `Bearer ${owner.session.access_token}`, 'x-upsert': 'true' },
        uploadDataDuringCreation: true,
        removeFingerprintOnSuccess: true,
        metadata: {
          bucketName: MEMBERS_BUCKET,
          objectName: key,
          contentType: 'application/zip',
          cacheControl: '3600',
          metadata: JSON.stringify({ quelle: 'tus' }),
        },
        chunkSize: 6 * 1024 * 1024,
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    const files = owner.client.storage.from(MEMBERS_BUCKET);
    const info = await files.info(key);
    expect(info.data).toMatchObject({
      size: body.length,
      contentType: 'application/zip',
      cacheControl: 'max-age=3600',
      metadata: { quelle: 'tus' },
    });
    expect(info.data?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const downloaded = Buffer.from(await (await files.download(key)).data!.arrayBuffer());
    expect(downloaded.equals(body)).toBe(true);
    // The parts are gone once the object is in place.
    expect(await fs.readdir(path.join(storageDir, 'tus'))).toEqual([]);
  });

  it('resumes an interrupted upload from the offset the server reports', async () => {
    const key = `${boardId}/card/unterbrochen.bin`;
    const body = bytes(3 * 1024 * 1024);
    const created = await create(owner, key, body.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/\/storage\/v1\/upload\/resumable\/[0-9a-f-]{36}$/);

    // The first part's connection breaks after about 1 MB.
    const controller = new AbortController();
    let sent = 0;
    const broken = new ReadableStream<Uint8Array>({
      async pull(stream) {
        if (sent >= 1024 * 1024) {
          controller.abort();
          return;
        }
        stream.enqueue(body.subarray(sent, sent + 256 * 1024));
        sent += 256 * 1024;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(owner),
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: broken,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => undefined);

    // Nothing is visible yet; the server says how far it got.
    expect((await owner.client.storage.from(MEMBERS_BUCKET).exists(key)).data).toBe(false);
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const head = await fetch(location, { method: 'HEAD', headers: tusHeaders(owner) });
      offset = Number(head.headers.get('upload-offset'));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    // A browser may read the offset too (CORS exposes it).
    const fromPage = await fetch(location, {
      method: 'HEAD',
      headers: { ...tusHeaders(owner), Origin: 'http://127.0.0.1:4173' },
    });
    expect(fromPage.headers.get('access-control-expose-headers')).toContain('Upload-Offset');

    // A stranger may not look at or continue someone else's upload.
    const peek = await fetch(location, { method: 'HEAD', headers: tusHeaders(stranger) });
    expect(peek.status).toBe(400);
    const hijack = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(stranger),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: body.subarray(offset),
    });
    expect(hijack.status).toBe(400);

    const rest = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(owner),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: body.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const downloaded = await owner.client.storage.from(MEMBERS_BUCKET).download(key);
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(body)).toBe(true);
  });

  it('checks policies, size and token before accepting a byte', async () => {
    const refused = await create(stranger, `${boardId}/card/fremd.bin`, 10);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });

    const tooBig = await create(owner, `${boardId}/card/riesig.bin`, FILE_LIMIT + 1);
    expect(tooBig.status).toBe(413);

    const traversal = await create(owner, `${boardId}/../../etc/passwd`, 10);
    expect(await traversal.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });

    const noToken = await fetch(endpoint(), {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Upload-Metadata': encodeMetadata({
          bucketName: MEMBERS_BUCKET,
          objectName: `${boardId}/x`,
        }),
      },
    });
    expect(await noToken.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });

    const existing = `${boardId}/card/gross.bin`;
    const duplicate = await create(owner, existing, 10);
    expect(await duplicate.json()).toMatchObject({ statusCode: '409' });
    expect((await create(owner, existing, 10, { 'x-upsert': 'true' })).status).toBe(201);
  });
});

// Starting a second backend process takes seconds on a busy machine, hence the longer timeout.
// Only on PostgreSQL (one PGlite folder takes one process), registered only there, as
// realtime-board-broadcast.test.ts does: a PGlite run lists no skipped test.
if (testDatabase === 'postgres')
  describe('two backend processes on one PostgreSQL', () => {
    it('share the storage folder: one stores, the other serves, signs, replaces and removes', async () => {
      const other = await spawnBackend(backend.backend.ctx.config.databaseUrl!, {
        STORAGE_DIR: storageDir,
      });
      try {
        const member = await backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Mia');
        await addMember(backend, boardId, member.user.id);
        const there = createClient(other.url, other.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: WebSocket as never },
        });
        const signIn = await there.auth.signInWithPassword({
          email: member.email,
          password: 'geheim123',
        });
        expect(signIn.error).toBeNull();
        const here = owner.client.storage.from(MEMBERS_BUCKET);
        const away = there.storage.from(MEMBERS_BUCKET);
        const key = `${boardId}/geteilt/datei.txt`;

        expect(
          (await here.upload(key, 'von hier', { contentType: 'text/plain' })).error,
        ).toBeNull();
        expect(await (await away.download(key)).data?.text()).toBe('von hier');
        const signed = await away.createSignedUrl(key, 60);
        expect(
          await (await fetch(signed.data!.signedUrl.replace(other.url, backend.url))).text(),
        ).toBe('von hier');

        expect(
          (await away.upload(key, 'von dort', { upsert: true, contentType: 'text/plain' })).error,
        ).toBeNull();
        expect(await (await here.download(key)).data?.text()).toBe('von dort');
        expect((await away.remove([key])).data).toHaveLength(1);
        expect((await here.exists(key)).data).toBe(false);
      } finally {
        await other.stop();
      }
    }, 120_000);
  });

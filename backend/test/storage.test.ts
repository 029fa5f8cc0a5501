/**
 * The Storage API through the real storage-js 2.119 (supabase-js's `storage`): buckets, both
 * upload encodings, download with ranges, signed URLs, signed uploads, list and list-v2, remove,
 * move, copy, info and exists; access decided by policies on storage.objects for members,
 * strangers and removed members; hostile paths; the size and type limits.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageDirOf } from '../src/storage/index.ts';
import { uniqueEmail, type SignedInUser } from './support/backend.ts';
import {
  MEMBERS_BUCKET,
  addMember,
  boardOf,
  createMembersBucket,
  removeMember,
} from './support/storage-fixtures.ts';
import { useTestBackend } from './support/use-backend.ts';

const FILE_LIMIT = 2 * 1024 * 1024;
const backend = useTestBackend({ storageFileSizeLimit: FILE_LIMIT });

let service: SupabaseClient;
let owner: SignedInUser;
let member: SignedInUser;
let stranger: SignedInUser;
let boardId: string;

const files = () => owner.client.storage.from(MEMBERS_BUCKET);
const bytes = (n: number, seed = 7) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));
const textOf = async (blob: Blob | null) => (blob ? Buffer.from(await blob.arrayBuffer()) : null);
/** Every file the store holds, wherever it is (objects, temporary uploads). */
const storedFiles = async () => {
  const root = storageDirOf(backend.backend.ctx.config);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
};

beforeAll(async () => {
  service = backend.client(backend.serviceRoleKey);
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  member = await backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Mia');
  stranger = await backend.signUpAndSignIn(uniqueEmail('stranger'), 'geheim123', 'Sven');
  await createMembersBucket(backend);
  boardId = await boardOf(backend, owner.user.id);
  await addMember(backend, boardId, member.user.id);
});

describe('buckets', () => {
  it('are created, read, listed, changed, emptied and deleted by the service role', async () => {
    const buckets = service.storage;
    expect(
      (await buckets.createBucket('scratch', { public: false, fileSizeLimit: '1MB' })).data,
    ).toEqual({
      name: 'scratch',
    });
    const got = await buckets.getBucket('scratch');
    expect(got.data).toMatchObject({
      id: 'scratch',
      name: 'scratch',
      public: false,
      file_size_limit: 1024 * 1024,
    });
    expect((await buckets.listBuckets()).data?.map((b) => b.id)).toContain('scratch');
    expect((await buckets.listBuckets({ search: 'scr' })).data?.map((b) => b.id)).toEqual([
      'scratch',
    ]);

    expect(
      (await buckets.updateBucket('scratch', { public: true, allowedMimeTypes: ['image/*'] }))
        .error,
    ).toBeNull();
    expect((await buckets.getBucket('scratch')).data).toMatchObject({
      public: true,
      allowed_mime_types: ['image/*'],
    });

    await service.storage.from('scratch').upload('a.png', bytes(10), { contentType: 'image/png' });
    const refused = await buckets.deleteBucket('scratch');
    expect(refused.error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
    expect((await buckets.emptyBucket('scratch')).error).toBeNull();
    expect((await buckets.deleteBucket('scratch')).data).toEqual({
      message: 'Successfully deleted',
    });
    const gone = await buckets.getBucket('scratch');
    expect(gone.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found',
    });
  });

  it('cannot be created by a signed-in user (no policy on storage.buckets)', async () => {
    const { error } = await owner.client.storage.createBucket('mine');
    expect(error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const duplicate = await service.storage.createBucket(MEMBERS_BUCKET);
    expect(duplicate.error).toMatchObject({ statusCode: '409' });
    const invalid = await service.storage.createBucket('a/b');
    expect(invalid.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
  });
});

describe('objects for a board member', () => {
  it('uploads a Blob as multipart and downloads the same bytes with its type', async () => {
    const key = `${boardId}/card-1/blob.pdf`;
    const body = bytes(5000);
    const { data, error } = await files().upload(
      key,
      new Blob([body], { type: 'application/pdf' }),
      {
        cacheControl: '120',
        metadata: { uploadedBy: 'Olga' },
      },
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: key, fullPath: `${MEMBERS_BUCKET}/${key}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const download = await member.client.storage.from(MEMBERS_BUCKET).download(key);
    expect(await textOf(download.data)).toEqual(body);
    expect(download.data?.type).toBe('application/pdf');

    const info = await files().info(key);
    expect(info.data).toMatchObject({
      name: key,
      bucketId: MEMBERS_BUCKET,
      size: 5000,
      contentType: 'application/pdf',
      cacheControl: 'max-age=120',
      metadata: { uploadedBy: 'Olga' },
    });
    expect(info.data?.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('uploads a raw body with content-type, cache-control and x-metadata', async () => {
    const key = `${boardId}/card-1/raw.txt`;
    const { error } = await files().upload(key, Buffer.from('Hallo Welt'), {
      contentType: 'text/plain',
      cacheControl: '60',
      metadata: { note: 'roh' },
    });
    expect(error).toBeNull();
    expect((await files().info(key)).data).toMatchObject({
      size: 10,
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
      metadata: { note: 'roh' },
    });
    expect(await textOf((await files().download(key)).data)).toEqual(Buffer.from('Hallo Welt'));
  });

  it('refuses a second upload to the same path unless upsert; upsert and update replace the bytes', async () => {
    const key = `${boardId}/card-1/twice.txt`;
    await files().upload(key, 'eins', { contentType: 'text/plain' });
    const again = await files().upload(key, 'zwei', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect(await textOf((await files().download(key)).data)).toEqual(Buffer.from('eins'));

    const before = (await storedFiles()).length;
    expect(
      (await files().upload(key, 'zwei', { upsert: true, contentType: 'text/plain' })).error,
    ).toBeNull();
    expect(await textOf((await files().download(key)).data)).toEqual(Buffer.from('zwei'));
    expect((await files().update(key, 'drei', { contentType: 'text/plain' })).error).toBeNull();
    expect(await textOf((await files().download(key)).data)).toEqual(Buffer.from('drei'));
    // The replaced versions' files are gone.
    expect((await storedFiles()).length).toBe(before);

    const missing = await files().update(`${boardId}/card-1/none.txt`, 'x');
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('serves byte ranges, conditional requests and attachments', async () => {
    const key = `${boardId}/card-2/range.bin`;
    const body = bytes(1000);
    await files().upload(key, body, { contentType: 'application/octet-stream' });
    const url = `${backend.url}/storage/v1/object/${MEMBERS_BUCKET}/${key}`;
    const auth = { Authorization: `Bearer ${owner.session.access_token}` };

    const part = await fetch(url, { headers: { ...auth, Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(100, 200));

    const tail = await fetch(url, { headers: { ...auth, Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(body.subarray(990));
    const beyond = await fetch(url, { headers: { ...auth, Range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
    await beyond.body?.cancel();

    const full = await fetch(`${url}?download=Bericht.bin`, { headers: auth });
    expect(full.headers.get('content-disposition')).toContain('filename="Bericht.bin"');
    const etag = full.headers.get('etag')!;
    await full.body?.cancel();
    const cached = await fetch(url, { headers: { ...auth, 'If-None-Match': etag } });
    expect(cached.status).toBe(304);

    const head = await fetch(url, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
  });

  it('makes signed URLs that open exactly one object until they expire', async () => {
    const key = `${boardId}/card-2/signed.txt`;
    await files().upload(key, 'geheim', { contentType: 'text/plain' });
    const { data, error } = await member.client.storage
      .from(MEMBERS_BUCKET)
      .createSignedUrl(key, 60);
    expect(error).toBeNull();
    const opened = await fetch(data!.signedUrl);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('geheim');

    const download = await fetch(
      (await files().createSignedUrl(key, 60, { download: 'notiz.txt' })).data!.signedUrl,
    );
    expect(download.headers.get('content-disposition')).toContain('notiz.txt');
    await download.body?.cancel();

    const other = data!.signedUrl.replace('signed.txt', 'raw.txt');
    const misused = await fetch(other);
    expect(misused.status).toBe(400);
    expect(await misused.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
    const forged = await fetch(
      `${data!.signedUrl.split('?')[0]}?token=${data!.signedUrl.split('token=')[1]!.slice(0, -3)}abc`,
    );
    expect(await forged.json()).toMatchObject({ code: 'InvalidJWT' });

    const expired = await files().createSignedUrl(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await (await fetch(expired.data!.signedUrl)).json()).toMatchObject({
      code: 'ExpiredToken',
    });

    const many = await files().createSignedUrls([key, `${boardId}/card-2/none.txt`], 60);
    expect(many.data?.[0]).toMatchObject({ error: null, path: key });
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('geheim');
    expect(many.data?.[1]).toMatchObject({
      error: 'Either the object does not exist or you do not have access to it',
      signedUrl: null,
    });
  });

  it('makes signed upload URLs that upload once as the signer', async () => {
    const key = `${boardId}/card-3/signed-upload.txt`;
    const { data, error } = await member.client.storage
      .from(MEMBERS_BUCKET)
      .createSignedUploadUrl(key);
    expect(error).toBeNull();
    expect(data?.signedUrl).toContain(`/object/upload/sign/${MEMBERS_BUCKET}/${key}?token=`);
    // Anyone holding the token may upload, without a session.
    const anonymous = backend.client().storage.from(MEMBERS_BUCKET);
    const put = await anonymous.uploadToSignedUrl(key, data!.token, 'per Link', {
      contentType: 'text/plain',
    });
    expect(put.error).toBeNull();
    expect(put.data).toMatchObject({ path: key, fullPath: `${MEMBERS_BUCKET}/${key}` });
    expect(await textOf((await files().download(key)).data)).toEqual(Buffer.from('per Link'));
    const [row] = await backend.sql<{ owner_id: string }>(
      'select owner_id from storage.objects where bucket_id = $1 and name = $2',
      [MEMBERS_BUCKET, key],
    );
    expect(row?.owner_id).toBe(member.user.id);
    const twice = await anonymous.uploadToSignedUrl(key, data!.token, 'nochmal');
    expect(twice.error).toMatchObject({ statusCode: '409' });
  });

  it('lists one folder level, searches, sorts and pages; list-v2 pages with a cursor', async () => {
    const base = `${boardId}/list`;
    for (const name of ['b.txt', 'a.txt', 'sub/c.txt', 'sub/deeper/d.txt', 'anhang.txt']) {
      await files().upload(`${base}/${name}`, name, { contentType: 'text/plain' });
    }
    const level = await files().list(base);
    expect(level.error).toBeNull();
    expect(level.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['a.txt', false],
      ['anhang.txt', false],
      ['b.txt', false],
      ['sub', true],
    ]);
    expect(level.data?.[0]?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });
    expect((await files().list(base, { search: 'an' })).data?.map((e) => e.name)).toEqual([
      'anhang.txt',
    ]);
    expect(
      (
        await files().list(base, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } })
      ).data?.map((e) => e.name),
    ).toEqual(['b.txt', 'anhang.txt']);
    expect((await files().list(`${base}/sub`)).data?.map((e) => e.name)).toEqual([
      'c.txt',
      'deeper',
    ]);

    const flat = await files().listV2({ prefix: `${base}/`, limit: 3 });
    expect(flat.data).toMatchObject({ hasNext: true, folders: [] });
    expect(flat.data?.objects.map((o) => o.name)).toEqual([
      `${base}/a.txt`,
      `${base}/anhang.txt`,
      `${base}/b.txt`,
    ]);
    const next = await files().listV2({
      prefix: `${base}/`,
      limit: 3,
      cursor: flat.data!.nextCursor,
    });
    expect(next.data?.objects.map((o) => o.name)).toEqual([
      `${base}/sub/c.txt`,
      `${base}/sub/deeper/d.txt`,
    ]);
    expect(next.data?.hasNext).toBe(false);
    const nested = await files().listV2({ prefix: `${base}/`, with_delimiter: true });
    expect(nested.data?.folders.map((f) => f.name)).toEqual([`${base}/sub/`]);
    expect(nested.data?.objects).toHaveLength(3);
  });

  it('moves, copies, removes, and says whether an object exists', async () => {
    const from = `${boardId}/card-4/alt.txt`;
    const to = `${boardId}/card-4/neu.txt`;
    await files().upload(from, 'wandert', { contentType: 'text/plain', metadata: { a: 1 } });
    expect((await files().move(from, to)).data).toEqual({ message: 'Successfully moved' });
    expect((await files().exists(from)).data).toBe(false);
    expect((await files().exists(to)).data).toBe(true);

    const copy = await files().copy(to, `${boardId}/card-4/kopie.txt`);
    expect(copy.data).toEqual({ path: `${MEMBERS_BUCKET}/${boardId}/card-4/kopie.txt` });
    expect(await textOf((await files().download(`${boardId}/card-4/kopie.txt`)).data)).toEqual(
      Buffer.from('wandert'),
    );
    expect((await files().info(`${boardId}/card-4/kopie.txt`)).data?.metadata).toEqual({ a: 1 });
    expect((await files().copy(to, `${boardId}/card-4/kopie.txt`)).error).toMatchObject({
      statusCode: '409',
    });

    const removed = await files().remove([
      to,
      `${boardId}/card-4/kopie.txt`,
      `${boardId}/card-4/none`,
    ]);
    expect(removed.data?.map((o) => o.name).sort()).toEqual([`${boardId}/card-4/kopie.txt`, to]);
    expect((await files().exists(to)).data).toBe(false);
  });

  it('answers a missing object with NoSuchKey and a missing bucket with NoSuchBucket', async () => {
    const missing = await files().download(`${boardId}/nothing.txt`);
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404' });
    const response = await fetch(
      `${backend.url}/storage/v1/object/info/${MEMBERS_BUCKET}/${boardId}/nothing.txt`,
      {
        headers: { Authorization: `Bearer ${owner.session.access_token}` },
      },
    );
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const noBucket = await owner.client.storage.from('nirgends').upload('a.txt', 'x');
    expect(noBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('serves a public bucket without a token and a private one not at all', async () => {
    await service.storage.createBucket('oeffentlich', { public: true });
    await service.storage
      .from('oeffentlich')
      .upload('logo.txt', 'Logo', { contentType: 'text/plain' });
    const url = backend.client().storage.from('oeffentlich').getPublicUrl('logo.txt')
      .data.publicUrl;
    expect(await (await fetch(url)).text()).toBe('Logo');
    const privateUrl = files().getPublicUrl(`${boardId}/card-1/raw.txt`).data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});

describe('access for strangers and removed members', () => {
  const key = () => `${boardId}/card-9/vertraulich.txt`;
  beforeAll(async () => {
    await files().upload(key(), 'nur für Mitglieder', { contentType: 'text/plain' });
  });

  const refusedEverything = async (who: SignedInUser) => {
    const theirs = who.client.storage.from(MEMBERS_BUCKET);
    const upload = await theirs.upload(`${boardId}/card-9/fremd.txt`, 'x');
    expect(upload.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await theirs.download(key())).error).toMatchObject({ statusCode: '404' });
    expect((await theirs.createSignedUrl(key(), 60)).error).toMatchObject({ statusCode: '404' });
    expect((await theirs.createSignedUploadUrl(`${boardId}/card-9/fremd.txt`)).error).toMatchObject(
      {
        statusCode: '403',
      },
    );
    expect((await theirs.list(`${boardId}/card-9`)).data).toEqual([]);
    expect((await theirs.listV2({ prefix: boardId })).data?.objects).toEqual([]);
    expect((await theirs.move(key(), `${boardId}/card-9/weg.txt`)).error).toMatchObject({
      statusCode: '404',
    });
    expect((await theirs.copy(key(), `${boardId}/card-9/kopie.txt`)).error).toMatchObject({
      statusCode: '404',
    });
    expect((await theirs.upload(key(), 'überschrieben', { upsert: true })).error).toMatchObject({
      statusCode: '403',
    });
    expect((await theirs.remove([key()])).data).toEqual([]);
    expect((await theirs.exists(key())).data).toBe(false);
    // Nothing changed for the members.
    expect(await textOf((await files().download(key())).data)).toEqual(
      Buffer.from('nur für Mitglieder'),
    );
  };

  it('a stranger can do nothing with the board files', async () => {
    await refusedEverything(stranger);
  });

  it('a removed member loses access at once', async () => {
    const leaving = await backend.signUpAndSignIn(uniqueEmail('leaving'), 'geheim123', 'Lea');
    await addMember(backend, boardId, leaving.user.id);
    expect((await leaving.client.storage.from(MEMBERS_BUCKET).download(key())).error).toBeNull();
    await removeMember(backend, boardId, leaving.user.id);
    await refusedEverything(leaving);
  });

  it('storage.objects rows cannot be deleted in SQL, only through the API', async () => {
    await expect(
      backend.sql('delete from storage.objects where name = $1', [key()]),
    ).rejects.toThrow(/Direct deletion from storage tables is not allowed/);
  });
});

describe('hostile paths', () => {
  // Raw request targets: encoded so that no client or URL parser resolves them before the server.
  it.each([
    ['../ (encoded slashes)', '..%2F..%2Fetc%2Fpasswd'],
    ['encoded dots and slash', '%2e%2e%2fsecret.txt'],
    ['an absolute path', '%2Fetc%2Fpasswd'],
    ['NUL', 'a%00b.txt'],
    ['a backslash', '..%5C..%5Cwin.ini'],
    ['a doubled slash', 'a//b.txt'],
    ['a malformed escape', 'a%E0%A4%A.txt'],
  ])('refuses %s in a URL with InvalidKey and stores nothing', async (_name, rawKey) => {
    const before = await storedFiles();
    for (const [method, prefix] of [
      ['POST', '/object/'],
      ['GET', '/object/'],
      ['GET', '/object/info/'],
      ['POST', '/object/sign/'],
      ['POST', '/object/upload/sign/'],
    ] as const) {
      const upload = method === 'POST' && prefix === '/object/';
      const response = await fetch(
        `${backend.url}/storage/v1${prefix}${MEMBERS_BUCKET}/${rawKey}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${owner.session.access_token}`,
            'Content-Type': upload ? 'text/plain' : 'application/json',
          },
          body: method === 'POST' ? (upload ? 'böse' : '{"expiresIn":60}') : undefined,
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  // Keys in JSON bodies reach the server as written.
  it.each([
    ['../', '../../etc/passwd'],
    ['.. inside', 'x/../../y.txt'],
    ['a dot segment', 'a/./b.txt'],
    ['an absolute path', '/etc/passwd'],
    ['NUL', 'a\u0000b.txt'],
    ['a backslash', '..\\win.ini'],
  ])('refuses %s as a move or copy target', async (_name, key) => {
    const source = `${boardId}/card-1/raw.txt`;
    expect((await files().move(source, key)).error).toMatchObject({
      statusCode: '400',
      code: 'InvalidKey',
    });
    expect((await files().copy(source, key)).error).toMatchObject({
      statusCode: '400',
      code: 'InvalidKey',
    });
    expect((await files().move(key, `${boardId}/x.txt`)).error).toMatchObject({
      code: 'InvalidKey',
    });
  });
});

describe('limits', () => {
  it(`refuses a file over the server's limit with 413 and keeps nothing`, async () => {
    const before = await storedFiles();
    const key = `${boardId}/big/too-big.bin`;
    const raw = await files().upload(key, bytes(FILE_LIMIT + 1), {
      contentType: 'application/octet-stream',
    });
    expect(raw.error).toMatchObject({ status: 400, statusCode: '413' });
    const multipart = await files().upload(key, new Blob([bytes(FILE_LIMIT + 1)]));
    expect(multipart.error).toMatchObject({ statusCode: '413' });
    expect((await files().exists(key)).data).toBe(false);
    expect(await storedFiles()).toEqual(before);
    expect(
      (await files().upload(key, bytes(FILE_LIMIT), { contentType: 'application/octet-stream' }))
        .error,
    ).toBeNull();
  });

  it(`honours a bucket's file_size_limit and allowed_mime_types`, async () => {
    await service.storage.createBucket('bilder', {
      public: false,
      fileSizeLimit: 1000,
      allowedMimeTypes: ['image/png', 'image/jpeg'],
    });
    const images = service.storage.from('bilder');
    expect(
      (await images.upload('ok.png', bytes(1000), { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (await images.upload('big.png', bytes(1001), { contentType: 'image/png' })).error,
    ).toMatchObject({
      statusCode: '413',
    });
    const wrongType = await images.upload(
      'doc.pdf',
      new Blob([bytes(10)], { type: 'application/pdf' }),
    );
    expect(wrongType.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
  });

  it('an aborted upload leaves neither a row nor a file', async () => {
    const before = await storedFiles();
    const key = `${boardId}/abort/half.bin`;
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        if (sent >= 256 * 1024) {
          controller.abort();
          return;
        }
        sent += 64 * 1024;
        stream.enqueue(bytes(64 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
    });
    await fetch(`${backend.url}/storage/v1/object/${MEMBERS_BUCKET}/${key}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${owner.session.access_token}`,
        'Content-Type': 'application/octet-stream',
      },
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await files().exists(key)).data).toBe(false);
    expect(await storedFiles()).toEqual(before);
  });
});

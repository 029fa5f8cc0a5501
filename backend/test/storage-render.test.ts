/**
 * Storage's image transformation in the local backend (backend/src/storage/render-routes.ts,
 * image-transform.ts), through the real storage-js: `download(path, { transform })`,
 * `createSignedUrl(path, s, { transform })` and the render URLs they lead to, with sizes,
 * formats, the disk cache, access as for downloads, and Storage's JSON errors for bad options.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type SignedInUser } from './support/backend.ts';
import { addMember, boardOf } from './support/storage-fixtures.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();

let owner: SignedInUser;
let stranger: SignedInUser;
let boardId: string;
let cardId: string;
let photo: string;
let photoBytes: number;

const bucket = (user: SignedInUser) => user.client.storage.from('attachments');

/** A photo-like JPEG (noise compresses badly, as photos do). */
const jpeg = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.random() * 255)), {
    raw: { width, height, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

const store = async (name: string, body: Buffer, contentType: string) => {
  const path = `${boardId}/${cardId}/${crypto.randomUUID()}-${name}`;
  const { error } = await bucket(owner).upload(path, body, { contentType });
  expect(error).toBeNull();
  return path;
};

const sizeOf = async (bytes: ArrayBuffer | Buffer) => {
  const meta = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
};

/** A render URL fetched as a browser would (Accept with WebP) or as told. */
const get = (path: string, init: { token?: string; accept?: string } = {}) =>
  fetch(`${backend.url}/storage/v1${path}`, {
    headers: {
      apikey: backend.anonKey,
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      Accept: init.accept ?? 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
    },
  });

beforeAll(async () => {
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  const member = await backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Mia');
  stranger = await backend.signUpAndSignIn(uniqueEmail('stranger'), 'geheim123', 'Sven');
  boardId = await boardOf(backend, owner.user.id);
  await addMember(backend, boardId, member.user.id);
  const [list] = await backend.sql<{ id: string }>(
    `insert into public.lists (board_id, title, position) values ($1, 'Offen', 1) returning id`,
    [boardId],
  );
  const [card] = await backend.sql<{ id: string }>(
    `insert into public.cards (list_id, board_id, title, position) values ($1, $2, 'Foto', 1) returning id`,
    [list!.id, boardId],
  );
  cardId = card!.id;
  const bytes = await jpeg(1600, 1200);
  photoBytes = bytes.length;
  photo = await store('foto.jpg', bytes, 'image/jpeg');
});

describe('download with transform (/render/image/authenticated)', () => {
  it('crops to the box by default (cover) and keeps the source format for a client without WebP', async () => {
    const { data, error } = await bucket(owner).download(photo, {
      transform: { width: 200, height: 100 },
    });
    expect(error).toBeNull();
    expect(await sizeOf(await data!.arrayBuffer())).toEqual({
      width: 200,
      height: 100,
      format: 'jpeg',
    });
    expect(data!.size).toBeLessThan(photoBytes / 10);
  });

  it('fits inside the box with contain, and stretches with fill', async () => {
    const contain = await bucket(owner).download(photo, {
      transform: { width: 100, height: 100, resize: 'contain' },
    });
    expect(await sizeOf(await contain.data!.arrayBuffer())).toMatchObject({
      width: 100,
      height: 75,
    });
    const fill = await bucket(owner).download(photo, {
      transform: { width: 100, height: 100, resize: 'fill' },
    });
    expect(await sizeOf(await fill.data!.arrayBuffer())).toMatchObject({ width: 100, height: 100 });
  });

  it('keeps the aspect ratio for one side only, and never enlarges', async () => {
    const wide = await bucket(owner).download(photo, { transform: { width: 400 } });
    expect(await sizeOf(await wide.data!.arrayBuffer())).toMatchObject({ width: 400, height: 300 });
    const small = await store('klein.jpg', await jpeg(40, 30), 'image/jpeg');
    const big = await bucket(owner).download(small, { transform: { width: 300, height: 300 } });
    expect(await sizeOf(await big.data!.arrayBuffer())).toMatchObject({ width: 40, height: 30 });
  });

  it('answers WebP to a browser that takes it, unless the origin format is asked for', async () => {
    const response = await get(
      `/render/image/authenticated/attachments/${photo}?width=280&height=128&resize=cover&quality=70`,
      { token: owner.session.access_token },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(await sizeOf(await response.arrayBuffer())).toEqual({
      width: 280,
      height: 128,
      format: 'webp',
    });
    const origin = await get(
      `/render/image/authenticated/attachments/${photo}?width=280&height=128&format=origin`,
      { token: owner.session.access_token },
    );
    expect(origin.headers.get('content-type')).toBe('image/jpeg');
  });

  it('serves a rendition again from the cache, and 304 for the ETag the client holds', async () => {
    const path = `/render/image/authenticated/attachments/${photo}?width=120&height=60`;
    const first = await get(path, { token: owner.session.access_token });
    const eTag = first.headers.get('etag');
    expect(eTag).toBeTruthy();
    const again = await get(path, { token: owner.session.access_token });
    expect(again.headers.get('etag')).toBe(eTag);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    const cached = await fetch(`${backend.url}/storage/v1${path}`, {
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${owner.session.access_token}`,
        Accept: 'image/webp',
        'If-None-Match': eTag!,
      },
    });
    expect(cached.status).toBe(304);
    // Another size is another rendition.
    const other = await get(
      `/render/image/authenticated/attachments/${photo}?width=121&height=60`,
      {
        token: owner.session.access_token,
      },
    );
    expect(other.headers.get('etag')).not.toBe(eTag);
  });

  it('refuses strangers as a download does', async () => {
    const { data, error } = await bucket(stranger).download(photo, {
      transform: { width: 100, height: 100 },
    });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    const response = await get(`/render/image/authenticated/attachments/${photo}?width=100`, {
      token: stranger.session.access_token,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    const anonymous = await get(`/render/image/authenticated/attachments/${photo}?width=100`);
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });

  it('answers bad options and files that are no images with Storage’s JSON error', async () => {
    for (const query of [
      'width=abc',
      'height=-1',
      'quality=5',
      'quality=101',
      'resize=zoom',
      'format=gif',
    ]) {
      const response = await get(`/render/image/authenticated/attachments/${photo}?${query}`, {
        token: owner.session.access_token,
      });
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({
        statusCode: '400',
        code: 'InvalidRequest',
        message: expect.stringMatching(/^querystring\//),
      });
    }
    const text = await store('notiz.txt', Buffer.from('kein Bild'), 'text/plain');
    const { error } = await bucket(owner).download(text, { transform: { width: 100 } });
    expect(error).not.toBeNull();
    const response = await get(`/render/image/authenticated/attachments/${text}?width=100`, {
      token: owner.session.access_token,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'The source image is invalid or unsupported for rendering',
    });
  });
});

describe('createSignedUrl with transform (/render/image/sign)', () => {
  it('signs a rendition URL that serves the small image, with the options from the token', async () => {
    const { data, error } = await bucket(owner).createSignedUrl(photo, 600, {
      transform: { width: 280, height: 128, resize: 'cover', quality: 70 },
    });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/attachments/');
    const response = await fetch(data!.signedUrl, { headers: { Accept: 'image/webp' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const bytes = await response.arrayBuffer();
    expect(await sizeOf(bytes)).toEqual({ width: 280, height: 128, format: 'webp' });
    expect(bytes.byteLength).toBeLessThan(photoBytes / 20);
    // The options are the token's: a query cannot ask for the full size.
    const bigger = await fetch(`${data!.signedUrl}&width=1600&height=1200`, {
      headers: { Accept: 'image/webp' },
    });
    expect(await sizeOf(await bigger.arrayBuffer())).toMatchObject({ width: 280, height: 128 });
  });

  it('is refused to strangers, and a token opens only its own object', async () => {
    const refused = await bucket(stranger).createSignedUrl(photo, 600, {
      transform: { width: 100, height: 100 },
    });
    expect(refused.data).toBeNull();
    expect(refused.error).not.toBeNull();
    const { data } = await bucket(owner).createSignedUrl(photo, 600, {
      transform: { width: 100, height: 100 },
    });
    const other = await store('anderes.jpg', await jpeg(50, 50), 'image/jpeg');
    const forged = data!.signedUrl.replace(photo, other);
    const response = await fetch(forged);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
    const plain = await bucket(owner).createSignedUrl(photo, 600);
    expect(plain.data!.signedUrl).toContain('/storage/v1/object/sign/attachments/');
  });

  it('refuses bad transform options when signing', async () => {
    const { error } = await bucket(owner).createSignedUrl(photo, 600, {
      transform: { width: 100, quality: 1 },
    });
    expect(error).not.toBeNull();
    expect((error as { status?: number }).status ?? 400).toBe(400);
  });
});

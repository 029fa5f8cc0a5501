/**
 * Input a hostile client can send without an account, or with any account: each once gave a
 * 500, an empty answer or a locked-out user. Every refusal must be a 4xx in the shape of the
 * service that refuses it (PostgREST, GoTrue, the API gateway), and leave the data unchanged.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { expectRestError } from './support/rest-error.ts';

let backend: TestBackend;

const MAX_BODY_BYTES = 64 * 1024;

const FIXTURE = `
create table public.hi_items (id int primary key, title text not null, done boolean not null default false);
insert into public.hi_items values (1, 'eins');
create table public.hi_wide (id int primary key, item_id int references public.hi_items (id),
  c1 int, c2 int, c3 int, c4 int, c5 int, c6 int, c7 int, c8 int, c9 int, c10 int);
create function public.hi_echo(payload json) returns json language sql as $$ select payload $$;
`;

const rows = async () =>
  (await backend.db.query('select id, title from public.hi_items order by id')).rows;

const rest = (path: string, init: RequestInit = {}) => backend.request(`/rest/v1/${path}`, init);

const auth = (path: string, init: RequestInit = {}) =>
  backend.request(`/auth/v1/${path}`, {
    ...init,
    headers: { 'X-Supabase-Api-Version': '2024-01-01', ...init.headers },
  });

/** GoTrue's 2024-01-01 error shape with the given status and code. */
const expectAuthError = async (response: Response, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code, message: expect.any(String) });
  return body;
};

/** Writes raw bytes on one connection and collects what comes back until the server closes. */
const rawExchange = (request: string | Buffer, { waitMs = 1500 } = {}) =>
  new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
    const socket = net.connect(backend.backend.port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });

const deepJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

beforeAll(async () => {
  backend = await startTestBackend({ maxBodyBytes: MAX_BODY_BYTES });
  await backend.db.exec(FIXTURE);
});

afterAll(async () => {
  await backend?.close();
});

describe('limits on what a request may ask for', () => {
  it('refuses a select of 1,700 columns with 400 PGRST100, not a Postgres 54011', async () => {
    const select = Array.from({ length: 1700 }, () => 'id').join(',');
    const body = await expectRestError(await rest(`hi_items?select=${select}`), 400, 'PGRST100');
    expect(body.details).toBe('the select list has 1700 items; at most 500 are allowed');
    expect(String(body.message).length).toBeLessThan(400);
  });

  it('counts a select by its expanded width: repeated * is 400 PGRST100, not 500 54011 (found by the fuzz suite)', async () => {
    // hi_wide has 12 columns, so 250 stars stay under the item limit of 500 but expand to 3,000.
    const stars = Array.from({ length: 250 }, () => '*').join(',');
    const read = await expectRestError(await rest(`hi_wide?select=${stars}`), 400, 'PGRST100');
    expect(read.details).toBe(
      'the select list of hi_wide expands to 3000 columns; at most 1664 are allowed',
    );
    const write = await rest(`hi_wide?select=*&select=${stars},item_id,id`, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ id: 1 }),
    });
    await expectRestError(write, 400, 'PGRST100');
    const embedded = await rest(`hi_items?select=id,hi_wide(${stars})`);
    expect((await expectRestError(embedded, 400, 'PGRST100')).details).toMatch(/list of hi_wide/);
    expect(await backend.sql('select id from public.hi_wide')).toEqual([]);
    // A wide list that fits is still answered.
    const fits = await rest(`hi_wide?select=${Array.from({ length: 130 }, () => '*').join(',')}`);
    expect(fits.status).toBe(200);
  });

  it('refuses JSON nested 10,000 deep with 400 PGRST102, for tables and for rpc', async () => {
    const deep = deepJson(10_000);
    const insert = await rest('hi_items', { method: 'POST', body: `[{"id":2,"title":${deep}}]` });
    expect((await expectRestError(insert, 400, 'PGRST102')).details).toMatch(/deeper than 100/);
    const patch = await rest('hi_items?id=eq.1', { method: 'PATCH', body: `{"title":${deep}}` });
    await expectRestError(patch, 400, 'PGRST102');
    const rpc = await rest('rpc/hi_echo', { method: 'POST', body: `{"payload":${deep}}` });
    await expectRestError(rpc, 400, 'PGRST102');
    const signUp = await auth('signup', { method: 'POST', body: `{"data":{"a":${deep}}}` });
    await expectAuthError(signUp, 400, 'bad_json');
    expect(await rows()).toEqual([{ id: 1, title: 'eins' }]);
  });

  it('answers an empty in-list on a JSON path with a 4xx or rows, never a 5xx (found by the fuzz suite)', async () => {
    for (const filter of ['id->a=in.()', 'id->>a=not.in.()']) {
      const response = await rest(`hi_items?${filter}`);
      expect(response.status, filter).toBeLessThan(500);
      expect(await response.json()).toBeDefined();
    }
  });

  it('still takes JSON nested 100 deep', async () => {
    const response = await rest('rpc/hi_echo', {
      method: 'POST',
      body: `{"payload":${deepJson(99)}}`,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(deepJson(99));
  });

  it('answers a URL over MAX_URL_BYTES with a JSON 414', async () => {
    const response = await rest(`hi_items?title=eq.${'x'.repeat(9000)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toMatchObject({ code: 'request_too_large' });
  });
});

describe('values a column type cannot read', () => {
  it('are 400 22P02 from Postgres on every adapter (PGlite threw a plain error: 500)', async () => {
    for (const filter of ['done=eq.null', 'done=eq.2', 'done=in.(true,maybe)']) {
      const body = await expectRestError(await rest(`hi_items?${filter}`), 400, '22P02');
      expect(body.message).toMatch(/invalid input syntax for type boolean/);
    }
    const patch = await rest('hi_items?done=eq.vielleicht', {
      method: 'PATCH',
      body: '{"title":"zwei"}',
    });
    await expectRestError(patch, 400, '22P02');
    expect(await rows()).toEqual([{ id: 1, title: 'eins' }]);
  });
});

describe('bodies that are not what they claim', () => {
  it('refuses a JSON body with invalid UTF-8 with 400 PGRST102 instead of storing U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"id":3,"title":"caf'),
      Buffer.from([0xe9]), // Latin-1 é: not UTF-8
      Buffer.from('"}'),
    ]);
    const response = await rest('hi_items', { method: 'POST', body: bytes });
    expect((await expectRestError(response, 400, 'PGRST102')).details).toMatch(/UTF-8/);
    const signUp = await auth('signup', {
      method: 'POST',
      body: Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff]), Buffer.from('@x.de"}')]),
    });
    await expectAuthError(signUp, 400, 'bad_json');
    expect(await rows()).toEqual([{ id: 1, title: 'eins' }]);
  });

  it('refuses a NUL character in a sign-up e-mail or metadata with 400, not 500', async () => {
    const email = await auth('signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'nul\u0000@example.test', password: 'geheim123' }),
    });
    await expectAuthError(email, 400, 'validation_failed');
    const metadata = await auth('signup', {
      method: 'POST',
      body: JSON.stringify({
        email: uniqueEmail(),
        password: 'geheim123',
        data: { full_name: 'a\u0000b' },
      }),
    });
    await expectAuthError(metadata, 400, 'validation_failed');
  });
});

describe('user metadata', () => {
  it('refuses metadata over MAX_METADATA_BYTES at sign-up and in PUT /user', async () => {
    const { error } = await backend.client().auth.signUp({
      email: uniqueEmail(),
      password: 'geheim123',
      options: { data: { blob: 'x'.repeat(60_000) } },
    });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error?.message).toMatch(/metadata is too large/);

    const { client } = await backend.signUpAndSignIn();
    const update = await client.auth.updateUser({ data: { blob: 'x'.repeat(5000) } });
    expect(update.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('keeps the token small for an account whose metadata is already large', async () => {
    const { client, user, email, password } = await backend.signUpAndSignIn();
    // As an account created before the limit: the metadata is written behind the API's back.
    await backend.db.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
      user.id,
      JSON.stringify({ blob: 'x'.repeat(1024 * 1024) }),
    ]);
    const signIn = await client.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session!.access_token.length).toBeLessThan(4096);
    const read = await client.from('hi_items').select('id');
    expect(read.error).toBeNull();
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
  });
});

describe('what reaches the server as broken HTTP', () => {
  it('says Connection: close on a 413, and closes, so a client does not reuse the socket', async () => {
    for (const path of ['/rest/v1/hi_items', '/auth/v1/signup']) {
      const head =
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${backend.anonKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES * 4}\r\n\r\n`;
      const { text, closed } = await rawExchange(head + '['.repeat(1000));
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text.toLowerCase()).toContain('connection: close');
      expect(closed).toBe(true);
    }
  });

  it('answers an unparsable request target or Host header with JSON 400', async () => {
    for (const request of [
      'GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /rest/v1/hi_items HTTP/1.1\r\nHost: [::\r\nConnection: close\r\n\r\n',
    ]) {
      const { text } = await rawExchange(request);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(text.toLowerCase()).toContain('content-type: application/json');
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
  });
});

describe('the API key', () => {
  it('is required, as the hosted gateway requires it, even with a valid user token', async () => {
    const { session } = await backend.signUpAndSignIn();
    const bearer = { Authorization: `Bearer ${session.access_token}` };
    for (const url of [
      `${backend.url}/rest/v1/hi_items`,
      `${backend.url}/auth/v1/user`,
      `${backend.url}/realtime/v1/api/broadcast`,
    ]) {
      const response = await fetch(url, { headers: bearer });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    const keyInQuery = await fetch(`${backend.url}/rest/v1/hi_items?apikey=${backend.anonKey}`, {
      headers: bearer,
    });
    expect(keyInQuery.status).toBe(200);
  });

  it("refuses a key that is not one of this project's", async () => {
    const { session } = await backend.signUpAndSignIn();
    for (const key of ['nonsense', session.access_token]) {
      const response = await fetch(`${backend.url}/rest/v1/hi_items`, {
        headers: { apikey: key, Authorization: `Bearer ${session.access_token}` },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
    }
  });
});

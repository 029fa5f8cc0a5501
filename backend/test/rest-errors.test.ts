/**
 * Refusals of /rest/v1: bad tokens, unknown names, unparsable query strings and bodies,
 * injection attempts, oversized bodies and constraint violations. Each must be the status and
 * code PostgREST would send, in its `{code, message, details, hint}` shape, and leave the data
 * exactly as it was (checked by reading the database directly).
 */
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './support/backend.ts';
import { expectRestError } from './support/rest-error.ts';

let backend: TestBackend;
let api: SupabaseClient;
let initial: unknown;

const MAX_BODY_BYTES = 64 * 1024;

const FIXTURE = `
create table public.re_items (
  id int primary key,
  title text not null unique,
  n int not null default 0 check (n >= 0),
  ref uuid,
  parent_id int references public.re_items (id)
);
insert into public.re_items (id, title, n) values (1, 'eins', 1), (2, 'zwei', 2), (3, 'drei', 3);
create function public.re_fail(p_code text) returns void language plpgsql as $$
begin
  raise exception 'Das ging schief' using errcode = p_code, detail = 'Einzelheiten', hint = 'Ein Hinweis';
end $$;
`;

const snapshot = async () =>
  (await backend.db.query('select * from public.re_items order by id')).rows;

/** A raw request, for what supabase-js would never send. */
const raw = (path: string, init: RequestInit = {}) => backend.request(`/rest/v1/${path}`, init);

beforeAll(async () => {
  backend = await startTestBackend({ maxBodyBytes: MAX_BODY_BYTES });
  await backend.db.exec(FIXTURE);
  api = backend.client();
  initial = await snapshot();
});

afterAll(async () => {
  await backend?.close();
});

describe('tokens', () => {
  it('refuses an expired JWT with 401 PGRST303 and WWW-Authenticate', async () => {
    const expired = await backend.backend.ctx.jwt.sign(
      { role: 'authenticated', sub: crypto.randomUUID() },
      -60,
    );
    const response = await raw('re_items', { headers: { Authorization: `Bearer ${expired}` } });
    const body = await expectRestError(response, 401, 'PGRST303');
    expect(body.message).toBe('JWT expired');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it('refuses a forged or malformed token with 401 PGRST301', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    await expectRestError(
      await raw('re_items', { headers: { Authorization: `Bearer ${forged}` } }),
      401,
      'PGRST301',
    );
    await expectRestError(
      await raw('re_items', { headers: { Authorization: 'Bearer nonsense' } }),
      401,
      'PGRST301',
    );
    // As the project key, either is refused before PostgREST, by the gateway (hostile-input).
    const { status } = await backend.client(forged).from('re_items').delete().eq('id', 1);
    expect(status).toBe(401);
    expect(await snapshot()).toEqual(initial);
  });

  it('treats a request with the API key but no bearer token as anon', async () => {
    const response = await fetch(`${backend.url}/rest/v1/re_items?select=id&id=eq.1`, {
      headers: { apikey: backend.anonKey },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1 }]);
  });
});

describe('unknown names', () => {
  it('answers 404 PGRST205 for an unknown table', async () => {
    const { error, status } = await api.from('re_nope').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.re_nope' in the schema cache",
    });
    expect((await api.from('re_nope').insert({ a: 1 })).status).toBe(404);
  });

  it('answers 404 PGRST125 for a path that names no table: root, trailing slash, deeper', async () => {
    for (const path of ['', 're_items/', 're_items/1', 'rpc/', 'rpc/re_fn/x']) {
      await expectRestError(await raw(path), 404, 'PGRST125');
    }
  });

  it('answers 400 42703 for an unknown column in select, filter and order', async () => {
    for (const result of [
      await api.from('re_items').select('id, nope'),
      await api.from('re_items').select().eq('nope', 1),
      await api.from('re_items').select().order('nope'),
      await api.from('re_items').select().or('nope.eq.1,id.eq.2'),
      await api.from('re_items').delete().eq('nope', 1),
    ]) {
      expect(result.status).toBe(400);
      expect(result.error).toMatchObject({
        code: '42703',
        message: 'column re_items.nope does not exist',
      });
    }
    expect(await snapshot()).toEqual(initial);
  });

  it('answers 400 PGRST204 for an unknown column in a body', async () => {
    const inserted = await api.from('re_items').insert({ id: 9, title: 'neun', nope: 1 });
    expect(inserted.status).toBe(400);
    expect(inserted.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 're_items' in the schema cache",
    });
    const updated = await api.from('re_items').update({ title: 'x', nope: 1 }).eq('id', 1);
    expect(updated.error?.code).toBe('PGRST204');
    expect(await snapshot()).toEqual(initial);
  });

  it('refuses a schema other than public with 406 PGRST106', async () => {
    const { error, status } = await api.schema('auth').from('users').select();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });

  it('refuses media types it cannot produce with 406 PGRST107', async () => {
    const { error, status } = await api.from('re_items').select().csv();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST107');
  });

  it('refuses methods PostgREST does not offer with 405', async () => {
    await expectRestError(await raw('re_items', { method: 'PUT', body: '{}' }), 405, 'PGRST117');
  });
});

describe('unparsable query strings', () => {
  const cases = [
    're_items?id=equals.1',
    're_items?id=eq',
    're_items?id=in.1,2',
    're_items?id=in.(1,2',
    're_items?id=is.maybe',
    're_items?id=eq(some).{1}',
    're_items?or=(id.eq.1',
    're_items?or=id.eq.1',
    're_items?and=(id.eq.1,nonsense)',
    're_items?order=id.sideways',
    're_items?limit=-1',
    're_items?offset=abc',
    're_items?select=id,,title',
    're_items?select=id,title(',
    're_items?select=title::pg_sleep',
    're_items?select=...re_items(id)',
  ];

  it.each(cases)('%s → 400 PGRST100', async (path) => {
    const body = await expectRestError(await raw(path), 400, 'PGRST100');
    expect(body.message).toMatch(/^failed to parse /);
  });

  it('refuses a malformed filter on writes without touching data', async () => {
    await expectRestError(await raw('re_items?id=gt', { method: 'DELETE' }), 400, 'PGRST100');
    await expectRestError(
      await raw('re_items?id=lt5', { method: 'PATCH', body: JSON.stringify({ n: 9 }) }),
      400,
      'PGRST100',
    );
    const { status } = await api.from('re_items').delete().filter('id', 'between', '1 and 3');
    expect(status).toBe(400);
    expect(await snapshot()).toEqual(initial);
  });

  it('refuses a Range header it cannot read', async () => {
    await expectRestError(await raw('re_items', { headers: { Range: 'lots' } }), 400, 'PGRST100');
  });

  it('refuses unknown Prefer values only with handling=strict (400 PGRST122), changing nothing', async () => {
    const post = (prefer: string, key = backend.anonKey) =>
      raw('re_items', {
        method: 'POST',
        headers: { Prefer: prefer, Authorization: `Bearer ${key}` },
        body: JSON.stringify({ id: 90, title: 'prefer' }),
      });
    const strict = await expectRestError(
      await post('handling=strict, return=bogus, frobnicate'),
      400,
      'PGRST122',
    );
    expect(strict.details).toBe('Invalid preferences: return=bogus, frobnicate');
    expect(await snapshot()).toEqual(initial);
    // tx=rollback is honoured for the service role only (rest-write.test.ts).
    const lenient = await post('return=bogus, frobnicate, tx=rollback', backend.serviceRoleKey);
    expect(lenient.status).toBe(201);
    expect(await snapshot()).toEqual(initial);
  });
});

describe('hostile input', () => {
  const deep = (n: number) => `${'and('.repeat(n)}id.eq.1${')'.repeat(n)}`;
  const garbage = [
    `re_items?or=(${deep(1000)})`,
    `re_items?select=${'a('.repeat(1000)}`,
    're_items?title=eq.%00',
    're_items?select=%00',
    `re_items?id=in.(${Array.from({ length: 3000 }, (_, i) => i).join(',')})`,
    're_items?title=like.%E2%9C%93%F0%9F%98%80*',
    're_items?title=match.(((',
    're_items?id=eq.99999999999999999999',
    're_items?n=cs.{1,2}',
    're_items?ref=fts.x',
    're_items?title=is.true',
    're_items?title=eq(any).notalist',
    're_items?select=title->>x',
    're_items?order=title->0.desc',
    're_items?limit=999999999999999',
    'rpc/re_fail?p_code=zz',
  ];

  it.each(garbage.map((path) => [path.slice(0, 50), path]))(
    '%s… is no server error',
    async (_, path) => {
      const response = await raw(path);
      expect(response.status).toBeLessThan(500);
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status >= 400)
        expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(await snapshot()).toEqual(initial);
    },
  );
});

describe('injection attempts', () => {
  it('never runs SQL from column names in select, filters, order or on_conflict', async () => {
    const attempts = [
      `re_items?select=${encodeURIComponent('title;drop table re_items')}`,
      `re_items?select=${encodeURIComponent('title,(select 1)')}`,
      `re_items?select=${encodeURIComponent('title::text;drop table re_items')}`,
      `re_items?${encodeURIComponent('title;drop table re_items--')}=eq.1`,
      `re_items?order=${encodeURIComponent('title;drop table re_items')}`,
      `re_items?order=${encodeURIComponent('id.asc,(select 1)')}`,
      `re_items?or=${encodeURIComponent('(id.eq.1);drop table re_items;--')}`,
    ];
    for (const path of attempts) await expectRestError(await raw(path), 400, 'PGRST100');
    const upsert = await raw(
      `re_items?on_conflict=${encodeURIComponent('id) do nothing; drop table re_items; --')}`,
      {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ id: 1, title: 'x' }),
      },
    );
    await expectRestError(upsert, 400, 'PGRST100');
    expect(await snapshot()).toEqual(initial);
  });

  it('treats a quoted name with quotes in it as an unknown column', async () => {
    await expectRestError(
      await raw(`re_items?select=${encodeURIComponent('"a\\"b"')}`),
      400,
      '42703',
    );
    await expectRestError(
      await raw(`re_items?${encodeURIComponent('"id\\" = 1 or \\"1"')}=eq.1`),
      400,
      '42703',
    );
    const { error } = await api.from('re_items').update({ "title\" = 'x'; --": 1 }).eq('id', 1);
    expect(error?.code).toBe('PGRST204');
    const columns = await raw(`re_items?columns=${encodeURIComponent('"title\\"),(select 1"')}`, {
      method: 'POST',
      body: JSON.stringify([{ title: 'x' }]),
    });
    await expectRestError(columns, 400, 'PGRST204');
    expect(await snapshot()).toEqual(initial);
  });

  it('binds values: SQL in a value is data, or a type error for typed columns', async () => {
    const text = await api.from('re_items').delete().eq('title', "x' or '1'='1").select();
    expect(text.error).toBeNull();
    expect(text.data).toEqual([]);
    const typed = await api.from('re_items').delete().eq('id', '1) or (1=1');
    expect(typed.status).toBe(400);
    expect(typed.error?.code).toBe('22P02');
    const inList = await api.from('re_items').delete().in('title', ["') or true --", 'x']).select();
    expect(inList.data).toEqual([]);
    const json = await api
      .from('re_items')
      .update({ title: "'); drop table re_items; --" })
      .eq('id', 99);
    expect(json.error).toBeNull();
    expect(await snapshot()).toEqual(initial);
  });
});

describe('bad bodies', () => {
  it('refuses invalid JSON with 400 PGRST102', async () => {
    for (const body of ['{"id": 9,', 'not json', '']) {
      await expectRestError(await raw('re_items', { method: 'POST', body }), 400, 'PGRST102');
    }
    await expectRestError(
      await raw('re_items?id=eq.1', { method: 'PATCH', body: '{oops}' }),
      400,
      'PGRST102',
    );
    await expectRestError(await raw('rpc/re_fail', { method: 'POST', body: '[' }), 400, 'PGRST102');
    expect(await snapshot()).toEqual(initial);
  });

  it('refuses JSON of the wrong shape with 400 PGRST102', async () => {
    await expectRestError(await raw('re_items', { method: 'POST', body: '42' }), 400, 'PGRST102');
    await expectRestError(
      await raw('re_items', { method: 'POST', body: '[{"id":9,"title":"x"}, 1]' }),
      400,
      'PGRST102',
    );
    await expectRestError(
      await raw('re_items?id=eq.1', { method: 'PATCH', body: '[{"n":1}]' }),
      400,
      'PGRST102',
    );
    expect(await snapshot()).toEqual(initial);
  });

  it('refuses a body over the size limit with 413', async () => {
    const big = { id: 10, title: 'x'.repeat(MAX_BODY_BYTES) };
    const { error, status } = await api.from('re_items').insert(big);
    expect(status).toBe(413);
    expect(error?.code).toBe('PGRST413');
    const chunked = await raw('re_items', {
      method: 'POST',
      body: new Blob([JSON.stringify(big)]).stream(),
      duplex: 'half',
    } as RequestInit);
    await expectRestError(chunked, 413, 'PGRST413');
    expect(await snapshot()).toEqual(initial);
  });
});

describe('database refusals', () => {
  it('maps constraint violations to PostgREST statuses', async () => {
    const unique = await api.from('re_items').insert({ id: 9, title: 'eins' });
    expect(unique.status).toBe(409);
    expect(unique.error).toMatchObject({
      code: '23505',
      details: 'Key (title)=(eins) already exists.',
    });
    const primary = await api.from('re_items').insert({ id: 1, title: 'neu' });
    expect(primary.status).toBe(409);
    const foreign = await api.from('re_items').insert({ id: 9, title: 'neun', parent_id: 77 });
    expect(foreign.status).toBe(409);
    expect(foreign.error?.code).toBe('23503');
    const notNull = await api.from('re_items').insert({ id: 9, title: null });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const check = await api.from('re_items').update({ n: -1 }).eq('id', 1);
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const badUuid = await api.from('re_items').update({ ref: 'keine-uuid' }).eq('id', 1);
    expect(badUuid.status).toBe(400);
    expect(badUuid.error?.code).toBe('22P02');
    const badFilter = await api.from('re_items').select().eq('ref', 'keine-uuid');
    expect(badFilter.status).toBe(400);
    expect(await snapshot()).toEqual(initial);
  });

  it('refuses UPDATE and DELETE without any filter, as a hosted project does', async () => {
    const updated = await api.from('re_items').update({ n: 5 });
    expect(updated.status).toBe(400);
    expect(updated.error).toMatchObject({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
    });
    const deleted = await api.from('re_items').delete();
    expect(deleted.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    expect(await snapshot()).toEqual(initial);
  });

  it('passes RAISE EXCEPTION through with message, details and hint', async () => {
    const { error, status } = await api.rpc('re_fail', { p_code: 'P0001' });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'P0001',
      message: 'Das ging schief',
      details: 'Einzelheiten',
      hint: 'Ein Hinweis',
    });
    expect((await api.rpc('re_fail', { p_code: 'PT418' })).status).toBe(418);
  });

  it('rolls back the whole request when one statement of it fails', async () => {
    const { status } = await api.from('re_items').insert(
      [
        { id: 20, title: 'zwanzig', n: 1 },
        { id: 21, title: 'einundzwanzig' },
        { id: 22, title: 'zwanzig', n: 2 },
      ],
      { defaultToNull: false },
    );
    expect(status).toBe(409);
    expect(await snapshot()).toEqual(initial);
  });
});

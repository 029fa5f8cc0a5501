/**
 * Reading through /rest/v1 with the real supabase-js: select, filters, order, paging, counts,
 * `.single()`, embedding and read-only rpc. The tables are this file's own (prefix `rr_`), made
 * directly in the database, so the suite does not depend on the app's schema.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './support/backend.ts';

let backend: TestBackend;
let api: SupabaseClient;

const FIXTURE = `
create table public.rr_authors (
  id int primary key,
  name text not null,
  email text unique
);
create table public.rr_posts (
  id int primary key,
  author_id int references public.rr_authors (id),
  editor_id int references public.rr_authors (id),
  title text not null,
  status text not null default 'draft',
  rating numeric,
  tags text[] not null default '{}',
  meta jsonb,
  published_at timestamptz
);
create table public.rr_comments (
  id int primary key,
  post_id int not null references public.rr_posts (id),
  body text not null
);
insert into public.rr_authors values
  (1, 'Anna', 'anna@example.test'), (2, 'Ben', null), (3, 'Cleo', 'cleo@example.test');
insert into public.rr_posts values
  (1, 1, 2, 'Hallo Welt', 'published', 4.5, '{news,intro}', '{"lang":"de","views":10,"author":{"nick":"an"}}', '2026-01-01T10:00:00Z'),
  (2, 1, null, 'Zweiter Beitrag', 'draft', null, '{news}', '{"lang":"en","views":3}', null),
  (3, 2, 1, 'Über (Klammern), Kommas', 'published', 2, '{}', null, '2026-02-01T10:00:00Z'),
  (4, 3, null, 'a*b%c_d', 'archived', 3.25, '{intro}', '{"lang":"de","views":7}', null),
  (5, null, null, 'Ohne Autor', 'draft', 1, '{}', null, null);
create table public.rr_nodes (
  id int primary key,
  parent_id int references public.rr_nodes (id),
  label text not null
);
insert into public.rr_nodes values (1, null, 'Wurzel'), (2, 1, 'Ast'), (3, 1, 'Zweig');
insert into public.rr_comments values
  (1, 1, 'Erster'), (2, 1, 'Zweiter'), (3, 3, 'Dritter');

create function public.rr_add(a int, b int default 10) returns int
  language sql immutable as $$ select a + b $$;
create function public.rr_posts_with_status(p_status text) returns setof public.rr_posts
  language sql stable as $$ select * from public.rr_posts where status = p_status order by id $$;
create function public.rr_squares(n int) returns table (i int, square int)
  language sql immutable as $$ select g, g * g from generate_series(1, n) g $$;
create function public.rr_numbers(n int) returns setof int
  language sql immutable as $$ select generate_series(1, n) $$;
create function public.rr_first_post() returns public.rr_posts
  language sql stable as $$ select * from public.rr_posts order by id limit 1 $$;
create function public.rr_ids(ids int[]) returns int
  language sql immutable as $$ select coalesce(array_length(ids, 1), 0) $$;
create function public.rr_whoami() returns text
  language sql stable as $$ select auth.role() $$;
`;

beforeAll(async () => {
  backend = await startTestBackend();
  await backend.db.exec(FIXTURE);
  api = backend.client();
});

afterAll(async () => {
  await backend?.close();
});

const postIds = () => api.from('rr_posts').select('id').order('id');
type PostQuery = ReturnType<typeof postIds>;

const ids = (rows: { id: number }[] | null) => rows?.map((r) => r.id);

describe('select', () => {
  it('returns all columns of all rows for select()', async () => {
    const { data, error, status } = await api.from('rr_authors').select().order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, name: 'Anna', email: 'anna@example.test' },
      { id: 2, name: 'Ben', email: null },
      { id: 3, name: 'Cleo', email: 'cleo@example.test' },
    ]);
  });

  it('returns chosen columns, aliases and casts, and types as JSON', async () => {
    const { data, error } = await api
      .from('rr_posts')
      .select('id, heading:title, rating::text, tags, meta, published_at')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1,
      heading: 'Hallo Welt',
      rating: '4.5',
      tags: ['news', 'intro'],
      meta: { lang: 'de', views: 10, author: { nick: 'an' } },
      published_at: '2026-01-01T10:00:00+00:00',
    });
  });

  it('selects JSON paths, named after their last key unless aliased', async () => {
    const { data, error } = await api
      .from('rr_posts')
      .select('id, meta->lang, nick:meta->author->>nick, meta->>views')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, lang: 'de', nick: 'an', views: '10' }]);
  });

  it('strips null values when the Accept header asks for it', async () => {
    const response = await fetch(`${backend.url}/rest/v1/rr_authors?order=id`, {
      headers: {
        apikey: backend.anonKey,
        Accept: 'application/vnd.pgrst.array+json;nulls=stripped',
      },
    });
    expect(await response.json()).toEqual([
      { id: 1, name: 'Anna', email: 'anna@example.test' },
      { id: 2, name: 'Ben' },
      { id: 3, name: 'Cleo', email: 'cleo@example.test' },
    ]);
  });

  it('answers a table without rows with an empty array', async () => {
    await backend.db.exec('create table public.rr_empty (id int primary key)');
    const { data, error } = await api.from('rr_empty').select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('filters', () => {
  const cases: [string, (q: PostQuery) => PostQuery, number[]][] = [
    ['eq', (q) => q.eq('status', 'published'), [1, 3]],
    ['neq', (q) => q.neq('status', 'published'), [2, 4, 5]],
    ['gt', (q) => q.gt('rating', 2), [1, 4]],
    ['gte', (q) => q.gte('rating', 2), [1, 3, 4]],
    ['lt', (q) => q.lt('rating', 2), [5]],
    ['lte', (q) => q.lte('rating', 2), [3, 5]],
    ['like', (q) => q.like('title', '%Beitrag'), [2]],
    ['like with * as wildcard', (q) => q.like('title', 'Hallo*'), [1]],
    ['ilike', (q) => q.ilike('title', '%WELT%'), [1]],
    ['is null', (q) => q.is('rating', null), [2]],
    ['not is null', (q) => q.not('rating', 'is', null), [1, 3, 4, 5]],
    ['in', (q) => q.in('id', [2, 4, 99]), [2, 4]],
    ['in with reserved characters', (q) => q.in('title', ['Über (Klammern), Kommas', 'x']), [3]],
    ['not in', (q) => q.not('id', 'in', '(1,2,3)'), [4, 5]],
    ['contains (array)', (q) => q.contains('tags', ['news']), [1, 2]],
    ['contained by (array)', (q) => q.containedBy('tags', ['news', 'intro']), [1, 2, 3, 4, 5]],
    ['overlaps (array)', (q) => q.overlaps('tags', ['intro', 'x']), [1, 4]],
    ['contains (jsonb)', (q) => q.contains('meta', { lang: 'de' }), [1, 4]],
    ['JSON path filter', (q) => q.eq('meta->>lang', 'en'), [2]],
    ['match', (q) => q.match({ status: 'draft', author_id: 1 }), [2]],
    ['repeated keys are ANDed', (q) => q.gt('id', 1).lt('id', 4), [2, 3]],
    ['or', (q) => q.or('id.eq.1,status.eq.archived'), [1, 4]],
    ['or with nested and', (q) => q.or('id.eq.5,and(status.eq.published,rating.lt.3)'), [3, 5]],
    [
      'or with in and quoted values',
      (q) => q.or('title.eq."Über (Klammern), Kommas",id.in.(4,5)'),
      [3, 4, 5],
    ],
    ['timestamps', (q) => q.gte('published_at', '2026-01-15T00:00:00Z'), [3]],
    ['like on a non-text column', (q) => q.like('id', '1*'), [1]],
    ['text search', (q) => q.textSearch('title', 'welt', { config: 'german' }), [1]],
  ];

  it.each(cases)('%s', async (_name, apply, expected) => {
    const { data, error } = await apply(postIds());
    expect(error).toBeNull();
    expect(ids(data)).toEqual(expected);
  });

  it('negates a logic tree with not.or', async () => {
    const url = `${backend.url}/rest/v1/rr_posts?select=id&order=id&not.or=(id.eq.1,id.eq.2)`;
    const response = await fetch(url, { headers: { apikey: backend.anonKey } });
    expect(await response.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
  });

  it('treats a value with SQL in it as a plain value', async () => {
    const { data, error } = await api.from('rr_posts').select('id').eq('title', "x' or '1'='1");
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: quoted } = await api.from('rr_posts').select('id').or('title.eq."1) or (1=1"');
    expect(quoted).toEqual([]);
  });

  it('matches literal wildcard characters with eq', async () => {
    const { data } = await api.from('rr_posts').select('id').eq('title', 'a*b%c_d');
    expect(ids(data)).toEqual([4]);
  });
});

describe('order and paging', () => {
  it('orders on several columns with directions and null placement', async () => {
    const { data } = await api
      .from('rr_posts')
      .select('id')
      .order('rating', { ascending: false, nullsFirst: true })
      .order('id');
    expect(ids(data)).toEqual([2, 1, 4, 3, 5]);
    const { data: nullsLast } = await api
      .from('rr_posts')
      .select('id')
      .order('author_id', { ascending: true, nullsFirst: false })
      .order('id', { ascending: false });
    expect(ids(nullsLast)).toEqual([2, 1, 3, 4, 5]);
  });

  it('pages with range() and limit()', async () => {
    const { data, status } = await api.from('rr_posts').select('id').order('id').range(1, 2);
    expect(ids(data)).toEqual([2, 3]);
    expect(status).toBe(200);
    const { data: limited } = await api.from('rr_posts').select('id').order('id').limit(2);
    expect(ids(limited)).toEqual([1, 2]);
  });

  it('counts exactly, with Content-Range and 206 for a partial page', async () => {
    const { data, count, status } = await api
      .from('rr_posts')
      .select('id', { count: 'exact' })
      .eq('status', 'draft')
      .order('id')
      .range(0, 0);
    expect(ids(data)).toEqual([2]);
    expect(count).toBe(2);
    expect(status).toBe(206);
    const { count: planned, status: whole } = await api
      .from('rr_posts')
      .select('id', { count: 'planned' });
    expect(planned).toBe(5);
    expect(whole).toBe(200);
  });

  it('sends Content-Range 0-n/* without a count and */0 for no rows', async () => {
    const headers = { apikey: backend.anonKey };
    const some = await fetch(`${backend.url}/rest/v1/rr_posts?select=id&limit=2`, { headers });
    expect(some.headers.get('content-range')).toBe('0-1/*');
    expect(some.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const none = await fetch(`${backend.url}/rest/v1/rr_posts?id=eq.0`, {
      headers: { ...headers, Prefer: 'count=exact' },
    });
    expect(none.headers.get('content-range')).toBe('*/0');
  });

  it('honours the Range header', async () => {
    const response = await fetch(`${backend.url}/rest/v1/rr_posts?select=id&order=id`, {
      headers: {
        apikey: backend.anonKey,
        Range: '2-3',
        'Range-Unit': 'items',
        Prefer: 'count=exact',
      },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('2-3/5');
    expect(await response.json()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('refuses an offset past the end when counting', async () => {
    const { error, status } = await api
      .from('rr_posts')
      .select('id', { count: 'exact' })
      .range(10, 12);
    expect(status).toBe(416);
    expect(error?.code).toBe('PGRST103');
  });

  it('answers HEAD with the count and no body', async () => {
    const { data, count, error, status } = await api
      .from('rr_posts')
      .select('*', { count: 'exact', head: true })
      .eq('status', 'published');
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(2);
    expect(status).toBe(200);
  });
});

describe('single and maybeSingle', () => {
  it('returns one object for exactly one row', async () => {
    const { data, error } = await api.from('rr_authors').select('name').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Ben' });
  });

  it('answers 406 PGRST116 for no rows or several', async () => {
    const none = await api.from('rr_authors').select().eq('id', 42).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await api.from('rr_authors').select().single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
  });

  it('maybeSingle gives null for no rows', async () => {
    const { data, error } = await api.from('rr_authors').select().eq('id', 42).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe('embedding', () => {
  it('embeds many-to-one as an object (or null) and one-to-many as an array', async () => {
    const { data, error } = await api
      .from('rr_posts')
      .select('id, author:rr_authors!author_id(name), rr_comments(body)')
      .in('id', [1, 5])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, author: { name: 'Anna' }, rr_comments: [{ body: 'Erster' }, { body: 'Zweiter' }] },
      { id: 5, author: null, rr_comments: [] },
    ]);
  });

  it('refuses an ambiguous relationship with PGRST201 and names the choices', async () => {
    const { error, status } = await api.from('rr_posts').select('id, rr_authors(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.hint).toContain('rr_authors!rr_posts_author_id_fkey');
  });

  it('embeds by foreign-key column and constraint name', async () => {
    const { data } = await api.from('rr_posts').select('id, editor_id(name)').eq('id', 1).single();
    expect(data).toEqual({ id: 1, editor_id: { name: 'Ben' } });
    const { data: byName } = await api
      .from('rr_posts')
      .select('id, writer:rr_posts_author_id_fkey(name)')
      .eq('id', 3)
      .single();
    expect(byName).toEqual({ id: 3, writer: { name: 'Ben' } });
  });

  it('filters, orders and limits embedded rows without dropping parents', async () => {
    const { data, error } = await api
      .from('rr_posts')
      .select('id, rr_comments(id, body)')
      .in('id', [1, 2])
      .order('id')
      .order('id', { referencedTable: 'rr_comments', ascending: false })
      .limit(1, { referencedTable: 'rr_comments' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, rr_comments: [{ id: 2, body: 'Zweiter' }] },
      { id: 2, rr_comments: [] },
    ]);
    const { data: filtered } = await api
      .from('rr_posts')
      .select('id, rr_comments(body)')
      .eq('rr_comments.body', 'Dritter')
      .in('id', [1, 3])
      .order('id');
    expect(filtered).toEqual([
      { id: 1, rr_comments: [] },
      { id: 3, rr_comments: [{ body: 'Dritter' }] },
    ]);
  });

  it('drops parents without a match for !inner, in the rows and in the count', async () => {
    const { data, count } = await api
      .from('rr_posts')
      .select('id, rr_comments!inner(body)', { count: 'exact' })
      .eq('rr_comments.body', 'Dritter');
    expect(data).toEqual([{ id: 3, rr_comments: [{ body: 'Dritter' }] }]);
    expect(count).toBe(1);
  });

  it('embeds from the one side and nests embeds', async () => {
    const { data, error } = await api
      .from('rr_authors')
      .select('name, posts:rr_posts!author_id(id, rr_comments(id))')
      .eq('id', 1)
      .order('id', { referencedTable: 'posts' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Anna',
      posts: [
        { id: 1, rr_comments: [{ id: 1 }, { id: 2 }] },
        { id: 2, rr_comments: [] },
      ],
    });
  });

  it('follows a self-referencing key both ways', async () => {
    const { data, error } = await api
      .from('rr_nodes')
      .select('label, parent:parent_id(label), children:rr_nodes!parent_id(label)')
      .order('id')
      .order('id', { referencedTable: 'children' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { label: 'Wurzel', parent: null, children: [{ label: 'Ast' }, { label: 'Zweig' }] },
      { label: 'Ast', parent: { label: 'Wurzel' }, children: [] },
      { label: 'Zweig', parent: { label: 'Wurzel' }, children: [] },
    ]);
  });

  it('refuses an unrelated table with PGRST200', async () => {
    const { error, status } = await api.from('rr_authors').select('id, rr_empty(*)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });
});

describe('rpc', () => {
  it('returns a scalar for named arguments, using defaults', async () => {
    expect((await api.rpc('rr_add', { a: 1, b: 2 })).data).toBe(3);
    expect((await api.rpc('rr_add', { a: 1 })).data).toBe(11);
  });

  it('calls with GET and converts array arguments', async () => {
    const { data, error } = await api.rpc('rr_ids', { ids: [4, 5, 6] }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(3);
    expect((await api.rpc('rr_add', { a: 2, b: 2 }, { get: true })).data).toBe(4);
  });

  it('returns SETOF rows as an array that filters, orders and pages apply to', async () => {
    const { data, error } = await api
      .rpc('rr_posts_with_status', { p_status: 'draft' })
      .select('id, title')
      .order('id', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 5, title: 'Ohne Autor' },
      { id: 2, title: 'Zweiter Beitrag' },
    ]);
    const { data: one } = await api
      .rpc('rr_posts_with_status', { p_status: 'draft' })
      .gt('id', 2)
      .single();
    expect(one).toMatchObject({ id: 5 });
  });

  it('embeds from rows of a table type', async () => {
    const { data } = await api
      .rpc('rr_posts_with_status', { p_status: 'published' })
      .select('id, author:rr_authors!author_id(name)');
    expect(data).toEqual([
      { id: 1, author: { name: 'Anna' } },
      { id: 3, author: { name: 'Ben' } },
    ]);
  });

  it('returns TABLE results, scalar sets and a single composite', async () => {
    expect((await api.rpc('rr_squares', { n: 3 }).gte('square', 4)).data).toEqual([
      { i: 2, square: 4 },
      { i: 3, square: 9 },
    ]);
    expect((await api.rpc('rr_numbers', { n: 3 })).data).toEqual([1, 2, 3]);
    const { data } = await api.rpc('rr_first_post');
    expect(data).toMatchObject({ id: 1, title: 'Hallo Welt' });
  });

  it('counts rows of a set-returning function with HEAD', async () => {
    const { count, data, error } = await api.rpc(
      'rr_squares',
      { n: 4 },
      { head: true, count: 'exact' },
    );
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(4);
  });

  it('runs as the caller', async () => {
    expect((await api.rpc('rr_whoami')).data).toBe('anon');
    const service = backend.client(backend.serviceRoleKey);
    expect((await service.rpc('rr_whoami')).data).toBe('service_role');
  });

  it('answers 404 PGRST202 for an unknown function or argument set', async () => {
    const unknown = await api.rpc('rr_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const wrongArgs = await api.rpc('rr_add', { x: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });

  it('sees functions and tables created after the server started', async () => {
    await backend.db.exec(`
      create function public.rr_late() returns text language sql as $$ select 'spät' $$;
      create table public.rr_late_table (id int primary key);
      insert into public.rr_late_table values (7);`);
    expect((await api.rpc('rr_late')).data).toBe('spät');
    expect((await api.from('rr_late_table').select()).data).toEqual([{ id: 7 }]);
  });
});

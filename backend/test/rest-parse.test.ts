/**
 * The PostgREST query-string grammar on its own: what the parser makes of the strings
 * postgrest-js sends (docs/notes/supabase-wire-protocol.md §3.1), and what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { RestError } from '../src/rest/errors.ts';
import { parseOrder, parseQuery, parseSelect } from '../src/rest/parse.ts';

const field = (name: string) => ({ name, path: [] });

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    return (error as RestError).body;
  }
  throw new Error('expected a parse error');
};

describe('select', () => {
  it('parses columns, aliases, casts, JSON paths and stars', () => {
    expect(parseSelect('id,heading:title,n::text,data->a->>b,x:data->0,*')).toEqual([
      { kind: 'column', field: field('id') },
      { kind: 'column', field: field('title'), alias: 'heading' },
      { kind: 'column', field: field('n'), cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
      },
      { kind: 'column', field: { name: 'data', path: [{ arrow: '->', key: 0 }] }, alias: 'x' },
      { kind: 'star' },
    ]);
  });

  it('parses embeds with alias, hint, join type and nesting', () => {
    expect(parseSelect('author:profiles!author_id!inner(name,teams(*)),tags()')).toEqual([
      {
        kind: 'embed',
        target: 'profiles',
        alias: 'author',
        hint: 'author_id',
        join: 'inner',
        items: [
          { kind: 'column', field: field('name') },
          { kind: 'embed', target: 'teams', join: 'left', items: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', target: 'tags', join: 'left', items: [{ kind: 'star' }] },
    ]);
  });

  it('keeps quoted names verbatim, quotes and all', () => {
    expect(parseSelect('"my col","a\\"b"')).toEqual([
      { kind: 'column', field: field('my col') },
      { kind: 'column', field: field('a"b') },
    ]);
  });

  it('allows spaces around items and commas, as PostgREST does, but not inside a name', () => {
    expect(parseSelect(' id , heading:title,\ttags( name ) ')).toEqual(
      parseSelect('id,heading:title,tags(name)'),
    );
    expect(refusal(() => parseSelect('ti tle'))).toMatchObject({ code: 'PGRST100' });
  });

  it.each(['id,', 'id;drop table x', 'id::unknown_type', '(id)', 'a(b', 'a!!b(c)', '...a(b)'])(
    'refuses %s',
    (text) => {
      expect(refusal(() => parseSelect(text))).toMatchObject({
        code: 'PGRST100',
        message: `failed to parse select parameter (${text})`,
      });
    },
  );
});

describe('filters', () => {
  const where = (...params: [string, string][]) => parseQuery(params).scopes.get('')?.where;

  it('takes top-level values verbatim, with `*` as a like wildcard', () => {
    expect(where(['title', 'eq.a,b(c)'], ['t', 'ilike.*x*'])).toEqual([
      {
        kind: 'filter',
        field: field('title'),
        negate: false,
        condition: { kind: 'compare', op: 'eq', value: 'a,b(c)' },
      },
      {
        kind: 'filter',
        field: field('t'),
        negate: false,
        condition: { kind: 'compare', op: 'ilike', value: '%x%' },
      },
    ]);
  });

  it('parses not, is, in with quoted values, quantifiers and text search', () => {
    expect(
      where(
        ['a', 'not.is.NULL'],
        ['b', 'in.(1,"x,y",)'],
        ['c', 'like(any).{a*,b*}'],
        ['d', 'wfts(german).hallo welt'],
      ),
    ).toEqual([
      { kind: 'filter', field: field('a'), negate: true, condition: { kind: 'is', value: 'null' } },
      {
        kind: 'filter',
        field: field('b'),
        negate: false,
        condition: { kind: 'in', values: ['1', 'x,y', ''] },
      },
      {
        kind: 'filter',
        field: field('c'),
        negate: false,
        condition: { kind: 'quantified', op: 'like', quantifier: 'any', value: '{a%,b%}' },
      },
      {
        kind: 'filter',
        field: field('d'),
        negate: false,
        condition: { kind: 'fts', op: 'wfts', config: 'german', value: 'hallo welt' },
      },
    ]);
  });

  it('parses nested logic trees', () => {
    expect(where(['not.or', '(a.eq.1,and(b.in.(2,3),c.not.is.null))'])).toEqual([
      {
        kind: 'logic',
        op: 'or',
        negate: true,
        children: [
          {
            kind: 'filter',
            field: field('a'),
            negate: false,
            condition: { kind: 'compare', op: 'eq', value: '1' },
          },
          {
            kind: 'logic',
            op: 'and',
            negate: false,
            children: [
              {
                kind: 'filter',
                field: field('b'),
                negate: false,
                condition: { kind: 'in', values: ['2', '3'] },
              },
              {
                kind: 'filter',
                field: field('c'),
                negate: true,
                condition: { kind: 'is', value: 'null' },
              },
            ],
          },
        ],
      },
    ]);
  });

  it('scopes filters, order and paging to embeds by their path', () => {
    const ast = parseQuery([
      ['tags.name', 'eq.x'],
      ['tags.or', '(id.eq.1)'],
      ['tags.order', 'name.desc'],
      ['tags.users.limit', '2'],
      ['offset', '5'],
    ]);
    expect([...ast.scopes.keys()]).toEqual(['tags', 'tags.users', '']);
    expect(ast.scopes.get('tags')?.where).toHaveLength(2);
    expect(ast.scopes.get('tags.users')?.limit).toBe(2);
    expect(ast.scopes.get('')?.offset).toBe(5);
  });

  it.each([
    ['id', 'equals.1'],
    ['id', 'eq'],
    ['id', 'in.1,2'],
    ['id', 'is.maybe'],
    ['id', 'eq(any).1'],
    ['or', '(a.eq.1'],
    ['or', '(a.eq.1))'],
    ['and', '()'],
    ['id;drop', 'eq.1'],
    ['limit', '1e3'],
  ])('refuses %s=%s', (key, value) => {
    expect(refusal(() => parseQuery([[key, value]]))).toMatchObject({ code: 'PGRST100' });
  });
});

describe('nesting', () => {
  it('accepts 16 levels and refuses a 17th, in logic trees and in embeds', () => {
    const tree = (n: number) => `(${'and('.repeat(n - 1)}a.eq.1${')'.repeat(n - 1)})`;
    expect(() => parseQuery([['or', tree(16)]])).not.toThrow();
    expect(refusal(() => parseQuery([['or', tree(17)]]))).toMatchObject({ code: 'PGRST100' });
    const embeds = (n: number) => `${'a('.repeat(n)}b${')'.repeat(n)}`;
    expect(() => parseSelect(embeds(16))).not.toThrow();
    expect(refusal(() => parseSelect(embeds(17)))).toMatchObject({ code: 'PGRST100' });
  });
});

describe('order', () => {
  it('parses several terms with direction and null placement', () => {
    expect(parseOrder('a.desc.nullslast,b,data->>c.asc,d.nullsfirst')).toEqual([
      { field: field('a'), direction: 'desc', nulls: 'last' },
      { field: field('b') },
      { field: { name: 'data', path: [{ arrow: '->>', key: 'c' }] }, direction: 'asc' },
      { field: field('d'), nulls: 'first' },
    ]);
  });

  it('allows spaces around terms', () => {
    expect(parseOrder(' a.desc , b ')).toEqual([
      { field: field('a'), direction: 'desc' },
      { field: field('b') },
    ]);
  });

  it.each(['a.up', 'a.desc.nulls', 'a;drop table x', 'a,', 'a.asc.desc'])('refuses %s', (text) => {
    expect(refusal(() => parseOrder(text))).toMatchObject({ code: 'PGRST100' });
  });
});

describe('columns and on_conflict', () => {
  it('reads the quoted lists postgrest-js sends', () => {
    const ast = parseQuery([
      ['columns', '"title","done"'],
      ['on_conflict', 'board_id,user_id'],
    ]);
    expect(ast.columns).toEqual(['title', 'done']);
    expect(ast.onConflict).toEqual(['board_id', 'user_id']);
  });
});

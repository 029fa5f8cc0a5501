import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MIN_GAP,
  POSITION_GAP,
  byPosition,
  positionBetween,
  rowsAround,
  type Between,
  renumbered,
} from '../src/domain/positions';
import { getToastsForTest, selectCardsByList, selectLists, type BoardStore } from './store-harness';
import {
  card,
  change,
  failed,
  openLoadedStore,
  refused,
  titlesIn,
  type fakeGateway,
} from './board-fixtures';

const row = (id: string, position: number, created_at = '2025-01-01T00:00:00Z') => ({
  id,
  position,
  created_at,
});

describe('position arithmetic', () => {
  it('halves the gap between neighbours, and leaves room at both ends', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(null, 1024)).toBe(0);
    expect(positionBetween(2048, null)).toBe(2048 + POSITION_GAP);
    expect(positionBetween(null, null)).toBe(POSITION_GAP);
  });

  it('reports a full gap instead of a position that collides with a neighbour', () => {
    expect(positionBetween(1, 1 + MIN_GAP / 2)).toBeNull();
    expect(positionBetween(5, 5)).toBeNull();
    // About 30 moves into the same gap fit before it is full: far more than ordinary use.
    let after = 2048;
    let moves = 0;
    for (;;) {
      const next = positionBetween(1024, after);
      if (next === null) break;
      expect(next).toBeGreaterThan(1024);
      expect(next).toBeLessThan(after);
      after = next;
      moves += 1;
    }
    expect(moves).toBeGreaterThanOrEqual(29);
    expect(moves).toBeLessThan(40);
  });

  it('places between two neighbours named by id', () => {
    const siblings = [row('a', 1024), row('b', 2048), row('c', 3072)];
    const at = (between: Between) => {
      const { previous, next } = rowsAround(siblings, between);
      return positionBetween(previous?.position ?? null, next?.position ?? null);
    };
    expect(at({ after: null, before: 'a' })).toBe(0);
    expect(at({ after: 'a', before: 'b' })).toBe(1536);
    expect(at({ after: 'c', before: null })).toBe(4096);
    // Neighbours that are gone: the end.
    expect(at({ after: 'gone', before: 'gone too' })).toBe(4096);
  });

  it('renumbers in the existing order to whole gaps', () => {
    const list = [row('c', 1.5), row('a', 1), row('b', 1.5, '2024-12-31T00:00:00Z')];
    expect(renumbered(list).map((r) => [r.id, r.position])).toEqual([
      ['a', 1024],
      ['b', 2048],
      ['c', 3072],
    ]);
  });

  it('orders concurrent drops into the same gap the same way everywhere', () => {
    // Two members drop a card between the same neighbours at once: both write 1536.
    const mine = row('x', 1536, '2025-01-02T00:00:00Z');
    const theirs = row('y', 1536, '2025-01-02T00:00:00Z');
    const left = [row('a', 1024), mine, theirs, row('b', 2048)];
    const right = [row('b', 2048), theirs, row('a', 1024), mine];
    const order = (rows: typeof left) => [...rows].sort(byPosition).map((r) => r.id);
    expect(order(left)).toEqual(['a', 'x', 'y', 'b']);
    expect(order(right)).toEqual(order(left));
    // As the database sorts: position, then created_at, then id.
    const older = row('z', 1536, '2025-01-01T12:00:00Z');
    expect(order([...left, older])).toEqual(['a', 'z', 'x', 'y', 'b']);
  });
});

describe('moving cards and lists through the store', () => {
  let fake: ReturnType<typeof fakeGateway>;
  let store: BoardStore;

  beforeEach(async () => {
    ({ fake, store } = await openLoadedStore());
  });

  afterEach(() => store.close());

  it('moves a card up inside its own list with one write', async () => {
    fake.push(change('cards', 'INSERT', card('c3', 'l1', 3072)));
    await store.moveCard('c3', { listId: 'l1', after: null, before: 'c1' });
    const writes = fake.calls.filter((c) => c.name !== 'fetchSnapshot');
    expect(writes).toEqual([
      { name: 'updateCardRow', args: ['c3', { list_id: 'l1', position: 0 }] },
    ]);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c3', 'Karte c1', 'Karte c2']);
  });

  it('goes right after the card shown before it when search hides cards', async () => {
    // Stored: a h1 b h2 c; shown: a b c; dropped between b and c.
    for (const [id, position] of [
      ['a', 1024],
      ['h1', 2048],
      ['b', 3072],
      ['h2', 4096],
      ['c', 5120],
    ] as const) {
      fake.push(change('cards', 'INSERT', card(id, 'l2', position)));
    }
    await store.moveCard('c1', { listId: 'l2', after: 'b', before: 'c' });
    expect(titlesIn(store, 'l2')).toEqual([
      'Karte a',
      'Karte h1',
      'Karte b',
      'Karte c1',
      'Karte h2',
      'Karte c',
    ]);
    // Dropped first: right before the first card shown.
    await store.moveCard('c2', { listId: 'l2', after: null, before: 'b' });
    expect(titlesIn(store, 'l2').slice(0, 4)).toEqual([
      'Karte a',
      'Karte h1',
      'Karte c2',
      'Karte b',
    ]);
  });

  it('goes to the end of a list that shows nothing, or when its neighbours are gone', async () => {
    fake.push(change('cards', 'INSERT', card('h1', 'l2', 1024)));
    fake.push(change('cards', 'INSERT', card('h2', 'l2', 2048)));
    await store.moveCard('c1', { listId: 'l2', after: null, before: null });
    expect(titlesIn(store, 'l2')).toEqual(['Karte h1', 'Karte h2', 'Karte c1']);
    await store.moveCard('c2', { listId: 'l2', after: 'gone', before: 'gone too' });
    expect(titlesIn(store, 'l2')).toEqual(['Karte h1', 'Karte h2', 'Karte c1', 'Karte c2']);
  });

  it('renumbers the list through one RPC when the gap is full, then writes the card once', async () => {
    fake.push(change('cards', 'INSERT', card('c3', 'l2', 1024)));
    fake.push(change('cards', 'INSERT', card('c4', 'l2', 1024 + MIN_GAP / 4)));
    fake.answer('renumberListCards', async () => [card('c3', 'l2', 1024), card('c4', 'l2', 2048)]);
    expect(await store.moveCard('c1', { listId: 'l2', after: 'c3', before: 'c4' })).toBe(true);
    expect(fake.calls.map((c) => c.name)).toEqual(['renumberListCards', 'updateCardRow']);
    expect(fake.calls[0]!.args).toEqual(['l2']);
    expect(fake.calls[1]!.args).toEqual(['c1', { list_id: 'l2', position: 1536 }]);
    expect(titlesIn(store, 'l2')).toEqual(['Karte c3', 'Karte c1', 'Karte c4']);
  });

  it('shows the move at once and puts the card back with a German message when refused', async () => {
    fake.answer('updateCardRow', async () => {
      throw refused();
    });
    const moving = store.moveCard('c1', { listId: 'l2', after: null, before: null });
    expect(titlesIn(store, 'l2')).toEqual(['Karte c1']);
    expect(await moving).toBe(false);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
    expect(getToastsForTest().at(-1)?.message).toBe('Dafür fehlen Ihnen die Rechte.');
  });

  it('says the card went back when the server fails the move', async () => {
    fake.answer('updateCardRow', async () => {
      throw failed();
    });
    expect(await store.moveCard('c2', { listId: 'l1', after: null, before: 'c1' })).toBe(false);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
    expect(getToastsForTest().at(-1)?.message).toBe(
      'Die Karte konnte nicht verschoben werden und liegt wieder an ihrem Platz.',
    );
  });

  it('ends with the order of the database when two members move in the same list', async () => {
    fake.push(change('cards', 'INSERT', card('c3', 'l1', 3072)));
    // I move c3 to the top; a colleague moves c2 to the top at the same moment.
    await store.moveCard('c3', { listId: 'l1', after: null, before: 'c1' });
    fake.push(
      change('cards', 'UPDATE', card('c2', 'l1', 0, { created_at: '2025-01-01T00:00:09Z' })),
    );
    fake.push(change('cards', 'UPDATE', card('c3', 'l1', 0)));
    const ids = (selectCardsByList(store.getState().data!).l1 ?? []).map((c) => c.id);
    // Same position: the older created_at first, exactly as `order by position, created_at, id`.
    expect(ids).toEqual(['c3', 'c2', 'c1']);
  });

  it('reorders lists with one write', async () => {
    fake.answer('updateListRow', async ([id, patch]) => ({
      ...store.getState().data!.lists[id as string],
      ...(patch as object),
    }));
    await store.moveList('l2', { after: null, before: 'l1' });
    expect(fake.calls.map((c) => [c.name, c.args])).toEqual([
      ['updateListRow', ['l2', { position: 0 }]],
    ]);
    expect(selectLists(store.getState().data!).map((l) => l.id)).toEqual(['l2', 'l1']);
    expect(await store.moveList('l2', { after: null, before: 'l1' })).toBe(false);
  });
});

// The board's cards by list as the columns read them: a change re-sorts only the lists it
// touches, and every other list keeps its very array, so its column does not render again
// (README 'Board performance', the 10,000-card board).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRow } from '../src/domain/new-rows';
import type { BoardSnapshot } from '../src/domain/types';
import { fromSnapshot } from '../src/features/board/board-data';
import { CardTable } from '../src/features/board/card-table';
import { selectCardsByList, type BoardStore } from './store-harness';
import { boardId, card, change, fakeGateway, refused, snapshot } from './board-fixtures';
import { BoardStore as Store } from './store-harness';

/** Three lists: l1 with c1 c2, l2 with c3, l3 with c4 c5. */
const threeLists = (): BoardSnapshot => {
  const base = snapshot();
  return {
    ...base,
    lists: [
      ...base.lists,
      newRow('lists', {
        id: 'l3',
        board_id: boardId,
        title: 'Später',
        position: 3072,
        created_at: '2025-01-01T00:00:02Z',
      }),
    ],
    cards: [
      card('c1', 'l1', 1024),
      card('c2', 'l1', 2048),
      card('c3', 'l2', 1024),
      card('c4', 'l3', 1024),
      card('c5', 'l3', 2048),
    ],
  };
};

const grouped = (store: BoardStore) => selectCardsByList(store.getState().data!);
const ids = (store: BoardStore) =>
  Object.fromEntries(
    Object.entries(grouped(store)).map(([list, cards]) => [list, cards.map((c) => c.id)]),
  );

describe('cards by list', () => {
  let fake: ReturnType<typeof fakeGateway>;
  let store: BoardStore;

  beforeEach(async () => {
    fake = fakeGateway(threeLists());
    store = new Store(fake.gateway);
    store.open(boardId);
    await fake.loadSnapshot();
  });

  afterEach(() => store.close());

  it('a card moved across lists changes those two lists and leaves the third its array', async () => {
    const before = grouped(store);
    const moving = store.moveCard('c1', { listId: 'l2', after: 'c3', before: null });
    // Shown at once (the pending patch), in order.
    expect(ids(store)).toEqual({ l1: ['c2'], l2: ['c3', 'c1'], l3: ['c4', 'c5'] });
    expect(grouped(store).l3).toBe(before.l3);
    expect(await moving).toBe(true);
    // Confirmed by the server's row, then by its echo: the same, and l3 still untouched.
    fake.push(change('cards', 'UPDATE', card('c1', 'l2', 2048)));
    expect(ids(store)).toEqual({ l1: ['c2'], l2: ['c3', 'c1'], l3: ['c4', 'c5'] });
    expect(grouped(store).l3).toBe(before.l3);
    expect(grouped(store).l1).not.toBe(before.l1);
  });

  it("another member's edit of one card changes only that card's list", () => {
    const before = grouped(store);
    fake.push(change('cards', 'UPDATE', { ...card('c4', 'l3', 1024), title: 'Neu' }));
    const after = grouped(store);
    expect(after.l1).toBe(before.l1);
    expect(after.l2).toBe(before.l2);
    expect(after.l3!.map((c) => c.title)).toEqual(['Neu', 'Karte c5']);
    // A change about no card on the board (the board's title) keeps every list.
    fake.push(change('boards', 'UPDATE', { id: boardId, title: 'Umbenannt' }));
    expect(grouped(store).l3).toBe(after.l3);
    expect(grouped(store).l1).toBe(before.l1);
  });

  it('a card moved down within its list re-sorts that list only', async () => {
    const before = grouped(store);
    await store.moveCard('c4', { listId: 'l3', after: 'c5', before: null });
    expect(ids(store).l3).toEqual(['c5', 'c4']);
    expect(grouped(store).l1).toBe(before.l1);
    expect(grouped(store).l2).toBe(before.l2);
  });

  it('a refused move puts the card back in its place', async () => {
    fake.answer('updateCardRow', async () => {
      throw refused();
    });
    const moving = store.moveCard('c2', { listId: 'l3', after: null, before: 'c4' });
    expect(ids(store)).toEqual({ l1: ['c1'], l2: ['c3'], l3: ['c2', 'c4', 'c5'] });
    await moving;
    expect(ids(store)).toEqual({ l1: ['c1', 'c2'], l2: ['c3'], l3: ['c4', 'c5'] });
  });

  it('after a resync the lists hold what the server holds, in its order', async () => {
    const before = grouped(store);
    store.reload();
    const server = threeLists();
    server.cards = [
      card('c1', 'l3', 3072),
      card('c2', 'l1', 2048),
      card('c3', 'l2', 1024),
      card('c4', 'l3', 2048),
      card('c5', 'l3', 1024),
      card('c6', 'l1', 512),
    ];
    await fake.loadSnapshot(server);
    expect(ids(store)).toEqual({ l1: ['c6', 'c2'], l2: ['c3'], l3: ['c5', 'c4', 'c1'] });
    // Nothing of the old board is shown: the state before still shows the old board.
    expect(before.l3!.map((c) => c.id)).toEqual(['c4', 'c5']);
  });

  it('an archived list leaves with its cards and the other lists keep their arrays', () => {
    const before = grouped(store);
    fake.push(
      change('lists', 'UPDATE', {
        id: 'l2',
        board_id: boardId,
        archived_at: '2025-02-01T00:00:00Z',
      }),
    );
    expect(ids(store)).toEqual({ l1: ['c1', 'c2'], l3: ['c4', 'c5'] });
    expect(grouped(store).l1).toBe(before.l1);
    expect(grouped(store).l3).toBe(before.l3);
  });

  it('a deleted and a soft-deleted card leave their lists', () => {
    fake.push(change('cards', 'DELETE', { id: 'c1' }));
    fake.push(
      change('cards', 'UPDATE', { ...card('c4', 'l3', 1024), deleted_at: '2025-02-01T00:00:00Z' }),
    );
    expect(ids(store)).toEqual({ l1: ['c2'], l2: ['c3'], l3: ['c5'] });
  });
});

describe('a board keeps its cards as a record for every reader', () => {
  it('a board of the store still lists its cards by id, when copied and cloned too', () => {
    const data = fromSnapshot(threeLists());
    expect(Object.keys(data.cards).sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(data.cards.c3?.list_id).toBe('l2');
    // The device's copy is a structured clone; read back it is grouped as the original.
    const copy = structuredClone(data);
    expect(copy.cards.c4?.title).toBe('Karte c4');
    const byId = (g: ReturnType<typeof selectCardsByList>) =>
      Object.values(g).map((cards) => cards.map((c) => c.id));
    expect(byId(selectCardsByList(copy))).toEqual(byId(selectCardsByList(data)));
    expect({ ...data }.cards.c1?.id).toBe('c1');
  });
});

describe('the card table', () => {
  it('a change to one card shares every other bucket, and the difference is that card', () => {
    const cards = Array.from({ length: 2000 }, (_, i) => card(`k${i}`, 'l1', i + 1));
    const table = CardTable.from(cards);
    const moved = { ...cards[7]!, list_id: 'l2' };
    const next = table.with(moved).without('k9');
    const seen: string[] = [];
    CardTable.diff(table, next, (was, is) => seen.push(`${was?.id}: ${is?.list_id ?? 'gone'}`));
    expect(seen.sort()).toEqual(['k7: l2', 'k9: gone']);
    expect(next.size).toBe(1999);
    expect(table.get('k7')?.list_id).toBe('l1');
    expect(next.get('k7')).toBe(moved);
    expect(next.get('k8')).toBe(cards[8]);
    expect(table.with(cards[3]!)).toBe(table);
    expect(table.map((c) => c)).toBe(table);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardStore } from './store-harness';
import { selectLists } from './store-harness';
import type { fakeGateway } from './board-fixtures';
import { boardId, card, change, openLoadedStore, titlesIn } from './board-fixtures';

// The archive rules of the open board: an archived card or list leaves every view at once, for
// the user and, by realtime, for every other member; undo brings it back whole; a card or list
// restored from the archive, which the board does not hold, makes the board load again.

let fake: ReturnType<typeof fakeGateway>;
let store: BoardStore;

beforeEach(async () => {
  ({ fake, store } = await openLoadedStore());
  // The server answers with the whole row, as PostgREST's return=representation does.
  const rowOf =
    (table: 'cards' | 'lists') =>
    async ([id, patch]: unknown[]) => ({
      ...store.getState().data![table][id as string],
      ...(patch as object),
    });
  fake.answer('updateCardRow', rowOf('cards'));
  fake.answer('updateListRow', rowOf('lists'));
});

afterEach(() => store.close());

const listTitles = () => selectLists(store.getState().data!).map((list) => list.title);

describe('archiving', () => {
  it('takes a card off the board at once, and undo brings it back', async () => {
    expect(await store.setCardArchived('c1', true)).toBe(true);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c2']);
    expect(fake.calls.at(-1)).toEqual({
      name: 'updateCardRow',
      args: ['c1', { archived_at: expect.any(String) }],
    });
    expect(await store.setCardArchived('c1', false)).toBe(true);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
  });

  it('takes a list off the board with its cards, and undo brings both back', async () => {
    expect(await store.setListArchived('l1', true)).toBe(true);
    expect(listTitles()).toEqual(['Erledigt']);
    expect(titlesIn(store, 'l1')).toEqual([]);
    await store.setListArchived('l1', false);
    expect(listTitles()).toEqual(['Zu erledigen', 'Erledigt']);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
  });

  it('hides what another member archived, as soon as realtime says so', () => {
    fake.push(change('cards', 'UPDATE', { ...card('c2', 'l1', 2048), archived_at: 'now' }));
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1']);
    fake.push(
      change('lists', 'UPDATE', {
        id: 'l2',
        board_id: boardId,
        title: 'Erledigt',
        archived_at: 'now',
      }),
    );
    expect(listTitles()).toEqual(['Zu erledigen']);
  });

  it('sends nothing for a card archived already', async () => {
    await store.setCardArchived('c1', true);
    const sent = fake.calls.length;
    expect(await store.setCardArchived('c1', true)).toBe(false);
    expect(fake.calls).toHaveLength(sent);
  });
});

describe('restoring from the archive', () => {
  it('loads the board again when a card it does not hold comes back, children and all', async () => {
    const before = fake.snapshotRequests();
    fake.push(change('cards', 'UPDATE', { ...card('c9', 'l1', 4096), archived_at: null }));
    expect(fake.snapshotRequests()).toBe(before + 1);
  });

  it('does not load again for a new card or a change of a card it holds', () => {
    const before = fake.snapshotRequests();
    fake.push(change('cards', 'INSERT', card('c8', 'l1', 4096)));
    fake.push(change('cards', 'UPDATE', { ...card('c1', 'l1', 1024), title: 'Neu' }));
    expect(fake.snapshotRequests()).toBe(before);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/kernel/backend/api-error';
import { BoardsStore } from '../src/features/boards/boards-store';
import { EMPTY } from 'rxjs';
import type { BoardStore } from './store-harness';
import { getToastsForTest } from './store-harness';
import type { fakeGateway } from './board-fixtures';
import { openLoadedStore, titlesIn } from './board-fixtures';

let fake: ReturnType<typeof fakeGateway>;
let store: BoardStore;

beforeEach(async () => {
  ({ fake, store } = await openLoadedStore());
});

afterEach(() => store.close());

/** The server's answer to a text over its limit: 23514 naming the `…_length` constraint. */
const tooLong = (table: string, column: string) =>
  new ApiError(
    `new row for relation "${table}" violates check constraint "${table}_${column}_length"`,
    '23514',
    400,
  );

const toasts = () => getToastsForTest().map((toast) => toast.message);

describe('a text over the database limit', () => {
  it('a comment: the edit is rolled back and the limit said in German', async () => {
    fake.answer('insertComment', () => Promise.reject(tooLong('card_comments', 'text')));
    expect(await store.addComment('c1', 'sehr lang')).toBe(false);
    expect(store.getState().data!.cards.c1!.comments).toEqual([]);
    expect(toasts()).toContain('Der Text ist zu lang (höchstens 16.384 Zeichen).');
  });

  it('a card title: the old title is back and the limit is 512', async () => {
    fake.answer('updateCardRow', () => Promise.reject(tooLong('cards', 'title')));
    expect(await store.updateCard('c1', { title: 'zu lang' })).toBe(false);
    expect(titlesIn(store, 'l1')[0]).toBe('Karte c1');
    expect(toasts()).toContain('Der Text ist zu lang (höchstens 512 Zeichen).');
  });

  it('another check violation keeps the general message', async () => {
    fake.answer('updateCardRow', () =>
      Promise.reject(
        new ApiError('new row violates check constraint "cards_title_check"', '23514', 400),
      ),
    );
    expect(await store.updateCard('c1', { title: 'x' })).toBe(false);
    expect(toasts()).toContain(
      'Die Änderung konnte nicht gespeichert werden und wurde zurückgenommen.',
    );
  });
});

describe('a board title over the limit', () => {
  it('is refused in German when the board is created', async () => {
    const boards = new BoardsStore(
      {
        fetchMyBoards: async () => [],
        insertBoard: () => Promise.reject(tooLong('boards', 'title')),
        deleteBoardRow: async () => undefined,
        setBoardArchived: async () => undefined,
        changes: () => EMPTY,
      },
      { read: () => null, write: () => undefined },
    );
    await boards.load();
    expect(await boards.create('Ein Titel')).toBeNull();
    expect(toasts()).toContain('Der Text ist zu lang (höchstens 512 Zeichen).');
  });
});

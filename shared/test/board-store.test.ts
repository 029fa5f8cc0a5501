import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BoardStore, getToastsForTest, selectLists } from './store-harness';
import {
  boardId,
  card,
  change,
  deferred,
  failed,
  fakeGateway,
  openLoadedStore,
  refused,
  snapshot,
  titlesIn,
} from './board-fixtures';

let fake: ReturnType<typeof fakeGateway>;
let store: BoardStore;

beforeEach(async () => {
  ({ fake, store } = await openLoadedStore());
});

afterEach(() => store.close());

describe('loading a board', () => {
  it('shows the lists and cards of one snapshot in position order', () => {
    const data = store.getState().data!;
    expect(store.getState().status).toBe('ready');
    expect(selectLists(data).map((l) => l.title)).toEqual(['Zu erledigen', 'Erledigt']);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
  });

  it('keeps changes that arrive while the snapshot loads', async () => {
    const late = fakeGateway();
    const other = new BoardStore(late.gateway);
    other.open(boardId);
    late.push(change('cards', 'INSERT', card('c3', 'l2', 1024, { title: 'Neu' })));
    expect(other.getState().status).toBe('loading');
    await late.loadSnapshot();
    expect(titlesIn(other, 'l2')).toEqual(['Neu']);
    other.close();
  });

  it('reports a board that is not visible', async () => {
    const gone = fakeGateway(null);
    const other = new BoardStore(gone.gateway);
    other.open(boardId);
    await gone.loadSnapshot();
    expect(other.getState().status).toBe('notFound');
    other.close();
  });
});

describe('realtime changes', () => {
  it('applies a sequence of changes in order', () => {
    fake.push(change('cards', 'INSERT', card('c3', 'l2', 1024, { title: 'Entwurf' })));
    fake.push(change('cards', 'UPDATE', card('c3', 'l2', 1024, { title: 'Fertiger Entwurf' })));
    fake.push(change('cards', 'UPDATE', card('c1', 'l2', 512)));
    expect(titlesIn(store, 'l2')).toEqual(['Karte c1', 'Fertiger Entwurf']);
    fake.push(change('cards', 'DELETE', { id: 'c3' }));
    expect(titlesIn(store, 'l2')).toEqual(['Karte c1']);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c2']);
  });

  it('leaves the same state when a change arrives twice', () => {
    const insert = change('cards', 'INSERT', card('c3', 'l2', 1024));
    const assign = change('card_assignees', 'INSERT', { card_id: 'c3', user_id: 'u1' });
    const item = change('card_checklist_items', 'INSERT', {
      id: 'i1',
      card_id: 'c3',
      text: 'Prüfen',
      completed: false,
      position: 1024,
      due_date: null,
      assigned_to: null,
      created_at: '2025-01-02T00:00:00Z',
    });
    for (const c of [insert, assign, item]) fake.push(c);
    const once = store.getState().data;
    for (const c of [insert, assign, item]) fake.push(c);
    expect(store.getState().data).toEqual(once);
    expect(store.getState().data!.cards.c3!.assignee_ids).toEqual(['u1']);
    expect(store.getState().data!.cards.c3!.checklist).toHaveLength(1);
  });

  it('removes children that are deleted by primary key only', () => {
    fake.push(
      change('card_comments', 'INSERT', {
        id: 'k1',
        card_id: 'c1',
        user_id: 'u1',
        text: 'Sieht gut aus',
        created_at: '2025-01-02T00:00:00Z',
      }),
    );
    fake.push(change('card_tags', 'INSERT', { card_id: 'c1', label_id: 'x1' }));
    expect(store.getState().data!.cards.c1!.comments).toHaveLength(1);
    fake.push(change('card_comments', 'DELETE', { id: 'k1' }));
    fake.push(change('card_tags', 'DELETE', { card_id: 'c1', label_id: 'x1' }));
    expect(store.getState().data!.cards.c1!.comments).toEqual([]);
    expect(store.getState().data!.cards.c1!.label_ids).toEqual([]);
  });

  it('ignores cards of other boards', () => {
    fake.push(change('cards', 'INSERT', { ...card('z1', 'lx', 1024), board_id: 'other' }));
    expect(store.getState().data!.cards.z1).toBeUndefined();
  });

  it('removes a deleted list together with its cards', () => {
    fake.push(change('lists', 'DELETE', { id: 'l1' }));
    expect(selectLists(store.getState().data!).map((l) => l.id)).toEqual(['l2']);
    expect(store.getState().data!.cards.c1).toBeUndefined();
  });

  it('completes a new member with their profile', async () => {
    fake.push(
      change('board_members', 'INSERT', {
        id: 'm2',
        board_id: boardId,
        user_id: 'u2',
        role: 'member',
        created_at: '2025-01-03T00:00:00Z',
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    const member = store.getState().data!.members.find((m) => m.id === 'm2');
    expect(member?.profile?.full_name).toBe('Neu Mitglied');
  });

  it('shows the board as gone when it is deleted elsewhere', () => {
    fake.push(change('boards', 'DELETE', { id: boardId }));
    expect(store.getState().status).toBe('notFound');
  });
});

describe('realtime reconnect', () => {
  const withMissedCard = () => {
    const missed = snapshot();
    missed.cards.push(card('c9', 'l2', 1024, { title: 'Während der Trennung angelegt' }));
    return missed;
  };

  /** The channel joins, the socket drops, and the channel joins again. */
  const joinDropAndRejoin = () => {
    for (const status of ['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED'] as const)
      fake.status(status);
  };

  it('does not reload the board when the channel first joins', () => {
    fake.status('SUBSCRIBED');
    expect(fake.snapshotRequests()).toBe(1);
  });

  it('reloads the board once after the socket reconnects, so missed changes show', async () => {
    fake.status('SUBSCRIBED');
    // The backend restarts: the channel errors and closes, then rejoins.
    fake.status('CHANNEL_ERROR');
    fake.status('CLOSED');
    fake.status('TIMED_OUT');
    expect(fake.snapshotRequests()).toBe(1);
    fake.status('SUBSCRIBED');
    expect(fake.snapshotRequests()).toBe(2);
    // What arrives while the resync loads is kept on top of it.
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { title: 'Live geändert' })));
    await fake.loadSnapshot(withMissedCard());
    expect(titlesIn(store, 'l2')).toEqual(['Während der Trennung angelegt']);
    expect(titlesIn(store, 'l1')).toEqual(['Live geändert', 'Karte c2']);
    expect(store.getState().status).toBe('ready');
    // A later join without a gap in between does not reload again.
    fake.status('SUBSCRIBED');
    expect(fake.snapshotRequests()).toBe(2);
  });

  it('drops a card deleted elsewhere while the socket was away', async () => {
    joinDropAndRejoin();
    const without = snapshot();
    without.cards = without.cards.filter((c) => c.id !== 'c2');
    await fake.loadSnapshot(without);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1']);
  });

  it('keeps an own edit that is still on its way across the resync', async () => {
    const answer = deferred<unknown>();
    fake.answer('updateCardRow', () => answer.promise);
    void store.updateCard('c1', { title: 'Meine Änderung' });
    joinDropAndRejoin();
    await fake.loadSnapshot(withMissedCard());
    expect(titlesIn(store, 'l1')).toEqual(['Meine Änderung', 'Karte c2']);
    expect(titlesIn(store, 'l2')).toEqual(['Während der Trennung angelegt']);
    answer.resolve({ ...card('c1', 'l1', 1024), title: 'Meine Änderung' });
    await answer.promise;
  });

  it('tries again at the next join when the resync itself fails', async () => {
    joinDropAndRejoin();
    expect(fake.snapshotRequests()).toBe(2);
    await fake.failSnapshot();
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
    fake.status('SUBSCRIBED');
    expect(fake.snapshotRequests()).toBe(3);
    await fake.loadSnapshot(withMissedCard());
    expect(titlesIn(store, 'l2')).toEqual(['Während der Trennung angelegt']);
  });
});

describe('own edits', () => {
  it('shows an edit at once and keeps it when the server agrees', async () => {
    const answer = deferred<unknown>();
    fake.answer('updateCardRow', () => answer.promise);
    const saving = store.updateCard('c1', { title: 'Neuer Titel' });
    expect(titlesIn(store, 'l1')[0]).toBe('Neuer Titel');
    answer.resolve(card('c1', 'l1', 1024, { title: 'Neuer Titel' }));
    expect(await saving).toBe(true);
    expect(titlesIn(store, 'l1')[0]).toBe('Neuer Titel');
  });

  it('rolls an edit back with a German message when the server refuses', async () => {
    fake.answer('updateCardRow', () => Promise.reject(failed()));
    expect(await store.updateCard('c1', { title: 'Abgelehnt' })).toBe(false);
    expect(titlesIn(store, 'l1')[0]).toBe('Karte c1');
    expect(getToastsForTest().map((t) => t.message)).toContain(
      'Die Änderung konnte nicht gespeichert werden und wurde zurückgenommen.',
    );
  });

  it('says so when the user lacks the right', async () => {
    fake.answer('deleteCardRow', () => Promise.reject(refused()));
    const deleting = store.deleteCard('c2');
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1']);
    expect(await deleting).toBe(false);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
    expect(getToastsForTest().map((t) => t.message)).toContain('Dafür fehlen Ihnen die Rechte.');
  });

  it('rolls back only the refused edit while others land', async () => {
    const refusal = deferred<unknown>();
    fake.answer('updateCardRow', () => refusal.promise);
    const saving = store.updateCard('c1', { title: 'Abgelehnt' });
    fake.push(change('cards', 'UPDATE', card('c2', 'l1', 2048, { title: 'Von Kollegin' })));
    refusal.reject(failed());
    await saving;
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Von Kollegin']);
  });

  it("keeps a colleague's change to another field while an own edit is pending", async () => {
    const refusal = deferred<unknown>();
    fake.answer('updateCardRow', () => refusal.promise);
    const saving = store.updateCard('c1', { title: 'Mein Titel' });
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { description: 'Von Kollegin' })));
    expect(store.getState().data!.cards.c1).toMatchObject({
      title: 'Mein Titel',
      description: 'Von Kollegin',
    });
    refusal.reject(failed());
    await saving;
    expect(store.getState().data!.cards.c1).toMatchObject({
      title: 'Karte c1',
      description: 'Von Kollegin',
    });
  });

  it('takes a refused new list away again with a German message', async () => {
    fake.answer('insertList', () => Promise.reject(failed()));
    const adding = store.addList('Später');
    expect(selectLists(store.getState().data!).map((l) => l.title)).toContain('Später');
    expect(await adding).toBeNull();
    expect(selectLists(store.getState().data!).map((l) => l.title)).toEqual([
      'Zu erledigen',
      'Erledigt',
    ]);
    expect(getToastsForTest().map((t) => t.message)).toContain(
      'Das Element konnte nicht angelegt werden.',
    );
  });

  it('does not duplicate a new card when its realtime echo arrives', async () => {
    const id = await store.addCard('l2', '  Bericht  ');
    expect(id).not.toBeNull();
    const inserted = fake.calls.find((c) => c.name === 'insertCard')!.args[0] as { id: string };
    fake.push(change('cards', 'INSERT', card(inserted.id, 'l2', 1024, { title: 'Bericht' })));
    expect(titlesIn(store, 'l2')).toEqual(['Bericht']);
  });

  it('ignores a blank card title', async () => {
    expect(await store.addCard('l1', '   ')).toBeNull();
    expect(fake.calls).toHaveLength(0);
  });

  it('keeps a newer change when a slow answer arrives late', async () => {
    const slow = deferred<unknown>();
    fake.answer('updateCardRow', () => slow.promise);
    const saving = store.updateCard('c1', { title: 'Mein Titel' });
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { title: 'Mein Titel' })));
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { title: 'Titel der Kollegin' })));
    slow.resolve(card('c1', 'l1', 1024, { title: 'Mein Titel' }));
    await saving;
    expect(titlesIn(store, 'l1')[0]).toBe('Titel der Kollegin');
  });

  it('keeps a second quick edit when the echo of the first arrives after both answers', async () => {
    // The server answers with the row as it stands after each write.
    let row = {};
    fake.answer('updateCardRow', ([, patch]) => {
      row = { ...row, ...(patch as object) };
      return Promise.resolve(card('c1', 'l1', 1024, row));
    });
    await store.updateCard('c1', { priority: 'high' });
    await store.updateCard('c1', { due_date: '2026-12-24' });
    // The first write's echo: the row as it stood between the two writes.
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { priority: 'high' })));
    expect(store.getState().data!.cards.c1).toMatchObject({
      priority: 'high',
      due_date: '2026-12-24',
    });
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, row)));
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { ...row, title: 'Von Kollegin' })));
    expect(store.getState().data!.cards.c1).toMatchObject({
      title: 'Von Kollegin',
      due_date: '2026-12-24',
    });
  });

  it('keeps an edit whose answer comes after the echo of an earlier edit', async () => {
    const second = deferred<unknown>();
    fake.answer('updateCardRow', () =>
      Promise.resolve(card('c1', 'l1', 1024, { priority: 'high' })),
    );
    await store.updateCard('c1', { priority: 'high' });
    fake.answer('updateCardRow', () => second.promise);
    const saving = store.updateCard('c1', { due_date: '2026-12-24' });
    fake.push(change('cards', 'UPDATE', card('c1', 'l1', 1024, { priority: 'high' })));
    const both = card('c1', 'l1', 1024, { priority: 'high', due_date: '2026-12-24' });
    second.resolve(both);
    await saving;
    expect(store.getState().data!.cards.c1).toMatchObject({ due_date: '2026-12-24' });
    fake.push(change('cards', 'UPDATE', both));
    expect(store.getState().data!.cards.c1).toMatchObject({ due_date: '2026-12-24' });
  });

  it('sends a second move of a card only once the first is answered, so they land in order', async () => {
    const first = deferred<unknown>();
    fake.answer('updateCardRow', () => first.promise);
    const there = store.moveCard('c1', { listId: 'l2', after: null, before: null });
    const back = store.moveCard('c1', { listId: 'l1', after: null, before: 'c2' });
    await Promise.resolve();
    expect(fake.calls.filter((c) => c.name === 'updateCardRow')).toHaveLength(1);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
    fake.answer('updateCardRow', ([, patch]) =>
      Promise.resolve(card('c1', 'l1', (patch as { position: number }).position)),
    );
    first.resolve(card('c1', 'l2', 1024));
    await Promise.all([there, back]);
    const writes = fake.calls.filter((c) => c.name === 'updateCardRow');
    expect(writes.map((w) => (w.args[1] as { list_id: string }).list_id)).toEqual(['l2', 'l1']);
    expect(titlesIn(store, 'l1')).toEqual(['Karte c1', 'Karte c2']);
  });

  it('moves a card with one write between its new neighbours', async () => {
    fake.push(change('cards', 'INSERT', card('c3', 'l2', 1024)));
    fake.push(change('cards', 'INSERT', card('c4', 'l2', 2048)));
    await store.moveCard('c1', { listId: 'l2', after: 'c3', before: 'c4' });
    const writes = fake.calls.filter((c) => c.name === 'updateCardRow');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.args).toEqual(['c1', { list_id: 'l2', position: 1536 }]);
    expect(titlesIn(store, 'l2')).toEqual(['Karte c3', 'Karte c1', 'Karte c4']);
  });

  it('writes nothing when a card is dropped where it is', async () => {
    expect(await store.moveCard('c1', { listId: 'l1', after: null, before: 'c2' })).toBe(false);
    expect(fake.calls).toHaveLength(0);
  });

  it('adds a saved subtask, trimmed, at the end of the card', async () => {
    const id = await store.addChecklistItem('c1', {
      text: '  Logo liefern ',
      due_date: null,
      assigned_to: null,
    });
    const item = store.getState().data!.cards.c1!.checklist.find((i) => i.id === id);
    expect(item).toMatchObject({ text: 'Logo liefern', completed: false, position: 1024 });
  });

  it('writes no subtask with blank text', async () => {
    expect(
      await store.addChecklistItem('c1', { text: ' ', due_date: null, assigned_to: null }),
    ).toBeNull();
    expect(fake.calls).toHaveLength(0);
  });
});

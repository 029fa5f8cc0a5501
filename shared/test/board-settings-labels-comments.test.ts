import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BoardStore, selectCardsByList } from './store-harness';
import { createMemoryGateway, sampleBoardSnapshot, type MemoryGateway } from '../src/testing';

let memory: MemoryGateway;
let store: BoardStore;

const data = () => store.getState().data!;
const cardIdsIn = (listId: string) => (selectCardsByList(data())[listId] ?? []).map((c) => c.id);
const writes = (name: string) => memory.calls.filter((call) => call.name === name);

beforeEach(async () => {
  memory = createMemoryGateway(sampleBoardSnapshot());
  store = new BoardStore(memory.gateway);
  store.open('board-1');
  await new Promise((resolve) => setTimeout(resolve, 0));
});

afterEach(() => store.close());

describe('undoable card deletion', () => {
  it('hides the card at once by a soft delete, and undo brings it back whole', async () => {
    const before = data().cards['card-drinks']!;
    expect(await store.softDeleteCard('card-drinks')).toBe(true);
    expect(cardIdsIn('list-todo')).not.toContain('card-drinks');
    expect(writes('updateCardRow').at(-1)?.args).toEqual([
      'card-drinks',
      { deleted_at: expect.any(String) },
    ]);
    expect(writes('deleteCardRow')).toEqual([]);

    expect(await store.restoreCard('card-drinks')).toBe(true);
    expect(cardIdsIn('list-todo')).toContain('card-drinks');
    const after = data().cards['card-drinks']!;
    expect(after).toMatchObject({
      position: before.position,
      label_ids: before.label_ids,
      assignee_ids: before.assignee_ids,
      checklist: before.checklist,
      comments: before.comments,
      deleted_at: null,
    });
  });

  it('hides a card another member deleted, from the realtime UPDATE, and shows it on undo', () => {
    const row = { ...data().cards['card-music']! } as Record<string, unknown>;
    memory.push({
      table: 'cards',
      eventType: 'UPDATE',
      new: { ...row, deleted_at: '2026-01-01T00:00:00Z' },
      old: {},
    });
    expect(cardIdsIn('list-todo')).not.toContain('card-music');
    memory.push({
      table: 'cards',
      eventType: 'UPDATE',
      new: { ...row, deleted_at: null },
      old: {},
    });
    expect(cardIdsIn('list-todo')).toContain('card-music');
  });

  it('keeps the card when the server refuses the deletion', async () => {
    memory.refuse('updateCardRow');
    expect(await store.softDeleteCard('card-drinks')).toBe(false);
    expect(cardIdsIn('list-todo')).toContain('card-drinks');
  });
});

describe('board settings', () => {
  it('renames the board and changes its background, trimmed, in one write each', async () => {
    await store.updateBoard({ title: '  Neuer Name ' });
    expect(data().board.title).toBe('Neuer Name');
    await store.updateBoard({ background: 'bg-gradient-to-br from-amber-400 to-orange-600' });
    expect(data().board.background).toBe('bg-gradient-to-br from-amber-400 to-orange-600');
    expect(writes('updateBoardRow').map((call) => call.args[1])).toEqual([
      { title: 'Neuer Name' },
      { background: 'bg-gradient-to-br from-amber-400 to-orange-600' },
    ]);
  });

  it('sends nothing for a blank or unchanged name', async () => {
    await store.updateBoard({ title: '   ' });
    await store.updateBoard({ title: data().board.title });
    expect(writes('updateBoardRow')).toEqual([]);
  });
});

describe('labels', () => {
  it('renames and recolours a label, and deletes it from the board', async () => {
    await store.updateLabel('label-1', { name: ' Besorgung ', color: 'bg-red-100 text-red-800' });
    expect(data().labels.find((l) => l.id === 'label-1')).toMatchObject({
      name: 'Besorgung',
      color: 'bg-red-100 text-red-800',
    });
    await store.deleteLabel('label-1');
    expect(data().labels.map((l) => l.id)).not.toContain('label-1');
  });
});

describe('comments', () => {
  it('edits a comment and marks it edited, and deletes it', async () => {
    const comment = data().cards['card-drinks']!.comments[0]!;
    await store.editComment(comment.id, ' Korrigiert ');
    expect(data().cards['card-drinks']!.comments[0]).toMatchObject({
      text: 'Korrigiert',
      edited_at: expect.any(String),
    });
    await store.deleteComment(comment.id);
    expect(data().cards['card-drinks']!.comments).toEqual([]);
  });

  it('rolls an edit back when the server refuses it (another author)', async () => {
    memory.refuse('updateCommentRow');
    const comment = data().cards['card-drinks']!.comments[0]!;
    expect(await store.editComment(comment.id, 'Fremd')).toBe(false);
    expect(data().cards['card-drinks']!.comments[0]!.text).toBe(comment.text);
  });
});

describe('profiles', () => {
  it('renames a member when their profile changes', () => {
    memory.push({
      table: 'profiles',
      eventType: 'UPDATE',
      new: { id: 'user-ben', full_name: 'Ben Neumann', email: 'ben@beispiel.de' },
      old: {},
    });
    expect(data().members.find((m) => m.user_id === 'user-ben')?.profile?.full_name).toBe(
      'Ben Neumann',
    );
  });
});

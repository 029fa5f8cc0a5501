/**
 * The archive of cards, lists and boards, seen from the real supabase-js over the real REST
 * surface: archiving stamps the server's time and takes the row off the board snapshot, export
 * and 'Meine Aufgaben' for everyone; the archive itself is a plain select of archived rows that
 * only members get; restoring brings a card back with everything it had; only the owner
 * archives or restores a board; a member who left restores nothing into the board; the history
 * records both steps; and what was archived more than 30 days ago is purged.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { addMember } from './support/members.ts';

type Row = Record<string, unknown>;

interface Person {
  id: string;
  email: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let owner: Person;
let member: Person;
let stranger: Person;

const signedIn = async (fullName: string): Promise<Person> => {
  const email = uniqueEmail();
  const { client, user } = await backend.signUpAndSignIn(email, 'geheim123', fullName);
  return { id: user.id, email, client };
};

/** A board of the owner's with the member invited, and one list. */
const newBoard = async (title: string) => {
  const board = await owner.client.from('boards').insert({ title }).select().single();
  expect(board.error).toBeNull();
  const boardId = board.data!.id as string;
  await addMember(owner.client, boardId, member);
  const listId = await newList(boardId, 'Zu erledigen');
  return { boardId, listId };
};

const newList = async (boardId: string, title: string) => {
  const list = await owner.client
    .from('lists')
    .insert({ board_id: boardId, title, position: 1024 })
    .select()
    .single();
  expect(list.error).toBeNull();
  return list.data!.id as string;
};

const newCard = async (listId: string, title: string) => {
  const { data, error } = await owner.client
    .from('cards')
    .insert({ list_id: listId, title, position: 1024 })
    .select()
    .single();
  expect(error).toBeNull();
  return data!.id as string;
};

const snapshot = async (client: SupabaseClient, boardId: string) => {
  const { data, error } = await client.rpc('board_snapshot', { p_board_id: boardId });
  expect(error).toBeNull();
  return data as { lists: Row[]; cards: Row[] };
};

const kinds = async (boardId: string) =>
  (
    await backend.sql(
      'select kind, data from public.activity where board_id = $1 order by created_at',
      [boardId],
    )
  ).map((row) => [row.kind, (row.data as Row).card_title ?? (row.data as Row).list_title]);

const archive = (client: SupabaseClient, table: 'cards' | 'lists' | 'boards', id: string) =>
  client.from(table).update({ archived_at: 'now' }).eq('id', id).select();

const restore = (client: SupabaseClient, table: 'cards' | 'lists' | 'boards', id: string) =>
  client.from(table).update({ archived_at: null }).eq('id', id).select();

beforeAll(async () => {
  backend = await startTestBackend();
  [owner, member, stranger] = await Promise.all([
    signedIn('Olga Owner'),
    signedIn('Max Member'),
    signedIn('Sven Fremd'),
  ]);
});

afterAll(async () => {
  await backend?.close();
});

describe('a card', () => {
  it("is archived with the server's time, leaves the snapshot, and comes back whole", async () => {
    const { boardId, listId } = await newBoard('Karten');
    const cardId = await newCard(listId, 'Alte Aufgabe');
    await owner.client.from('card_assignees').insert({ card_id: cardId, user_id: member.id });
    await owner.client
      .from('card_checklist_items')
      .insert({ card_id: cardId, text: 'Schritt', position: 1024 });
    const before = (await snapshot(member.client, boardId)).cards.find((c) => c.id === cardId);

    const archived = await member.client
      .from('cards')
      .update({ archived_at: '2000-01-01T00:00:00Z' })
      .eq('id', cardId)
      .select()
      .single();
    expect(archived.error).toBeNull();
    expect(Date.now() - Date.parse(archived.data!.archived_at as string)).toBeLessThan(60_000);
    expect((await snapshot(member.client, boardId)).cards.map((c) => c.id)).not.toContain(cardId);

    // The archive view's query: the board's archived cards, for its members only.
    const listed = await member.client
      .from('cards')
      .select('id, title')
      .eq('board_id', boardId)
      .not('archived_at', 'is', null);
    expect(listed.data).toEqual([{ id: cardId, title: 'Alte Aufgabe' }]);
    const seenByStranger = await stranger.client
      .from('cards')
      .select('id')
      .eq('board_id', boardId)
      .not('archived_at', 'is', null);
    expect(seenByStranger.data).toEqual([]);

    const restored = await restore(member.client, 'cards', cardId);
    expect(restored.error).toBeNull();
    expect(restored.data).toHaveLength(1);
    const after = (await snapshot(member.client, boardId)).cards.find((c) => c.id === cardId);
    // Whole again; archiving and restoring are two updates, each a new row version.
    expect(after).toEqual({
      ...before,
      version: (before as { version: number }).version + 2,
      updated_by: expect.any(String),
    });
    expect(await kinds(boardId)).toEqual(
      expect.arrayContaining([
        ['card_archived', 'Alte Aufgabe'],
        ['card_unarchived', 'Alte Aufgabe'],
      ]),
    );
  });

  it('cannot be archived or restored by someone who is not a member', async () => {
    const { listId } = await newBoard('Fremd');
    const cardId = await newCard(listId, 'Nicht deine');
    const attempt = await archive(stranger.client, 'cards', cardId);
    expect(attempt.data ?? []).toEqual([]);
    const [row] = await backend.sql('select archived_at from public.cards where id = $1', [cardId]);
    expect(row!.archived_at).toBeNull();
  });

  it('cannot be restored by a member who has left the board', async () => {
    const { boardId, listId } = await newBoard('Verlassen');
    const cardId = await newCard(listId, 'Archiviert vor dem Gehen');
    expect((await archive(member.client, 'cards', cardId)).data).toHaveLength(1);
    const left = await member.client
      .from('board_members')
      .delete()
      .eq('board_id', boardId)
      .eq('user_id', member.id);
    expect(left.error).toBeNull();

    const attempt = await restore(member.client, 'cards', cardId);
    expect(attempt.data ?? []).toEqual([]);
    const listed = await member.client
      .from('cards')
      .select('id')
      .eq('board_id', boardId)
      .not('archived_at', 'is', null);
    expect(listed.data).toEqual([]);
    const [row] = await backend.sql('select archived_at from public.cards where id = $1', [cardId]);
    expect(row!.archived_at).not.toBeNull();
  });

  it('is left out of the export and of Meine Aufgaben', async () => {
    const { boardId, listId } = await newBoard('Export');
    const kept = await newCard(listId, 'Bleibt');
    const gone = await newCard(listId, 'Archiviert');
    for (const id of [kept, gone]) {
      await owner.client.from('card_assignees').insert({ card_id: id, user_id: member.id });
    }
    await archive(owner.client, 'cards', gone);
    const exported = await member.client.rpc('export_board', { p_board_id: boardId });
    expect(exported.error).toBeNull();
    const doc = exported.data as { lists: { cards: Row[] }[] };
    expect(doc.lists[0]!.cards.map((c) => c.title)).toEqual(['Bleibt']);
    expect(doc.lists[0]!.cards[0]).not.toHaveProperty('archived_at');
    const tasks = await member.client.rpc('my_tasks');
    const titles = (tasks.data as Row[]).map((task) => task.card_title);
    expect(titles).toContain('Bleibt');
    expect(titles).not.toContain('Archiviert');
  });
});

describe('a list', () => {
  it('is archived with its cards and restored with them', async () => {
    const { boardId, listId } = await newBoard('Listen');
    const other = await newList(boardId, 'Erledigt');
    const cardId = await newCard(other, 'In der Liste');
    expect((await archive(member.client, 'lists', other)).data).toHaveLength(1);

    const hidden = await snapshot(owner.client, boardId);
    expect(hidden.lists.map((l) => l.id)).toEqual([listId]);
    expect(hidden.cards.map((c) => c.id)).not.toContain(cardId);
    const exported = await owner.client.rpc('export_board', { p_board_id: boardId });
    expect((exported.data as { lists: Row[] }).lists.map((l) => l.title)).toEqual(['Zu erledigen']);

    expect((await restore(owner.client, 'lists', other)).data).toHaveLength(1);
    const back = await snapshot(owner.client, boardId);
    expect(back.lists.map((l) => l.id).sort()).toEqual([listId, other].sort());
    expect(back.cards.map((c) => c.id)).toContain(cardId);
    expect(await kinds(boardId)).toEqual(
      expect.arrayContaining([
        ['list_archived', 'Erledigt'],
        ['list_unarchived', 'Erledigt'],
      ]),
    );
  });
});

describe('a board', () => {
  it("is archived and restored by its owner only, and stays readable for its members' archive", async () => {
    const { boardId } = await newBoard('Board im Archiv');
    const byMember = await archive(member.client, 'boards', boardId);
    expect(byMember.data ?? []).toEqual([]);

    expect((await archive(owner.client, 'boards', boardId)).data).toHaveLength(1);
    // The selector's query leaves it out; the archive's finds it, for members only.
    const active = await member.client.from('boards').select('id').is('archived_at', null);
    expect((active.data ?? []).map((b) => b.id)).not.toContain(boardId);
    const archived = await member.client
      .from('boards')
      .select('id, title')
      .not('archived_at', 'is', null);
    expect(archived.data).toContainEqual({ id: boardId, title: 'Board im Archiv' });
    const byStranger = await stranger.client.from('boards').select('id').eq('id', boardId);
    expect(byStranger.data).toEqual([]);

    const restoredByMember = await restore(member.client, 'boards', boardId);
    expect(restoredByMember.data ?? []).toEqual([]);
    expect((await restore(owner.client, 'boards', boardId)).data).toHaveLength(1);
  });

  it('is destroyed for good by its owner only', async () => {
    const { boardId } = await newBoard('Endgültig');
    await archive(owner.client, 'boards', boardId);
    const byMember = await member.client.from('boards').delete().eq('id', boardId).select();
    expect(byMember.data ?? []).toEqual([]);
    const byOwner = await owner.client.from('boards').delete().eq('id', boardId).select();
    expect(byOwner.data).toHaveLength(1);
    expect(await backend.sql('select id from public.boards where id = $1', [boardId])).toEqual([]);
  });
});

describe('the purge', () => {
  it('deletes, on the next archiving, what was archived more than 30 days ago', async () => {
    const { boardId, listId } = await newBoard('Alt');
    const oldCard = await newCard(listId, 'Vor langer Zeit');
    const oldList = await newList(boardId, 'Alte Liste');
    const { boardId: oldBoard } = await newBoard('Altes Board');
    const freshCard = await newCard(listId, 'Gerade eben');
    await archive(owner.client, 'cards', oldCard);
    await archive(owner.client, 'lists', oldList);
    await archive(owner.client, 'boards', oldBoard);
    // Back-date them past the trigger, as if 31 days had gone by.
    await backend.sql(`do $$ begin
      perform set_config('session_replication_role', 'replica', true);
      update public.cards set archived_at = now() - interval '31 days' where id = '${oldCard}';
      update public.lists set archived_at = now() - interval '31 days' where id = '${oldList}';
      update public.boards set archived_at = now() - interval '31 days' where id = '${oldBoard}';
    end $$`);
    await archive(member.client, 'cards', freshCard);

    expect(await backend.sql('select id from public.cards where id = $1', [oldCard])).toEqual([]);
    expect(await backend.sql('select id from public.lists where id = $1', [oldList])).toEqual([]);
    expect(await backend.sql('select id from public.boards where id = $1', [oldBoard])).toEqual([]);
    expect(await backend.sql('select id from public.cards where id = $1', [freshCard])).toEqual([
      { id: freshCard },
    ]);
    // Purged from the archive, not deleted from the board: no second history entry.
    const deletions = (await kinds(boardId)).filter(([kind]) => String(kind).endsWith('_deleted'));
    expect(deletions).toEqual([]);
  });
});

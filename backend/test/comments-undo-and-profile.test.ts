/**
 * The database rules behind editing comments, undoable card deletion and the profile, seen from the real supabase-js over the real REST surface:
 * comments are changed and deleted by their author only, whatever another member sends; a card
 * deletion is a soft delete that undo reverses with everything the card had, and is purged
 * server-side once its window has passed; a changed full name reaches the profile fellow
 * members read.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { addMember } from './support/members.ts';

type Row = Record<string, unknown>;

interface Person {
  id: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let owner: Person;
let member: Person;
let boardId: string;
let listId: string;

const signedIn = async (fullName: string): Promise<Person> => {
  const { client, user } = await backend.signUpAndSignIn(uniqueEmail(), 'geheim123', fullName);
  return { id: user.id, client };
};

const newCard = async (title: string) => {
  const { data, error } = await owner.client
    .from('cards')
    .insert({ list_id: listId, title, position: 1024 })
    .select()
    .single();
  expect(error).toBeNull();
  return data!.id as string;
};

beforeAll(async () => {
  backend = await startTestBackend();
  [owner, member] = await Promise.all([signedIn('Olga Owner'), signedIn('Max Member')]);
  const board = await owner.client.from('boards').insert({ title: 'Alltag' }).select().single();
  boardId = board.data!.id as string;
  const [profile] = await backend.sql('select email from public.profiles where id = $1', [
    member.id,
  ]);
  await addMember(owner.client, boardId, {
    client: member.client,
    email: profile!.email as string,
  });
  const list = await owner.client
    .from('lists')
    .insert({ board_id: boardId, title: 'Zu erledigen', position: 1024 })
    .select()
    .single();
  listId = list.data!.id as string;
});

afterAll(async () => {
  await backend?.close();
});

describe('comments', () => {
  const comment = async (cardId: string, text: string) => {
    const { data, error } = await owner.client
      .from('card_comments')
      .insert({ card_id: cardId, user_id: owner.id, text })
      .select()
      .single();
    expect(error).toBeNull();
    return data!;
  };

  it('are edited by their author, who gets edited_at from the server', async () => {
    const cardId = await newCard('Kommentiert');
    const written = await comment(cardId, 'Erster Entwurf');
    expect(written.edited_at).toBeNull();
    const { data, error } = await owner.client
      .from('card_comments')
      .update({ text: 'Zweiter Entwurf' })
      .eq('id', written.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ text: 'Zweiter Entwurf', user_id: owner.id });
    expect(Date.parse(data!.edited_at as string)).toBeGreaterThanOrEqual(
      Date.parse(written.created_at as string),
    );
  });

  it('cannot be changed or deleted by another member, whatever they send', async () => {
    const cardId = await newCard('Fremder Kommentar');
    const written = await comment(cardId, 'Von Olga');
    const attempts = [
      member.client.from('card_comments').update({ text: 'Von Max geändert' }).eq('id', written.id),
      member.client
        .from('card_comments')
        .update({ text: 'Von Max', user_id: member.id })
        .eq('id', written.id),
      member.client.from('card_comments').update({ edited_at: null }).eq('id', written.id),
      member.client.from('card_comments').delete().eq('id', written.id),
      member.client
        .from('card_comments')
        .upsert({ id: written.id, card_id: cardId, user_id: owner.id, text: 'Übernommen' }),
    ];
    for (const attempt of attempts) {
      const { error } = await attempt;
      // Refused outright (no grant, or a row-level security check) or matching no row.
      if (error) expect(['42501', '23505']).toContain(error.code);
    }
    const [stored] = await backend.sql(
      'select text, user_id, edited_at from public.card_comments where id = $1',
      [written.id],
    );
    expect(stored).toEqual({ text: 'Von Olga', user_id: owner.id, edited_at: null });
  });

  it('are deleted by their author', async () => {
    const cardId = await newCard('Gelöscht');
    const written = await comment(cardId, 'Weg damit');
    const { error } = await owner.client.from('card_comments').delete().eq('id', written.id);
    expect(error).toBeNull();
    expect(
      await backend.sql('select id from public.card_comments where id = $1', [written.id]),
    ).toEqual([]);
  });
});

describe('card deletion', () => {
  /** A card with a label, an assignee, a subtask and a comment. */
  const richCard = async () => {
    const cardId = await newCard('Mit allem');
    const label = await owner.client
      .from('board_labels')
      .insert({ board_id: boardId, name: 'Wichtig', color: 'bg-red-100 text-red-800' })
      .select()
      .single();
    await owner.client.from('card_tags').insert({ card_id: cardId, label_id: label.data!.id });
    await owner.client.from('card_assignees').insert({ card_id: cardId, user_id: member.id });
    await owner.client
      .from('card_checklist_items')
      .insert({ card_id: cardId, text: 'Schritt', position: 1024 });
    await owner.client
      .from('card_comments')
      .insert({ card_id: cardId, user_id: owner.id, text: 'Notiz' });
    return cardId;
  };

  const snapshotCard = async (client: SupabaseClient, cardId: string) => {
    const { data } = await client.rpc('board_snapshot', { p_board_id: boardId });
    return (data as { cards: Row[] }).cards.find((card) => card.id === cardId);
  };

  it("is a soft delete stamped with the server's time, undone with everything the card had", async () => {
    const cardId = await richCard();
    const before = await snapshotCard(member.client, cardId);
    const { error } = await member.client
      .from('cards')
      .update({ deleted_at: '2000-01-01T00:00:00Z' })
      .eq('id', cardId);
    expect(error).toBeNull();
    const deleted = await snapshotCard(owner.client, cardId);
    expect(Date.now() - Date.parse(deleted!.deleted_at as string)).toBeLessThan(60_000);

    const undo = await owner.client.from('cards').update({ deleted_at: null }).eq('id', cardId);
    expect(undo.error).toBeNull();
    const after = await snapshotCard(member.client, cardId);
    // Everything back; the deletion and its undo are two updates, each a new row version.
    expect(after).toEqual({ ...before, version: (before as { version: number }).version + 2 });
    expect(after).toMatchObject({
      deleted_at: null,
      label_ids: [expect.any(String)],
      assignee_ids: [member.id],
      checklist: [expect.objectContaining({ text: 'Schritt' })],
      comments: [expect.objectContaining({ text: 'Notiz' })],
    });
  });

  it('purges, on the next deletion, cards deleted more than 30 seconds ago', async () => {
    const old = await richCard();
    const fresh = await newCard('Frisch gelöscht');
    await member.client.from('cards').update({ deleted_at: 'now' }).eq('id', old);
    // Back-date the first deletion, past the triggers, as if 31 seconds had gone by.
    await backend.sql(`do $$ begin
      perform set_config('session_replication_role', 'replica', true);
      update public.cards set deleted_at = now() - interval '31 seconds' where id = '${old}';
    end $$`);
    await member.client.from('cards').update({ deleted_at: 'now' }).eq('id', fresh);
    expect(await backend.sql('select id from public.cards where id = $1', [old])).toEqual([]);
    expect(
      await backend.sql('select id from public.card_comments where card_id = $1', [old]),
    ).toEqual([]);
    expect(await backend.sql('select id from public.cards where id = $1', [fresh])).toEqual([
      { id: fresh },
    ]);
  });
});

describe('profile name', () => {
  it('follows updateUser into the profile fellow members read', async () => {
    const { error } = await member.client.auth.updateUser({ data: { full_name: 'Max Neumann' } });
    expect(error).toBeNull();
    const { data } = await owner.client.from('profiles').select('full_name').eq('id', member.id);
    expect(data).toEqual([{ full_name: 'Max Neumann' }]);
  });
});

describe('password change', () => {
  it('needs the current password, as updateUser sends it', async () => {
    const person = await backend.signUpAndSignIn(uniqueEmail(), 'alt-geheim', 'Paula Passwort');
    const missing = await person.client.auth.updateUser({ password: 'neu-geheim' });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    const wrong = await person.client.auth.updateUser({
      password: 'neu-geheim',
      current_password: 'falsch',
    });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    const right = await person.client.auth.updateUser({
      password: 'neu-geheim',
      current_password: 'alt-geheim',
    });
    expect(right.error).toBeNull();
    const again = await backend
      .client()
      .auth.signInWithPassword({ email: person.email, password: 'neu-geheim' });
    expect(again.error).toBeNull();
  });
});

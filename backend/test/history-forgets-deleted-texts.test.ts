/**
 * Deletion removes the text from the history, as members read it through the real supabase-js:
 * a deleted comment's entries say that it was written, edited and deleted, by whom, but not its
 * words; a card deleted for good takes its description out of its entries. Titles stay, and so
 * do the texts of comments and descriptions that still exist.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { must, newBoard, newCard, newList } from './support/rows.ts';
import { addMember } from './support/members.ts';

interface Entry {
  kind: string;
  data: Record<string, unknown>;
}

let backend: TestBackend;
let owner: SupabaseClient;
let member: SupabaseClient;
let memberId: string;
let boardId: string;
let listId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  const [o, m] = await Promise.all([
    backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner'),
    backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Max Member'),
  ]);
  [owner, member, memberId] = [o.client, m.client, m.user.id];
  boardId = await newBoard(owner, 'Verlauf');
  await addMember(owner, boardId, m);
  listId = await newList(owner, boardId, 'Zu erledigen');
});

afterAll(async () => {
  await backend?.close();
});

/** A card's history as a member reads it (the app's query), oldest first. */
const historyOf = async (client: SupabaseClient, cardId: string): Promise<Entry[]> =>
  (
    must(
      await client
        .from('activity')
        .select('kind, data')
        .eq('card_id', cardId)
        .order('created_at', { ascending: true }),
    ) as Entry[]
  ).map(({ kind, data }) => ({ kind, data }));

const comment = async (cardId: string, text: string): Promise<string> =>
  must(
    await member
      .from('card_comments')
      .insert({ card_id: cardId, user_id: memberId, text })
      .select('id')
      .single(),
  ).id as string;

describe('a deleted comment', () => {
  it('leaves its entries in the history without its words, for every member', async () => {
    const cardId = await newCard(member, listId, 'Mit Geheimnis');
    const secret = await comment(cardId, 'Mein Passwort ist hunter2');
    must(
      await member.from('card_comments').update({ text: 'Passwort: hunter2!' }).eq('id', secret),
    );
    const kept = await comment(cardId, 'Dieser bleibt');
    must(await member.from('card_comments').delete().eq('id', secret));

    for (const reader of [owner, member]) {
      const history = await historyOf(reader, cardId);
      expect(JSON.stringify(history)).not.toContain('hunter2');
      const ofSecret = history.filter((e) => e.data.comment_id === secret);
      expect(ofSecret.map((e) => e.kind)).toEqual([
        'comment_added',
        'comment_edited',
        'comment_removed',
      ]);
      // Who wrote, edited and deleted it stays; the entries that quoted it say the text is gone.
      for (const entry of ofSecret) {
        expect(entry.data).toMatchObject({ actor_name: 'Max Member' });
        expect(entry.data).not.toHaveProperty('before');
        expect(entry.data).not.toHaveProperty('after');
      }
      expect(ofSecret.slice(0, 2).map((e) => e.data.text_removed)).toEqual([true, true]);
      // Another comment of the same card keeps its text.
      expect(history.find((e) => e.data.comment_id === kept)?.data).toMatchObject({
        after: 'Dieser bleibt',
      });
    }
  });

  it('is not readable by a member invited after its deletion either', async () => {
    const cardId = await newCard(member, listId, 'Vor der Einladung');
    const secret = await comment(cardId, 'Privat: nur für Olga');
    must(await member.from('card_comments').delete().eq('id', secret));
    const later = await backend.signUpAndSignIn(uniqueEmail('later'), 'geheim123', 'Lena Later');
    await addMember(owner, boardId, later);
    const history = await historyOf(later.client, cardId);
    expect(history.map((e) => e.kind)).toEqual([
      'card_created',
      'comment_added',
      'comment_removed',
    ]);
    expect(JSON.stringify(history)).not.toContain('Privat');
  });

  it('goes with its card: the comments of a card deleted for good lose their words too', async () => {
    const cardId = await newCard(member, listId, 'Ganz weg');
    await comment(cardId, 'Wird mit der Karte vergessen');
    must(await member.from('cards').delete().eq('id', cardId));
    const history = await historyOf(owner, cardId);
    expect(history.map((e) => e.kind)).toEqual(['card_created', 'comment_added', 'card_deleted']);
    expect(JSON.stringify(history)).not.toContain('vergessen');
  });
});

describe("a card's description", () => {
  it('stays in the history while the card exists, deleted (undoable) or not', async () => {
    const cardId = await newCard(member, listId, 'Beschrieben');
    must(await member.from('cards').update({ description: 'Erste Fassung' }).eq('id', cardId));
    must(await member.from('cards').update({ deleted_at: 'now' }).eq('id', cardId));
    const history = await historyOf(owner, cardId);
    expect(history.find((e) => e.kind === 'card_description')?.data).toMatchObject({
      before: '',
      after: 'Erste Fassung',
    });
  });

  it('leaves the history when the card is purged after its undo window', async () => {
    const cardId = await newCard(member, listId, 'Wird gelöscht');
    must(
      await member.from('cards').update({ description: 'Zugangsdaten: geheim' }).eq('id', cardId),
    );
    must(
      await member
        .from('cards')
        .update({ description: 'Zugangsdaten: streng geheim' })
        .eq('id', cardId),
    );
    must(await member.from('cards').update({ deleted_at: 'now' }).eq('id', cardId));
    // Back-date the deletion past the triggers, as if half a minute had gone by; the next
    // deletion purges it.
    await backend.sql(`do $$ begin
      perform set_config('session_replication_role', 'replica', true);
      update public.cards set deleted_at = now() - interval '31 seconds' where id = '${cardId}';
    end $$`);
    const trigger = await newCard(member, listId, 'Löst den Purge aus');
    must(await member.from('cards').update({ deleted_at: 'now' }).eq('id', trigger));
    expect(await backend.sql('select id from public.cards where id = $1', [cardId])).toEqual([]);

    const history = await historyOf(member, cardId);
    expect(JSON.stringify(history)).not.toContain('geheim');
    const descriptions = history.filter((e) => e.kind === 'card_description');
    expect(descriptions).toHaveLength(2);
    for (const entry of descriptions) {
      expect(entry.data).toMatchObject({ text_removed: true, card_title: 'Wird gelöscht' });
    }
    // The card's title and the deletion stay: the history still tells what happened.
    expect(history.map((e) => e.kind)).toContain('card_deleted');
  });

  it('deleting a board with its cards and comments still works', async () => {
    const otherBoard = await newBoard(owner, 'Ganz löschen');
    const otherList = await newList(owner, otherBoard, 'Liste');
    const cardId = await newCard(owner, otherList, 'Karte');
    must(await owner.from('cards').update({ description: 'Text' }).eq('id', cardId));
    must(
      await owner.from('card_comments').insert({
        card_id: cardId,
        user_id: (await owner.auth.getUser()).data.user!.id,
        text: 'Hallo',
      }),
    );
    const deleted = await owner.from('boards').delete().eq('id', otherBoard);
    expect(deleted.error).toBeNull();
    expect(
      await backend.sql('select id from public.activity where board_id = $1', [otherBoard]),
    ).toEqual([]);
  });
});

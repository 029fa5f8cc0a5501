/**
 * Notifications and watching (migrations 20261126013000/013001): the database writes one
 * notification per reason, never to the actor and only to current members; mentions come from
 * the stored text (`@[<user id>]`); watching follows creators, assignees and commenters unless
 * they stopped; only the recipient reads and marks read, and no client writes one. Everything
 * goes through the real supabase-js as the app sends it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { insertRow, must, newBoard, newCard, newLists } from './support/rows.ts';
import { channelsRemovedAfterEach, joinChannel, waitFor } from './support/waiting.ts';
import { addMember } from './support/members.ts';

interface Notification {
  id: string;
  recipient_id: string;
  actor_id: string | null;
  kind: string;
  board_id: string;
  card_id: string | null;
  comment_id: string | null;
  data: Record<string, unknown>;
  read_at: string | null;
}

let backend: TestBackend;
let owner: SupabaseClient;
let ownerId: string;
let max: SupabaseClient;
let maxId: string;
let maxEmail: string;
let erika: SupabaseClient;
let erikaId: string;
let erikaEmail: string;
let stranger: SupabaseClient;
let strangerId: string;
let boardId: string;
let todoId: string;
let doingId: string;

/** Every notification (read as superuser, behind RLS), oldest first. */
const all = () =>
  backend.sql<Notification>('select * from public.notifications order by created_at, id');

/** What is new since `before`: [recipient, kind] pairs. */
const since = async (before: Notification[]) =>
  (await all()).slice(before.length).map((n) => [n.recipient_id, n.kind, n]);

const kindsSince = async (before: Notification[]) =>
  (await since(before)).map(([recipient, kind]) => [recipient, kind]);

const mention = (userId: string) => `@[${userId}]`;

beforeAll(async () => {
  backend = await startTestBackend();
  const o = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner');
  owner = o.client;
  ownerId = o.user.id;
  const m = await backend.signUpAndSignIn(uniqueEmail('max'), 'geheim123', 'Max Mustermann');
  max = m.client;
  maxId = m.user.id;
  maxEmail = m.email;
  const e = await backend.signUpAndSignIn(uniqueEmail('erika'), 'geheim123', 'Erika Muster');
  erika = e.client;
  erikaId = e.user.id;
  erikaEmail = e.email;
  const s = await backend.signUpAndSignIn(uniqueEmail('stranger'), 'geheim123', 'Sven Fremd');
  stranger = s.client;
  strangerId = s.user.id;
  boardId = await newBoard(owner, 'Website');
  [todoId, doingId] = (await newLists(owner, boardId, ['Zu erledigen', 'In Arbeit'])) as [
    string,
    string,
  ];
});

afterAll(async () => {
  await backend?.close();
});

describe('reasons', () => {
  it('an invitation notifies the registered invitee; accepting it, their own act, notifies nobody', async () => {
    const before = await all();
    must(await owner.rpc('invite_board_member', { p_board_id: boardId, p_email: maxEmail }));
    must(await owner.rpc('invite_board_member', { p_board_id: boardId, p_email: erikaEmail }));
    must(await max.rpc('accept_board_invitation', { p_board_id: boardId }));
    must(await erika.rpc('accept_board_invitation', { p_board_id: boardId }));
    const fresh = await since(before);
    expect(fresh.map(([r, k]) => [r, k])).toEqual([
      [maxId, 'invited_to_board'],
      [erikaId, 'invited_to_board'],
    ]);
    expect(fresh[0]![2]).toMatchObject({
      actor_id: ownerId,
      board_id: boardId,
      card_id: null,
      data: { actor_name: 'Olga Owner', board_title: 'Website' },
    });
  });

  it('a mention in a comment notifies the mentioned member, with actor and card', async () => {
    const cardId = await newCard(owner, todoId, 'Startseite neu gestalten');
    const before = await all();
    const commentId = await insertRow(max, 'card_comments', {
      card_id: cardId,
      text: `Bitte prüfen, ${mention(erikaId)}`,
    });
    const fresh = await since(before);
    // Erika is mentioned; the owner created (so watches) the card and learns of the comment.
    expect(fresh.map(([r, k]) => [r, k])).toEqual([
      [erikaId, 'mentioned'],
      [ownerId, 'commented'],
    ]);
    expect(fresh[0]![2]).toMatchObject({
      actor_id: maxId,
      card_id: cardId,
      comment_id: commentId,
      data: { actor_name: 'Max Mustermann', card_title: 'Startseite neu gestalten' },
    });
  });

  it('mentions of non-members, unknown ids and oneself notify nobody', async () => {
    const cardId = await newCard(max, todoId, 'Impressum');
    const before = await all();
    must(
      await max.from('card_comments').insert({
        card_id: cardId,
        text: `${mention(strangerId)} ${mention(maxId)} @[00000000-0000-4000-8000-000000000000]`,
      }),
    );
    expect(await kindsSince(before)).toEqual([]);
  });

  it('a description mention notifies once; editing it notifies only the newly mentioned', async () => {
    const before = await all();
    const cardId = await newCard(owner, todoId, 'Logo', { description: `Für ${mention(maxId)}` });
    expect(await kindsSince(before)).toEqual([[maxId, 'mentioned']]);
    const next = await all();
    must(
      await owner
        .from('cards')
        .update({ description: `Für ${mention(maxId)} und ${mention(erikaId)}` })
        .eq('id', cardId),
    );
    expect(await kindsSince(next)).toEqual([[erikaId, 'mentioned']]);
  });

  it('assignment to a card and to a subtask notifies the assignee, not oneself', async () => {
    const cardId = await newCard(owner, todoId, 'Texte');
    const before = await all();
    must(await owner.from('card_assignees').insert({ card_id: cardId, user_id: maxId }));
    must(await owner.from('card_assignees').insert({ card_id: cardId, user_id: ownerId }));
    await insertRow(owner, 'card_checklist_items', {
      card_id: cardId,
      text: 'Korrektur lesen',
      assigned_to: erikaId,
    });
    const fresh = await since(before);
    expect(fresh.map(([r, k]) => [r, k])).toEqual([
      [maxId, 'assigned'],
      [erikaId, 'subtask_assigned'],
    ]);
    expect(fresh[1]![2]).toMatchObject({ data: { subtask_text: 'Korrektur lesen' } });
  });

  it('watchers learn of a move and a new due date; the actor does not', async () => {
    const cardId = await newCard(owner, todoId, 'Bilder');
    must(await owner.from('card_assignees').insert({ card_id: cardId, user_id: maxId }));
    const before = await all();
    must(await max.from('cards').update({ list_id: doingId }).eq('id', cardId));
    must(await max.from('cards').update({ due_date: '2030-01-15' }).eq('id', cardId));
    const fresh = await since(before);
    expect(fresh.map(([r, k]) => [r, k])).toEqual([
      [ownerId, 'moved'],
      [ownerId, 'due_date_changed'],
    ]);
    expect(fresh[0]![2]).toMatchObject({
      data: { from_list_title: 'Zu erledigen', to_list_title: 'In Arbeit' },
    });
  });

  it('the daily job notifies assignees of cards due today or overdue, once a day', async () => {
    const cardId = await newCard(owner, todoId, 'Rechnung', { due_date: '2020-01-01' });
    must(await owner.from('card_assignees').insert({ card_id: cardId, user_id: erikaId }));
    const before = await all();
    await backend.sql('select private.notify_due_cards()');
    await backend.sql('select private.notify_due_cards()');
    const due = (await since(before)).filter(([, k]) => k === 'due');
    expect(due.map(([r]) => r)).toEqual([erikaId]);
    expect(due[0]![2]).toMatchObject({ card_id: cardId, actor_id: null });
  });
});

describe('watching', () => {
  it('a card shows who watches it to themselves only; stopping is kept', async () => {
    const cardId = await newCard(owner, todoId, 'Newsletter');
    // The creator watches it automatically.
    expect(
      must(await owner.from('card_watchers').select('user_id, watching').eq('card_id', cardId)),
    ).toEqual([{ user_id: ownerId, watching: true }]);
    expect(must(await max.from('card_watchers').select('user_id').eq('card_id', cardId))).toEqual(
      [],
    );
    // Stop watching; a later comment does not bring the watch back.
    must(
      await owner
        .from('card_watchers')
        .update({ watching: false })
        .eq('card_id', cardId)
        .eq('user_id', ownerId),
    );
    must(await owner.from('card_comments').insert({ card_id: cardId, text: 'Notiz' }));
    const before = await all();
    must(await max.from('card_comments').insert({ card_id: cardId, text: 'Erledigt' }));
    expect(await kindsSince(before)).toEqual([]);
    expect(
      must(await owner.from('card_watchers').select('watching').eq('card_id', cardId)),
    ).toEqual([{ watching: false }]);
  });

  it('commenting watches a card; a board watcher follows every card of the board', async () => {
    const cardId = await newCard(owner, todoId, 'Suchmaschinen');
    must(await erika.from('board_watchers').insert({ board_id: boardId }));
    must(await max.from('card_comments').insert({ card_id: cardId, text: 'Ich mache das' }));
    const before = await all();
    must(await owner.from('card_comments').insert({ card_id: cardId, text: 'Danke' }));
    expect((await kindsSince(before)).sort()).toEqual(
      [
        [maxId, 'commented'],
        [erikaId, 'commented'],
      ].sort(),
    );
    must(await erika.from('board_watchers').delete().eq('board_id', boardId));
  });

  it('only members watch, and only for themselves', async () => {
    const cardId = await newCard(owner, todoId, 'Geheim');
    const foreign = await stranger.from('card_watchers').insert({ card_id: cardId });
    expect(foreign.error?.code).toBe('42501');
    const forOther = await max.from('card_watchers').insert({ card_id: cardId, user_id: erikaId });
    expect(forOther.error?.code).toBe('42501');
    const board = await stranger.from('board_watchers').insert({ board_id: boardId });
    expect(board.error?.code).toBe('42501');
  });

  it('leaving a board ends its notifications and watches', async () => {
    const cardId = await newCard(owner, todoId, 'Abschied');
    must(await erika.from('card_watchers').insert({ card_id: cardId }));
    must(await owner.from('board_members').delete().eq('board_id', boardId).eq('user_id', erikaId));
    const before = await all();
    must(await owner.from('cards').update({ list_id: doingId }).eq('id', cardId));
    expect(await kindsSince(before)).toEqual([]);
    const rows = await backend.sql('select 1 from public.card_watchers where user_id = $1', [
      erikaId,
    ]);
    expect(rows).toEqual([]);
    await addMember(owner, boardId, { client: erika, email: erikaEmail });
  });
});

describe('live', () => {
  const channels = channelsRemovedAfterEach();

  it('a new notification reaches its recipient on their private topic, and nobody else', async () => {
    const heard: Record<string, unknown>[] = [];
    const channel = erika.channel(`user:${erikaId}`, { config: { private: true } });
    channel.on('broadcast', { event: 'notification' }, (message) => heard.push(message.payload));
    channels.push({ client: erika, channel });
    await erika.realtime.setAuth();
    await joinChannel(channel);
    // Another's topic is refused.
    const foreign = max.channel(`user:${erikaId}`, { config: { private: true } });
    channels.push({ client: max, channel: foreign });
    await max.realtime.setAuth();
    await expect(joinChannel(foreign)).rejects.toBeDefined();

    const cardId = await newCard(owner, todoId, 'Live');
    const commentId = await insertRow(max, 'card_comments', {
      card_id: cardId,
      text: `Schau mal ${mention(erikaId)}`,
    });
    const message = await waitFor(() => heard[0], 'the notification on user:<id>');
    expect(message).toMatchObject({
      kind: 'mentioned',
      card_id: cardId,
      comment_id: commentId,
      actor_id: maxId,
      read_at: null,
      data: { actor_name: 'Max Mustermann', card_title: 'Live' },
    });
  });
});

describe('row-level security', () => {
  it('only the recipient reads notifications and marks them read', async () => {
    const mine = must(await max.from('notifications').select('id, recipient_id, read_at'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((n) => n.recipient_id === maxId)).toBe(true);
    const theirs = (await all()).find((n) => n.recipient_id === erikaId)!;
    const peek = must(await max.from('notifications').select('id').eq('id', theirs.id));
    expect(peek).toEqual([]);
    // Marking another's: nothing changes.
    must(
      await max
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('id', theirs.id),
    );
    expect((await all()).find((n) => n.id === theirs.id)!.read_at).toBeNull();
    // Marking one's own works.
    must(
      await max
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('id', mine[0]!.id),
    );
    expect((await all()).find((n) => n.id === mine[0]!.id)!.read_at).not.toBeNull();
  });

  it('no client writes a notification or changes what it says', async () => {
    const insert = await max
      .from('notifications')
      .insert({ recipient_id: erikaId, kind: 'mentioned', board_id: boardId });
    expect(insert.error?.code).toBe('42501');
    const mine = must(await max.from('notifications').select('id'))[0]!;
    const rewrite = await max.from('notifications').update({ kind: 'assigned' }).eq('id', mine.id);
    expect(rewrite.error?.code).toBe('42501');
    const remove = await max.from('notifications').delete().eq('id', mine.id);
    expect(remove.error?.code).toBe('42501');
  });

  it("digest settings are one's own", async () => {
    must(await max.from('notification_settings').upsert({ user_id: maxId, digest: 'hourly' }));
    expect(must(await max.from('notification_settings').select('digest'))).toEqual([
      { digest: 'hourly' },
    ]);
    expect(must(await erika.from('notification_settings').select('digest'))).toEqual([]);
    const forOther = await erika
      .from('notification_settings')
      .insert({ user_id: maxId, digest: 'never' });
    expect(forOther.error?.code).toBe('42501');
    const bad = await max
      .from('notification_settings')
      .update({ digest: 'ständig' })
      .eq('user_id', maxId);
    expect(bad.error?.code).toBe('23514');
  });
});

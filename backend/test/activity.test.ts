/**
 * The activity history (migrations 20261124000100/0200): every change that matters
 * writes exactly one entry, with its kind, before and after, and the actor (auth.uid(), null
 * from SQL without a JWT); members read their board's history, strangers none, and no client
 * writes it. Changes go through the real supabase-js as a client would send them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { insertRow, newLists } from './support/rows.ts';
import { channelsRemovedAfterEach, joinChannel, waitFor } from './support/waiting.ts';
import { addMember } from './support/members.ts';

interface Entry {
  id: string;
  board_id: string;
  card_id: string | null;
  actor_id: string | null;
  kind: string;
  data: Record<string, unknown>;
  created_at: string;
}

let backend: TestBackend;
let owner: SupabaseClient;
let ownerId: string;
let member: SupabaseClient;
let memberId: string;
let memberEmail: string;
let stranger: SupabaseClient;
let boardId: string;
let todoId: string;
let doingId: string;
let seen = 0;

const must = <T>({ data, error }: { data: T; error: unknown }): NonNullable<T> => {
  if (error) throw error;
  return data as NonNullable<T>;
};

/** The entries written since the last call, oldest first (read behind RLS, as superuser). */
const newEntries = async (): Promise<Entry[]> => {
  const rows = await backend.sql<Entry>(
    'select * from public.activity where board_id = $1 order by created_at, id',
    [boardId],
  );
  const fresh = rows.slice(seen);
  seen = rows.length;
  return fresh;
};

/** Exactly one new entry, which is returned. */
const oneEntry = async (): Promise<Entry> => {
  const fresh = await newEntries();
  expect(fresh.map((e) => e.kind)).toHaveLength(1);
  return fresh[0]!;
};

const newCard = async (title: string, listId = todoId) =>
  must(
    await owner
      .from('cards')
      .insert({ list_id: listId, title, position: 1024 })
      .select('id')
      .single(),
  ).id;

beforeAll(async () => {
  backend = await startTestBackend();
  const o = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner');
  owner = o.client;
  ownerId = o.user.id;
  const m = await backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Max Mustermann');
  member = m.client;
  memberId = m.user.id;
  memberEmail = m.email;
  stranger = (await backend.signUpAndSignIn(uniqueEmail('stranger'), 'geheim123', 'Sven')).client;
  boardId = must(await owner.from('boards').insert({ title: 'Verlauf' }).select('id').single()).id;
  const [todo, doing] = await newLists(owner, boardId, ['Zu erledigen', 'In Arbeit']);
  todoId = todo!;
  doingId = doing!;
  await addMember(owner, boardId, { client: member, email: memberEmail });
  await newEntries();
});

afterAll(async () => {
  await backend?.close();
});

describe('recording: each kind of change writes exactly one entry', () => {
  it('a new board writes nothing for its owner; lists created and members joining do', async () => {
    const rows = await backend.sql<Entry>(
      'select * from public.activity where board_id = $1 order by created_at, id',
      [boardId],
    );
    expect(rows.map((r) => [r.kind, r.actor_id])).toEqual([
      ['list_created', ownerId],
      ['list_created', ownerId],
      // The member accepted the invitation: their own act.
      ['member_added', memberId],
    ]);
    expect(rows[2]!.data).toMatchObject({ user_id: memberId, user_name: 'Max Mustermann' });
    expect(rows[0]!.data).toMatchObject({ list_title: 'Zu erledigen', actor_name: 'Olga Owner' });
  });

  it('cards: created, moved, renamed, due date, priority, description, deleted, restored', async () => {
    const cardId = await newCard('Angebot schreiben');
    expect(await oneEntry()).toMatchObject({
      kind: 'card_created',
      card_id: cardId,
      actor_id: ownerId,
      data: { card_title: 'Angebot schreiben', list_id: todoId, list_title: 'Zu erledigen' },
    });

    // In this order: each step's entry names what the steps before it left.
    const steps: [SupabaseClient, Record<string, unknown>, Record<string, unknown>][] = [
      [
        member,
        { list_id: doingId, position: 512 },
        {
          kind: 'card_moved',
          actor_id: memberId,
          data: {
            before: todoId,
            after: doingId,
            before_title: 'Zu erledigen',
            after_title: 'In Arbeit',
            actor_name: 'Max Mustermann',
          },
        },
      ],
      [
        owner,
        { title: 'Angebot senden' },
        { kind: 'card_renamed', data: { before: 'Angebot schreiben', after: 'Angebot senden' } },
      ],
      [
        owner,
        { due_date: '2026-12-24' },
        { kind: 'card_due_date', data: { before: null, after: '2026-12-24' } },
      ],
      [
        owner,
        { priority: 'urgent' },
        { kind: 'card_priority', data: { before: 'medium', after: 'urgent' } },
      ],
      [
        owner,
        { description: 'Bis Freitag' },
        {
          kind: 'card_description',
          data: { before: '', after: 'Bis Freitag', card_title: 'Angebot senden' },
        },
      ],
      [owner, { deleted_at: new Date().toISOString() }, { kind: 'card_deleted', card_id: cardId }],
      [owner, { deleted_at: null }, { kind: 'card_restored', card_id: cardId }],
    ];
    for (const [client, change, entry] of steps) {
      must(await client.from('cards').update(change).eq('id', cardId));
      expect(await oneEntry(), JSON.stringify(change)).toMatchObject(entry);
    }
  });

  it('one UPDATE of two fields writes one entry per field; a reorder writes none', async () => {
    const cardId = await newCard('Zwei Felder');
    await newEntries();
    must(await owner.from('cards').update({ title: 'Neu', priority: 'low' }).eq('id', cardId));
    expect((await newEntries()).map((e) => e.kind).sort()).toEqual([
      'card_priority',
      'card_renamed',
    ]);
    must(await owner.from('cards').update({ position: 99 }).eq('id', cardId));
    expect(await newEntries()).toEqual([]);
  });

  it('renumbering a list or the lists of a board writes nothing', async () => {
    await newCard('Eins');
    await newCard('Zwei');
    await newEntries();
    expect(must(await owner.rpc('renumber_list', { p_list_id: todoId })).length).toBeGreaterThan(1);
    must(await owner.rpc('renumber_board_lists', { p_board_id: boardId }));
    expect(await newEntries()).toEqual([]);
  });

  it('assignees, labels, subtasks and comments: added, changed, removed', async () => {
    const cardId = await newCard('Kinder');
    await newEntries();

    must(await owner.from('card_assignees').insert({ card_id: cardId, user_id: memberId }));
    expect(await oneEntry()).toMatchObject({
      kind: 'assignee_added',
      card_id: cardId,
      data: { user_id: memberId, user_name: 'Max Mustermann', card_title: 'Kinder' },
    });
    must(await owner.from('card_assignees').delete().eq('card_id', cardId).eq('user_id', memberId));
    expect(await oneEntry()).toMatchObject({
      kind: 'assignee_removed',
      data: { user_id: memberId },
    });

    const labelId = await insertRow(owner, 'board_labels', { board_id: boardId, name: 'Dringend' });
    expect(await newEntries()).toEqual([]);
    must(await owner.from('card_tags').insert({ card_id: cardId, label_id: labelId }));
    expect(await oneEntry()).toMatchObject({
      kind: 'label_added',
      data: { label_id: labelId, label_name: 'Dringend' },
    });
    must(await owner.from('card_tags').delete().eq('card_id', cardId).eq('label_id', labelId));
    expect(await oneEntry()).toMatchObject({ kind: 'label_removed', data: { label_id: labelId } });

    const subtaskId = await insertRow(owner, 'card_checklist_items', {
      card_id: cardId,
      text: 'Entwurf',
      position: 1024,
    });
    expect(await oneEntry()).toMatchObject({
      kind: 'subtask_added',
      data: { subtask_id: subtaskId, subtask_text: 'Entwurf' },
    });
    must(await owner.from('card_checklist_items').update({ completed: true }).eq('id', subtaskId));
    expect(await oneEntry()).toMatchObject({
      kind: 'subtask_changed',
      data: { changes: { completed: { before: false, after: true } } },
    });
    must(await owner.from('card_checklist_items').update({ position: 5 }).eq('id', subtaskId));
    expect(await newEntries()).toEqual([]);
    must(await owner.from('card_checklist_items').delete().eq('id', subtaskId));
    expect(await oneEntry()).toMatchObject({
      kind: 'subtask_removed',
      data: { subtask_text: 'Entwurf' },
    });

    const commentId = await insertRow(member, 'card_comments', {
      card_id: cardId,
      text: 'Erledigt?',
    });
    expect(await oneEntry()).toMatchObject({
      kind: 'comment_added',
      actor_id: memberId,
      data: { comment_id: commentId, after: 'Erledigt?' },
    });
    must(await member.from('card_comments').update({ text: 'Fertig!' }).eq('id', commentId));
    expect(await oneEntry()).toMatchObject({
      kind: 'comment_edited',
      data: { before: 'Erledigt?', after: 'Fertig!' },
    });
    must(await member.from('card_comments').delete().eq('id', commentId));
    // The deleted comment's words leave the history (history-forgets-deleted-texts.test.ts).
    const removed = await oneEntry();
    expect(removed).toMatchObject({ kind: 'comment_removed', data: { comment_id: commentId } });
    expect(removed.data).not.toHaveProperty('before');
  });

  it('lists renamed and deleted: one entry each, not one per card that goes with the list', async () => {
    const listId = await insertRow(owner, 'lists', {
      board_id: boardId,
      title: 'Später',
      position: 4096,
    });
    expect(await oneEntry()).toMatchObject({ kind: 'list_created', data: { list_id: listId } });
    must(await owner.from('lists').update({ title: 'Irgendwann' }).eq('id', listId));
    expect(await oneEntry()).toMatchObject({
      kind: 'list_renamed',
      data: { before: 'Später', after: 'Irgendwann' },
    });
    const cardId = await newCard('Mit der Liste weg', listId);
    must(await owner.from('card_comments').insert({ card_id: cardId, text: 'Hallo' }));
    await newEntries();
    must(await owner.from('lists').delete().eq('id', listId));
    expect(await oneEntry()).toMatchObject({
      kind: 'list_deleted',
      data: { list_id: listId, list_title: 'Irgendwann' },
    });
  });

  it('a member removed: one entry, not one per assignment that goes with them', async () => {
    const cardId = await newCard('Zugewiesen');
    must(await owner.from('card_assignees').insert({ card_id: cardId, user_id: memberId }));
    must(
      await owner
        .from('card_checklist_items')
        .insert({ card_id: cardId, text: 'Seins', position: 1024, assigned_to: memberId }),
    );
    await newEntries();
    must(
      await owner.from('board_members').delete().eq('board_id', boardId).eq('user_id', memberId),
    );
    expect(await oneEntry()).toMatchObject({
      kind: 'member_removed',
      actor_id: ownerId,
      data: { user_id: memberId, user_name: 'Max Mustermann' },
    });
    await addMember(owner, boardId, { client: member, email: memberEmail });
    expect(await oneEntry()).toMatchObject({ kind: 'member_added' });
  });

  it('SQL without a JWT records the change with actor null', async () => {
    const cardId = await newCard('Per SQL');
    await newEntries();
    await backend.sql(`update public.cards set title = 'Per SQL umbenannt' where id = $1`, [
      cardId,
    ]);
    expect(await oneEntry()).toMatchObject({
      kind: 'card_renamed',
      actor_id: null,
      data: { after: 'Per SQL umbenannt', actor_name: null },
    });
    await backend.sql('delete from public.cards where id = $1', [cardId]);
    expect(await oneEntry()).toMatchObject({ kind: 'card_deleted', actor_id: null });
  });
});

describe('import', () => {
  /** A document with two lists, three cards, labels, an assignee, subtasks, comments and a member. */
  const document = (title: string) => ({
    format: 'taskflow-board',
    version: 1,
    board: { title },
    members: [{ email: memberEmail, full_name: 'Max Mustermann', role: 'member' }],
    labels: [
      { id: 'l1', name: 'Dringend', color: 'bg-red-100 text-red-800' },
      { id: 'l2', name: 'Kunde', color: 'bg-blue-100 text-blue-800' },
    ],
    lists: [
      {
        title: 'Offen',
        position: 1024,
        cards: [
          {
            title: 'Kisten packen',
            position: 1024,
            labels: ['l1', 'l2'],
            assignees: [memberEmail],
            subtasks: [
              { text: 'Küche', completed: true, position: 1024, assignee: memberEmail },
              { text: 'Keller', completed: false, position: 2048 },
            ],
            comments: [
              { author_email: memberEmail, author_name: 'Max', text: 'Mache ich' },
              { author_email: 'weg@example.invalid', author_name: 'Wer', text: 'Danke' },
            ],
          },
          { title: 'Umzugswagen', position: 2048, labels: ['l1'] },
        ],
      },
      { title: 'Erledigt', position: 2048, cards: [{ title: 'Kündigen', position: 1024 }] },
    ],
  });

  const historyOf = (id: string) =>
    backend.sql<Entry>(
      'select * from public.activity where board_id = $1 order by created_at, id',
      [id],
    );

  it('an import writes one entry, and one per member it invites, as the importer; later changes record again', async () => {
    const result = must(
      await owner.rpc('import_board', { p_doc: document('Umzug 2027') }),
    ) as unknown as { board: { id: string }; cards: number; members_added: number };
    const importedId = result.board.id;
    expect(result).toMatchObject({ cards: 3, members_added: 1 });
    // Everything was written: the rows are there, their history is one entry.
    const [counts] = await backend.sql<Record<string, number>>(
      `select (select count(*)::int from public.card_tags t join public.cards c on c.id = t.card_id
               where c.board_id = $1) as tags,
              (select count(*)::int from public.card_checklist_items s join public.cards c
               on c.id = s.card_id where c.board_id = $1) as subtasks,
              (select count(*)::int from public.card_comments k join public.cards c
               on c.id = k.card_id where c.board_id = $1) as comments,
              (select count(*)::int from public.card_assignees a join public.cards c
               on c.id = a.card_id where c.board_id = $1) as assignees,
              (select count(*)::int from public.board_members m where m.board_id = $1) as members`,
      [importedId],
    );
    expect(counts).toEqual({ tags: 3, subtasks: 2, comments: 2, assignees: 1, members: 2 });
    const history = await historyOf(importedId);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      board_id: importedId,
      card_id: null,
      actor_id: ownerId,
      kind: 'board_imported',
      data: { board_title: 'Umzug 2027', lists: 2, cards: 3, actor_name: 'Olga Owner' },
    });
    // The member joins as an invitation adds them: in the history, under the importer's name.
    expect(history[1]).toMatchObject({
      actor_id: ownerId,
      kind: 'member_added',
      data: { user_id: memberId },
    });

    // After the import, every write records again: the imported member's and the owner's.
    const card = must(
      await member
        .from('cards')
        .select('id')
        .eq('board_id', importedId)
        .eq('title', 'Kündigen')
        .single(),
    );
    must(await member.from('cards').update({ title: 'Wohnung kündigen' }).eq('id', card.id));
    must(
      await owner.from('lists').insert({ board_id: importedId, title: 'Später', position: 4096 }),
    );
    expect((await historyOf(importedId)).map((e) => [e.kind, e.actor_id])).toEqual([
      ['board_imported', ownerId],
      ['member_added', ownerId],
      ['card_renamed', memberId],
      ['list_created', ownerId],
    ]);
  });

  it('the pause ends with the import, even inside the same transaction', async () => {
    const { importedId, paused } = await backend.db.asRole(
      { role: 'authenticated', sub: ownerId },
      async (tx) => {
        const { rows } = await tx.query<{ r: { board: { id: string } } }>(
          'select public.import_board($1) as r',
          [document('Im selben Zug')],
        );
        const id = rows[0]!.r.board.id;
        await tx.query(
          `insert into public.lists (board_id, title, position) values ($1, 'Danach', 9000)`,
          [id],
        );
        const setting = await tx.query<{ s: string | null }>(
          `select current_setting('taskflow.activity_paused', true) as s`,
        );
        return { importedId: id, paused: setting.rows[0]!.s };
      },
    );
    expect(paused).toBe('off');
    expect((await historyOf(importedId)).map((e) => e.kind)).toEqual([
      'board_imported',
      'member_added',
      'list_created',
    ]);
  });

  it('a failed import writes nothing and leaves no pause behind', async () => {
    const before = await backend.sql<{ n: number }>(
      'select count(*)::int as n from public.activity',
    );
    const doc = document('Kaputt');
    (doc.lists[0]!.cards[0]! as { labels: string[] }).labels = ['gibt-es-nicht'];
    const { error } = await owner.rpc('import_board', { p_doc: doc });
    expect(error).not.toBeNull();
    expect(await backend.sql('select count(*)::int as n from public.activity')).toEqual(before);
    // The board history of the main board still records.
    await newEntries();
    await newCard('Nach dem Fehlschlag');
    expect(await oneEntry()).toMatchObject({ kind: 'card_created', actor_id: ownerId });
  });

  it('nobody can record an import entry for an existing board', async () => {
    const before = await historyOf(boardId);
    await backend.db.asRole({ role: 'authenticated', sub: ownerId }, (tx) =>
      tx.query('select private.record_board_imported($1)', [boardId]),
    );
    expect(await historyOf(boardId)).toEqual(before);
    const { error } = await owner.rpc('record_board_imported' as never, { p_board_id: boardId });
    expect(error).not.toBeNull();
  });
});

describe('live', () => {
  const channels = channelsRemovedAfterEach();

  it('a member receives new entries of the board live, a stranger does not', async () => {
    const received: { who: string; entry: Entry }[] = [];
    for (const [who, client] of [
      ['member', member],
      ['stranger', stranger],
    ] as const) {
      const channel = client.channel(`activity-${who}-${Date.now()}`).on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'activity',
          filter: `board_id=eq.${boardId}`,
        },
        (payload) => received.push({ who, entry: payload.new as Entry }),
      );
      await joinChannel(channel);
      channels.push({ client, channel });
    }
    const cardId = await newCard('Live');
    must(await owner.from('cards').update({ list_id: doingId }).eq('id', cardId));
    await waitFor(() => received.length >= 2, 'two entries for the member');
    expect(received.map((r) => [r.who, r.entry.kind])).toEqual([
      ['member', 'card_created'],
      ['member', 'card_moved'],
    ]);
    expect(received[1]!.entry.data).toMatchObject({ after_title: 'In Arbeit' });
    await newEntries();
  });
});

describe('access', () => {
  it('members read the board history newest first; a stranger reads none', async () => {
    const mine = must(
      await member
        .from('activity')
        .select('id, kind, created_at')
        .eq('board_id', boardId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(50),
    );
    expect(mine.length).toBeGreaterThan(10);
    expect(mine[0]!.kind).toBe('card_moved');
    expect(must(await stranger.from('activity').select('id').eq('board_id', boardId))).toEqual([]);
    expect(must(await stranger.from('activity').select('id'))).toEqual([]);
    const anon = await backend.client().from('activity').select('id');
    expect(anon.error).not.toBeNull();
  });

  it('a member cannot insert, update or delete activity through REST', async () => {
    const [first] = must(await member.from('activity').select('id').eq('board_id', boardId));
    const before = await backend.sql<{ n: number }>(
      'select count(*)::int as n from public.activity where board_id = $1',
      [boardId],
    );

    const insert = await member
      .from('activity')
      .insert({ board_id: boardId, kind: 'card_created', data: {}, actor_id: ownerId });
    expect(insert.error?.code).toBe('42501');
    expect(insert.status).toBe(403);

    const update = await member
      .from('activity')
      .update({ kind: 'card_deleted' })
      .eq('id', first!.id);
    expect(update.error?.code).toBe('42501');
    const remove = await member.from('activity').delete().eq('id', first!.id);
    expect(remove.error?.code).toBe('42501');
    const rpc = await member.rpc(
      'record_activity' as never,
      {
        p_board_id: boardId,
        p_card_id: null,
        p_kind: 'card_created',
        p_data: {},
      } as never,
    );
    expect(rpc.error).not.toBeNull();

    expect(
      await backend.sql<{ n: number }>(
        'select count(*)::int as n from public.activity where board_id = $1',
        [boardId],
      ),
    ).toEqual(before);
  });

  it('the board snapshot does not carry activity; deleting the board deletes its history', async () => {
    const snapshot = must(await owner.rpc('board_snapshot', { p_board_id: boardId })) as Record<
      string,
      unknown
    >;
    expect(Object.keys(snapshot).sort()).not.toContain('activity');
    expect(JSON.stringify(snapshot)).not.toContain('card_created');

    must(await owner.from('boards').delete().eq('id', boardId));
    expect(
      await backend.sql('select id from public.activity where board_id = $1', [boardId]),
    ).toEqual([]);
  });
});

describe('growth', () => {
  it('a page of the board or a card history is one index scan, without a sort', async () => {
    // A board of its own with 5,000 entries, written as the bench writes its 100,000.
    const [created] = await backend.sql<{ id: string }>(
      `insert into public.boards (title, owner_id) values ('Gross', $1) returning id`,
      [ownerId],
    );
    const bigBoard = created!.id;
    await backend.sql(
      `insert into public.activity (board_id, card_id, actor_id, kind, data, created_at)
       select $1, gen_random_uuid(), $2, 'card_renamed', '{}'::jsonb,
              now() - make_interval(secs => i)
       from generate_series(1, 5000) i`,
      [bigBoard, ownerId],
    );
    await backend.sql('analyze public.activity');
    // The query the app sends for an older page (shared/src/features/activity/activity-api.ts), as
    // the signed-in owner, under row-level security.
    const explain = (column: string, id: string) =>
      backend.db.asRole({ role: 'authenticated', sub: ownerId }, async (tx) =>
        (
          await tx.query<{ 'QUERY PLAN': string }>(
            `explain select * from public.activity
             where ${column} = $1 and created_at <= now() and (created_at < now() or id < $2)
             order by created_at desc, id desc limit 50`,
            [id, '00000000-0000-0000-0000-000000000000'],
          )
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n'),
      );
    const boardPlan = await explain('board_id', bigBoard);
    expect(boardPlan).toMatch(/Index Scan using activity_board_id_created_at_idx/);
    expect(boardPlan).not.toMatch(/Sort/);
    // The pages themselves, as the app asks for them through REST: 50, then the next 50.
    // The newest 50, then the keyset filter for `before` (created_at, id) < (t, id) when given.
    const newestFirst = { ascending: false };
    const page = async (before?: { created_at: string; id: string }) => {
      const newest = owner
        .from('activity')
        .select('id, created_at')
        .eq('board_id', bigBoard)
        .order('created_at', newestFirst)
        .order('id', newestFirst)
        .limit(50);
      if (!before) return must(await newest);
      const { created_at: t, id } = before;
      return must(await newest.lte('created_at', t).or(`created_at.lt.${t},id.lt.${id}`));
    };
    const first = await page();
    const second = await page(first.at(-1));
    expect(first).toHaveLength(50);
    expect(second).toHaveLength(50);
    const all = [...first, ...second];
    expect(new Set(all.map((r) => r.id)).size).toBe(100);
    const times = all.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const cardPlan = await explain('card_id', bigBoard);
    expect(cardPlan).toMatch(/activity_card_id_created_at_idx/);
    expect(cardPlan).not.toMatch(/Sort/);
  });
});

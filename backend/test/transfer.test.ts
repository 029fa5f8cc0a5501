/**
 * export_board / import_board: the export is one versioned document, for members
 * only, and complete; an import recreates exactly that board for the importer, and a failed
 * import, wherever it fails, leaves no row behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestBackend,
  uniqueEmail,
  type SignedInUser,
  type TestBackend,
} from './support/backend.ts';
import { must, newLists } from './support/rows.ts';

let backend: TestBackend;
let owner: SignedInUser;
let member: SignedInUser;
let boardId: string;

interface ExportedCard {
  title: string;
  description: string;
  priority: string;
  due_date: string | null;
  position: number;
  labels: string[];
  assignees: string[];
  subtasks: {
    text: string;
    completed: boolean;
    position: number;
    due_date: string | null;
    assignee: string | null;
  }[];
  comments: {
    author_email: string | null;
    author_name: string;
    text: string;
    created_at: string;
    edited_at: string | null;
  }[];
}
interface ExportedBoard {
  format: string;
  version: number;
  exported_at: string;
  board: { title: string; background: string };
  members: { email: string; full_name: string; role: string }[];
  labels: { id: string; name: string; color: string }[];
  lists: { title: string; position: number; cards: ExportedCard[] }[];
}

const exportBoard = async (user: SignedInUser, id: string) =>
  must(await user.client.rpc('export_board', { p_board_id: id })) as unknown as ExportedBoard;

/**
 * The document without what an import may change: the time of export, the label ids, and who
 * wrote each comment when (an imported comment is the importer's; the author's name and time
 * from the document are kept beside it, see 'people in an imported document').
 */
const comparable = (doc: ExportedBoard) => {
  const labelName = new Map(doc.labels.map((l) => [l.id, `${l.name}/${l.color}`]));
  return {
    board: doc.board,
    labels: doc.labels.map((l) => `${l.name}/${l.color}`),
    lists: doc.lists.map((list) => ({
      ...list,
      cards: list.cards.map((card) => ({
        ...card,
        labels: card.labels.map((id) => labelName.get(id)),
        comments: card.comments.map((comment) => comment.text),
      })),
    })),
  };
};

const tables = [
  'boards',
  'board_members',
  'board_labels',
  'lists',
  'cards',
  'card_tags',
  'card_assignees',
  'card_checklist_items',
  'card_comments',
];

const rowCounts = async () => {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.${table}`,
    );
    counts[table] = row?.n ?? -1;
  }
  return counts;
};

beforeAll(async () => {
  backend = await startTestBackend();
  owner = await backend.signUpAndSignIn(uniqueEmail('olga'), 'geheim123', 'Olga Owner');
  member = await backend.signUpAndSignIn(uniqueEmail('max'), 'geheim123', 'Max Member');
  const o = owner.client;
  boardId = must(
    await o
      .from('boards')
      .insert({ title: 'Umzug', background: 'bg-gradient-to-br from-emerald-500 to-teal-600' })
      .select('id')
      .single(),
  ).id;
  must(
    await o
      .from('board_members')
      .insert({ board_id: boardId, user_id: member.user.id, role: 'member' }),
  );
  // One at a time: labels are ordered by created_at, which one statement gives them all alike.
  const label = async (name: string, color: string) =>
    must(
      await o.from('board_labels').insert({ board_id: boardId, name, color }).select('id').single(),
    );
  const urgent = await label('Dringend', 'bg-red-100 text-red-800');
  const later = await label('Später', 'bg-gray-100 text-gray-800');
  const [todo, done] = await newLists(o, boardId, ['Zu erledigen', 'Erledigt']);
  const cards = must(
    await o
      .from('cards')
      .insert(
        [
          {
            list_id: todo!,
            title: 'Kartons packen',
            description: 'Küche zuerst; "Gläser" einzeln\nin Zeitung',
            priority: 'high',
            due_date: '2026-12-01',
            position: 1024,
          },
          { list_id: todo!, title: 'Strom ummelden', position: 1536.5 },
          { list_id: done!, title: 'Wohnung kündigen', priority: 'low', position: 1024 },
          { list_id: done!, title: 'Gelöscht', position: 2048 },
        ],
        { defaultToNull: false },
      )
      .select('id'),
  );
  const [pack, power, , gone] = cards;
  must(
    await o.from('card_tags').insert([
      { card_id: pack!.id, label_id: urgent.id },
      { card_id: pack!.id, label_id: later.id },
      { card_id: power!.id, label_id: later.id },
    ]),
  );
  must(
    await o.from('card_assignees').insert([
      { card_id: pack!.id, user_id: member.user.id },
      { card_id: pack!.id, user_id: owner.user.id },
    ]),
  );
  must(
    await o.from('card_checklist_items').insert(
      [
        {
          card_id: pack!.id,
          text: 'Kartons kaufen',
          completed: true,
          position: 1024,
          due_date: '2026-11-28',
          assigned_to: member.user.id,
        },
        { card_id: pack!.id, text: 'Beschriften', position: 2048 },
      ],
      { defaultToNull: false },
    ),
  );
  must(
    await o.from('card_comments').insert({ card_id: pack!.id, text: 'Ich bringe Klebeband mit.' }),
  );
  must(
    await member.client
      .from('card_comments')
      .insert({ card_id: pack!.id, text: 'Ich leihe einen Transporter.' }),
  );
  must(await o.from('cards').update({ deleted_at: new Date().toISOString() }).eq('id', gone!.id));
});
afterAll(async () => {
  await backend?.close();
});

describe('export_board', () => {
  it('gives a member the whole board as one versioned document, people by e-mail', async () => {
    const doc = await exportBoard(member, boardId);
    expect(doc.format).toBe('taskflow-board');
    expect(doc.version).toBe(1);
    expect(doc.board).toEqual({
      title: 'Umzug',
      background: 'bg-gradient-to-br from-emerald-500 to-teal-600',
    });
    expect(doc.members).toEqual([
      { email: owner.email, full_name: 'Olga Owner', role: 'owner' },
      { email: member.email, full_name: 'Max Member', role: 'member' },
    ]);
    expect(doc.labels.map((l) => [l.name, l.color])).toEqual([
      ['Dringend', 'bg-red-100 text-red-800'],
      ['Später', 'bg-gray-100 text-gray-800'],
    ]);
    expect(doc.lists.map((l) => [l.title, l.position, l.cards.map((c) => c.title)])).toEqual([
      ['Zu erledigen', 1024, ['Kartons packen', 'Strom ummelden']],
      // The soft-deleted card is gone for the user, so it is not exported.
      ['Erledigt', 2048, ['Wohnung kündigen']],
    ]);
    const pack = doc.lists[0]!.cards[0]!;
    expect(pack).toMatchObject({
      description: 'Küche zuerst; "Gläser" einzeln\nin Zeitung',
      priority: 'high',
      due_date: '2026-12-01',
      position: 1024,
      subtasks: [
        {
          text: 'Kartons kaufen',
          completed: true,
          position: 1024,
          due_date: '2026-11-28',
          assignee: member.email,
        },
        { text: 'Beschriften', completed: false, position: 2048, due_date: null, assignee: null },
      ],
    });
    // Tagged and assigned in one statement each, so in no particular order.
    expect([...pack.labels].sort()).toEqual(doc.labels.map((l) => l.id).sort());
    expect([...pack.assignees].sort()).toEqual([member.email, owner.email].sort());
    expect(pack.comments.map((c) => [c.author_email, c.author_name, c.text])).toEqual([
      [owner.email, 'Olga Owner', 'Ich bringe Klebeband mit.'],
      [member.email, 'Max Member', 'Ich leihe einen Transporter.'],
    ]);
    expect(Date.parse(pack.comments[0]!.created_at)).not.toBeNaN();
    expect(doc.lists[0]!.cards[1]!.position).toBe(1536.5);
  });

  it('refuses anyone who is not a member, and does not say whether the board exists', async () => {
    const stranger = await backend.signUpAndSignIn();
    const refused = await stranger.client.rpc('export_board', { p_board_id: boardId });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');
    const missing = await stranger.client.rpc('export_board', {
      p_board_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(403);
    const anonymous = await backend.client().rpc('export_board', { p_board_id: boardId });
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data).toBeNull();
  });
});

describe('import_board', () => {
  it('recreates the exported board for the importer, who owns it', async () => {
    const doc = await exportBoard(owner, boardId);
    const importer = await backend.signUpAndSignIn(uniqueEmail('ida'), 'geheim123', 'Ida Import');
    const summary = must(await importer.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string; owner_id: string; title: string };
      lists: number;
      cards: number;
      labels: number;
      members_added: number;
      unregistered: number;
    };
    expect(summary).toMatchObject({
      lists: 2,
      cards: 3,
      labels: 2,
      members_added: 2,
      unregistered: 0,
    });
    expect(summary.board.owner_id).toBe(importer.user.id);
    expect(summary.board.id).not.toBe(boardId);

    const copy = await exportBoard(importer, summary.board.id);
    expect(comparable(copy)).toEqual(comparable(doc));
    // The importer owns the new board; the exported board's people are its members, invited in
    // one transaction (so at one time, in no particular order).
    expect(copy.members[0]).toEqual({
      email: importer.email,
      full_name: 'Ida Import',
      role: 'owner',
    });
    expect(copy.members.slice(1).sort((a, b) => a.full_name.localeCompare(b.full_name))).toEqual([
      { email: member.email, full_name: 'Max Member', role: 'member' },
      { email: owner.email, full_name: 'Olga Owner', role: 'member' },
    ]);
    // Imported comments are the importer's, with the authors' names and times beside them.
    const imported = await backend.sql<{ user_id: string; name: string; at: Date }>(
      `select k.user_id, k.imported_author_name as name, k.imported_at as at
       from public.card_comments k join public.cards c on c.id = k.card_id
       where c.board_id = $1 order by k.created_at`,
      [summary.board.id],
    );
    const original = doc.lists[0]!.cards[0]!.comments;
    expect(imported.map((k) => [k.user_id, k.name, new Date(k.at).getTime()])).toEqual(
      original.map((c) => [importer.user.id, c.author_name, Date.parse(c.created_at)]),
    );
    // The original board is untouched.
    expect(comparable(await exportBoard(owner, boardId))).toEqual(comparable(doc));
  });

  it('leaves people who are not registered unassigned, and counts them', async () => {
    const doc = await exportBoard(owner, boardId);
    const ghost = 'niemand@example.test';
    doc.members.push({ email: ghost, full_name: 'Nie Mand', role: 'member' });
    const card = doc.lists[0]!.cards[0]!;
    card.assignees = [ghost];
    card.subtasks[0]!.assignee = ghost;
    card.comments.push({
      author_email: ghost,
      author_name: 'Nie Mand',
      text: 'Bin dabei.',
      created_at: '2026-11-20T10:00:00Z',
      edited_at: null,
    });
    const importer = await backend.signUpAndSignIn();
    const summary = must(await importer.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string };
      unregistered: number;
    };
    expect(summary.unregistered).toBe(1);
    const copy = await exportBoard(importer, summary.board.id);
    const copied = copy.lists[0]!.cards[0]!;
    expect(copied.assignees).toEqual([]);
    expect(copied.subtasks[0]!.assignee).toBeNull();
    // Stored as the importer's, with the original author's name and time beside it; exported
    // again under that name, with no account's e-mail.
    expect(copied.comments.find((c) => c.text === 'Bin dabei.')).toMatchObject({
      author_email: null,
      author_name: 'Nie Mand',
    });
    const [beside] = await backend.sql<{ name: string; at: Date }>(
      `select imported_author_name as name, imported_at as at from public.card_comments
       where text = 'Bin dabei.' and user_id = $1`,
      [importer.user.id],
    );
    expect([beside!.name, new Date(beside!.at).toISOString()]).toEqual([
      'Nie Mand',
      '2026-11-20T10:00:00.000Z',
    ]);
    expect(copy.members.map((m) => m.email)).not.toContain(ghost);
  });

  it('leaves no row at all when the document fails midway', async () => {
    const doc = await exportBoard(owner, boardId);
    // Valid up to the last card of the last list: lists, labels, members and most cards would
    // be written before the blank title is refused.
    doc.lists[1]!.cards.push({ ...doc.lists[0]!.cards[0]!, title: '   ' });
    const importer = await backend.signUpAndSignIn();
    const before = await rowCounts();
    const failed = await importer.client.rpc('import_board', { p_doc: doc as never });
    expect(failed.status).toBe(400);
    expect(failed.error?.code).toBe('23514');
    expect(await rowCounts()).toEqual(before);

    // A subtask with an impossible date, deep inside.
    const late = await exportBoard(owner, boardId);
    late.lists[1]!.cards[0]!.subtasks = [
      { text: 'x', completed: false, position: 1, due_date: '2026-02-31', assignee: null },
    ];
    const badDate = await importer.client.rpc('import_board', { p_doc: late as never });
    expect(badDate.status).toBe(400);
    expect(await rowCounts()).toEqual(before);

    // A card tagged with a label the document does not have.
    const dangling = await exportBoard(owner, boardId);
    dangling.lists[1]!.cards[0]!.labels = ['no-such-label'];
    const refused = await importer.client.rpc('import_board', { p_doc: dangling as never });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses other formats, versions and shapes with 400, too much with 413', async () => {
    const importer = await backend.signUpAndSignIn();
    const before = await rowCounts();
    const call = (doc: unknown) => importer.client.rpc('import_board', { p_doc: doc as never });

    const trello = await call({ lists: [], cards: [], actions: [] });
    expect([trello.status, trello.error?.code]).toEqual([400, '22023']);
    const future = await call({ format: 'taskflow-board', version: 2, board: {}, lists: [] });
    expect([future.status, future.error?.code]).toEqual([400, '22023']);
    const shape = await call({
      format: 'taskflow-board',
      version: 1,
      board: { title: 'X' },
      lists: [{ title: 'A', cards: 'nein' }],
    });
    expect([shape.status, shape.error?.code]).toEqual([400, '22023']);
    const huge = await call({
      format: 'taskflow-board',
      version: 1,
      board: { title: 'Zu groß' },
      lists: Array.from({ length: 501 }, (_, i) => ({ title: `L${i}`, cards: [] })),
    });
    expect([huge.status, huge.error?.code]).toEqual([413, 'PT413']);
    const anonymous = await backend
      .client()
      .rpc('import_board', { p_doc: { format: 'taskflow-board', version: 1 } as never });
    expect(anonymous.error).not.toBeNull();
    expect(await rowCounts()).toEqual(before);
  });

  it('budgets the addresses an import may look up per hour', async () => {
    const importer = await backend.signUpAndSignIn();
    const withPeople = (count: number, tag: string) => ({
      format: 'taskflow-board',
      version: 1,
      board: { title: `Leute ${tag}` },
      members: Array.from({ length: count }, (_, i) => ({
        email: `${tag}-${i}@nobody.invalid`,
        full_name: '',
        role: 'member',
      })),
      lists: [],
    });
    const first = await importer.client.rpc('import_board', {
      p_doc: withPeople(40, 'a') as never,
    });
    expect(first.error).toBeNull();
    expect((first.data as { unregistered: number }).unregistered).toBe(40);
    // As if most of the hour's 500 addresses had been spent by earlier imports.
    await backend.sql(`update private.import_rate set lookups = 470 where user_id = $1`, [
      importer.user.id,
    ]);
    const before = await rowCounts();
    const second = await importer.client.rpc('import_board', {
      p_doc: withPeople(31, 'b') as never,
    });
    expect([second.status, second.error?.code]).toEqual([429, 'PT429']);
    expect(await rowCounts()).toEqual(before);
    // Within the budget, the same caller may still import.
    const third = await importer.client.rpc('import_board', {
      p_doc: withPeople(30, 'c') as never,
    });
    expect(third.error).toBeNull();
  });

  it('budgets imports per hour by count and bytes, whoever they name', async () => {
    const importer = await backend.signUpAndSignIn();
    const small = { format: 'taskflow-board', version: 1, board: { title: 'Klein' }, lists: [] };
    must(await importer.client.rpc('import_board', { p_doc: small as never }));
    await backend.sql(`update private.import_rate set imports = 30 where user_id = $1`, [
      importer.user.id,
    ]);
    const tooOften = await importer.client.rpc('import_board', { p_doc: small as never });
    expect([tooOften.status, tooOften.error?.code]).toEqual([429, 'PT429']);
    await backend.sql(
      `update private.import_rate set imports = 0, bytes = 4999900 where user_id = $1`,
      [importer.user.id],
    );
    const tooMuch = await importer.client.rpc('import_board', { p_doc: small as never });
    expect([tooMuch.status, tooMuch.error?.code]).toEqual([429, 'PT429']);
    // An hour later the budget is whole again.
    await backend.sql(
      `update private.import_rate set window_start = now() - interval '1 hour' where user_id = $1`,
      [importer.user.id],
    );
    must(await importer.client.rpc('import_board', { p_doc: small as never }));
  });
});

describe('people in an imported document', () => {
  it('writes imported comments as the importer, keeping the named author and time only as text', async () => {
    const victim = await backend.signUpAndSignIn(uniqueEmail('vera'), 'geheim123', 'Vera Victim');
    const importer = await backend.signUpAndSignIn();
    const doc = {
      format: 'taskflow-board',
      version: 1,
      board: { title: 'Gefälscht?' },
      members: [{ email: victim.email, full_name: 'Vera Victim', role: 'member' }],
      lists: [
        {
          title: 'A',
          position: 1024,
          cards: [
            {
              title: 'Karte',
              position: 1024,
              comments: [
                {
                  author_email: victim.email.toUpperCase(),
                  author_name: 'Vera Victim',
                  text: 'Ich habe das so beschlossen.',
                  created_at: '2020-01-02T03:04:05Z',
                  edited_at: '2030-01-01T00:00:00Z',
                },
              ],
            },
          ],
        },
      ],
    };
    const summary = must(await importer.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string };
    };
    const [comment] = await backend.sql<{
      id: string;
      user_id: string;
      edited_at: string | null;
      imported_author_name: string;
      imported_at: Date;
    }>(
      `select k.id, k.user_id, k.edited_at, k.imported_author_name, k.imported_at
       from public.card_comments k join public.cards c on c.id = k.card_id
       where c.board_id = $1`,
      [summary.board.id],
    );
    expect(comment).toMatchObject({
      user_id: importer.user.id,
      edited_at: null,
      imported_author_name: 'Vera Victim',
    });
    expect(new Date(comment!.imported_at).toISOString()).toBe('2020-01-02T03:04:05.000Z');

    // Vera is a member now, as an invitation would have made her, but the comment is not hers:
    // she cannot delete it, its author can.
    const seen = must(
      await victim.client.from('card_comments').select('id, user_id').eq('id', comment!.id),
    );
    expect(seen).toEqual([{ id: comment!.id, user_id: importer.user.id }]);
    must(await victim.client.from('card_comments').delete().eq('id', comment!.id));
    expect(
      await backend.sql(`select 1 from public.card_comments where id = $1`, [comment!.id]),
    ).toHaveLength(1);

    // Nobody can write such a comment by hand.
    const [card] = await backend.sql<{ id: string }>(
      `select id from public.cards where board_id = $1`,
      [summary.board.id],
    );
    const forged = await victim.client.from('card_comments').insert({
      card_id: card!.id,
      text: 'Von Olga',
      imported_author_name: 'Olga Owner',
      imported_at: '2020-01-01T00:00:00Z',
    } as never);
    expect(forged.error?.code).toBe('42501');
  });

  it('exports an imported comment again under its original author and time, never the importer', async () => {
    const importer = await backend.signUpAndSignIn(uniqueEmail('ida'), 'geheim123', 'Ida Import');
    const comment = {
      author_email: uniqueEmail('gone'),
      author_name: 'Gerd Gegangen',
      text: 'Aus dem alten Board.',
      created_at: '2021-05-06T07:08:09Z',
      edited_at: null,
    };
    const doc = {
      format: 'taskflow-board',
      version: 1,
      board: { title: 'Zweiter Umzug' },
      lists: [
        {
          title: 'A',
          position: 1024,
          cards: [{ title: 'K', position: 1024, comments: [comment] }],
        },
      ],
    };
    const summary = must(await importer.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string };
    };
    const exported = await exportBoard(importer, summary.board.id);
    expect(exported.lists[0]!.cards[0]!.comments).toEqual([
      {
        author_email: null,
        author_name: 'Gerd Gegangen',
        text: 'Aus dem alten Board.',
        created_at: expect.stringMatching(/^2021-05-06T07:08:09/),
        edited_at: null,
      },
    ]);
  });

  it('adds registered members as an invitation does: in the history, on their board list', async () => {
    const colleague = await backend.signUpAndSignIn(uniqueEmail('kai'), 'geheim123', 'Kai Kollege');
    const importer = await backend.signUpAndSignIn();
    const doc = {
      format: 'taskflow-board',
      version: 1,
      board: { title: 'Team' },
      members: [
        { email: ` ${colleague.email.toUpperCase()} `, full_name: 'Kai', role: 'owner' },
        { email: importer.email, full_name: 'Ich', role: 'member' },
      ],
      lists: [],
    };
    const summary = must(await importer.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string };
      members_added: number;
    };
    expect(summary.members_added).toBe(1);
    const members = await backend.sql<{ user_id: string; role: string }>(
      `select user_id, role from public.board_members where board_id = $1 order by created_at`,
      [summary.board.id],
    );
    expect(members).toEqual([
      { user_id: importer.user.id, role: 'owner' },
      { user_id: colleague.user.id, role: 'member' },
    ]);
    const history = await backend.sql<{ kind: string; user_id: string | null }>(
      `select kind, data ->> 'user_id' as user_id from public.activity
       where board_id = $1 order by created_at, id`,
      [summary.board.id],
    );
    expect(history).toEqual([
      { kind: 'board_imported', user_id: null },
      { kind: 'member_added', user_id: colleague.user.id },
    ]);
    const boards = must(await colleague.client.from('boards').select('id'));
    expect(boards.map((b) => b.id)).toContain(summary.board.id);
  });
});

describe('export_board and people who left', () => {
  it('gives current members by e-mail, and a former member only by the name they wrote under', async () => {
    const o = await backend.signUpAndSignIn(uniqueEmail('olaf'), 'geheim123', 'Olaf Owner');
    const leaver = await backend.signUpAndSignIn(uniqueEmail('lea'), 'geheim123', 'Lea Leaving');
    const id = must(
      await o.client.from('boards').insert({ title: 'Privat' }).select('id').single(),
    ).id;
    must(await o.client.from('board_members').insert({ board_id: id, user_id: leaver.user.id }));
    const [listId] = await newLists(o.client, id, ['A']);
    const cardId = must(
      await o.client.from('cards').insert({ list_id: listId!, title: 'K' }).select('id').single(),
    ).id;
    must(await leaver.client.from('card_comments').insert({ card_id: cardId, text: 'Tschüss' }));
    must(await o.client.from('card_comments').insert({ card_id: cardId, text: 'Danke' }));
    // Lea leaves, then takes another address and name.
    must(
      await leaver.client
        .from('board_members')
        .delete()
        .eq('board_id', id)
        .eq('user_id', leaver.user.id),
    );
    const newAddress = uniqueEmail('lea-neu');
    await backend.sql(`update auth.users set email = $2 where id = $1`, [
      leaver.user.id,
      newAddress,
    ]);
    await backend.sql(`update public.profiles set full_name = 'Lea Neu' where id = $1`, [
      leaver.user.id,
    ]);

    const doc = await exportBoard(o, id);
    expect(doc.members.map((m) => m.email)).toEqual([o.email]);
    expect(doc.lists[0]!.cards[0]!.comments.map((c) => [c.author_email, c.author_name])).toEqual([
      [null, 'Lea Leaving'],
      [o.email, 'Olaf Owner'],
    ]);
    expect(JSON.stringify(doc)).not.toContain(newAddress);
    expect(JSON.stringify(doc)).not.toContain(leaver.email);
  });
});

/**
 * The permission matrix: who may read and write what, seen from the real supabase-js over the
 * real REST surface. Four callers (an anonymous client, a signed-in non-member, a member and
 * the owner of a board) against every table and operation. A refusal must leave the database
 * as it was; the fixtures are written and checked directly in the database, so that only the
 * call under test goes through the API.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';

type Row = Record<string, unknown>;
type Actor = 'anon' | 'outsider' | 'member' | 'owner';
type Operation = 'select' | 'insert' | 'update' | 'delete';

interface Person {
  id: string;
  email: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let owner: Person;
let member: Person;
let outsider: Person;
let anon: SupabaseClient;

/** A registered user without a session, written the way the auth module writes one. */
const createUser = async () => {
  const [row] = await backend.sql(
    `insert into auth.users (email, raw_user_meta_data, email_confirmed_at)
     values ($1, '{"full_name":"Neu"}', now()) returning id`,
    [uniqueEmail('extra')],
  );
  return row!.id as string;
};

const signedIn = async (fullName: string): Promise<Person> => {
  const { client, user, email } = await backend.signUpAndSignIn(
    uniqueEmail(),
    'geheim123',
    fullName,
  );
  return { id: user.id, email, client };
};

beforeAll(async () => {
  backend = await startTestBackend();
  [owner, member, outsider] = await Promise.all([
    signedIn('Olga Owner'),
    signedIn('Max Member'),
    signedIn('Otto Outsider'),
  ]);
  anon = backend.client();
});

afterAll(async () => {
  await backend?.close();
});

const clientOf = (actor: Actor) =>
  ({ anon, outsider: outsider.client, member: member.client, owner: owner.client })[actor];

/** A fresh board of the owner, with the member on it, a list, a card and two labels. */
const createBoard = async () => {
  const [board] = await backend.sql(
    `insert into public.boards (title, owner_id) values ('Projekt', $1) returning id`,
    [owner.id],
  );
  const boardId = board!.id as string;
  await backend.sql(
    `insert into public.board_members (board_id, user_id, role) values ($1, $2, 'member')`,
    [boardId, member.id],
  );
  const [list] = await backend.sql(
    `insert into public.lists (board_id, title, position) values ($1, 'Zu erledigen', 1024) returning id`,
    [boardId],
  );
  const listId = list!.id as string;
  const [card] = await backend.sql(
    `insert into public.cards (list_id, title, position) values ($1, 'Aufgabe', 1024) returning id`,
    [listId],
  );
  const labels = await backend.sql(
    `insert into public.board_labels (board_id, name) values ($1, 'Bug'), ($1, 'Feature') returning id`,
    [boardId],
  );
  return {
    boardId,
    listId,
    cardId: card!.id as string,
    labelId: labels[0]!.id as string,
    otherLabelId: labels[1]!.id as string,
  };
};

type Board = Awaited<ReturnType<typeof createBoard>>;

interface TableRules {
  table: string;
  /** Creates the row that select, update and delete aim at; resolves to its key columns. */
  target(board: Board): Promise<Row>;
  /** A new row to insert. */
  newRow(board: Board): Promise<Row>;
  /** A change for the target row; `column` is how the test sees whether it happened. */
  change(): { patch: Row; column: string };
  /** The callers allowed to do each operation; everyone else is refused. */
  allowed: Record<Operation, Actor[]>;
}

/**
 * Writes `row` as superuser, past row-level security; resolves to its key: the generated id
 * when `key` is 'id', else the row itself (a join table's columns are its key).
 */
const seedRow = async (table: string, row: Row, key?: 'id'): Promise<Row> => {
  const columns = Object.keys(row);
  const [stored] = await backend.sql(
    `insert into public.${table} (${columns.join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(row),
  );
  return key ? { id: stored!.id } : row;
};

const members: Actor[] = ['member', 'owner'];
const nobody: Actor[] = [];

const rules: TableRules[] = [
  {
    table: 'profiles',
    target: async () => ({ id: member.id }),
    newRow: async () => ({ id: randomUUID(), full_name: 'Fälschung' }),
    change: () => ({
      patch: { full_name: `Max ${randomUUID().slice(0, 6)}` },
      column: 'full_name',
    }),
    // Fellow members see each other; a profile is changed by its owner only, and rows come
    // from sign-up alone.
    allowed: { select: members, insert: nobody, update: ['member'], delete: nobody },
  },
  {
    table: 'boards',
    target: async (board) => ({ id: board.boardId }),
    newRow: async () => ({ title: `Neues Board ${randomUUID().slice(0, 6)}` }),
    change: () => ({ patch: { title: `Umbenannt ${randomUUID().slice(0, 6)}` }, column: 'title' }),
    // Anyone signed in creates boards of their own.
    allowed: {
      select: members,
      insert: ['outsider', 'member', 'owner'],
      update: ['owner'],
      delete: ['owner'],
    },
  },
  {
    table: 'board_members',
    target: async (board) =>
      seedRow('board_members', { board_id: board.boardId, user_id: await createUser() }, 'id'),
    newRow: async (board) => ({
      board_id: board.boardId,
      user_id: await createUser(),
      role: 'member',
    }),
    change: () => ({ patch: { role: 'owner' }, column: 'role' }),
    allowed: { select: members, insert: ['owner'], update: nobody, delete: ['owner'] },
  },
  {
    table: 'lists',
    target: async (board) => ({ id: board.listId }),
    newRow: async (board) => ({ board_id: board.boardId, title: 'Neue Liste', position: 2048 }),
    change: () => ({ patch: { title: `Liste ${randomUUID().slice(0, 6)}` }, column: 'title' }),
    allowed: { select: members, insert: members, update: members, delete: members },
  },
  {
    table: 'cards',
    target: async (board) => ({ id: board.cardId }),
    newRow: async (board) => ({ list_id: board.listId, title: 'Neue Karte', position: 2048 }),
    change: () => ({ patch: { title: `Karte ${randomUUID().slice(0, 6)}` }, column: 'title' }),
    allowed: { select: members, insert: members, update: members, delete: members },
  },
  {
    table: 'card_assignees',
    target: (board) => seedRow('card_assignees', { card_id: board.cardId, user_id: member.id }),
    newRow: async (board) => ({ card_id: board.cardId, user_id: owner.id }),
    change: () => ({ patch: { user_id: owner.id }, column: 'user_id' }),
    allowed: { select: members, insert: members, update: nobody, delete: members },
  },
  {
    table: 'board_labels',
    target: async (board) => ({ id: board.labelId }),
    newRow: async (board) => ({
      board_id: board.boardId,
      name: 'Dringend',
      color: 'bg-red-100 text-red-800',
    }),
    change: () => ({ patch: { name: `Label ${randomUUID().slice(0, 6)}` }, column: 'name' }),
    allowed: { select: members, insert: members, update: members, delete: members },
  },
  {
    table: 'card_tags',
    target: (board) => seedRow('card_tags', { card_id: board.cardId, label_id: board.labelId }),
    newRow: async (board) => ({ card_id: board.cardId, label_id: board.otherLabelId }),
    change: () => ({ patch: { created_at: '2000-01-01T00:00:00+00:00' }, column: 'created_at' }),
    allowed: { select: members, insert: members, update: nobody, delete: members },
  },
  {
    table: 'card_checklist_items',
    target: (board) =>
      seedRow(
        'card_checklist_items',
        { card_id: board.cardId, text: 'Teilaufgabe', position: 1024 },
        'id',
      ),
    newRow: async (board) => ({ card_id: board.cardId, text: 'Neu', position: 2048 }),
    change: () => ({ patch: { text: `Schritt ${randomUUID().slice(0, 6)}` }, column: 'text' }),
    allowed: { select: members, insert: members, update: members, delete: members },
  },
  {
    table: 'card_comments',
    // Written by the member: only its author may change or delete it, not even the owner.
    target: (board) =>
      seedRow(
        'card_comments',
        { card_id: board.cardId, user_id: member.id, text: 'Erledigt?' },
        'id',
      ),
    newRow: async (board) => ({ card_id: board.cardId, text: 'Hallo zusammen' }),
    change: () => ({ patch: { text: `Geändert ${randomUUID().slice(0, 6)}` }, column: 'text' }),
    allowed: { select: members, insert: members, update: ['member'], delete: ['member'] },
  },
];

const where = (key: Row) =>
  Object.keys(key)
    .map((column, i) => `${column} = $${i + 1}`)
    .join(' and ');

const rowsWith = (table: string, key: Row) =>
  backend.sql(`select * from public.${table} where ${where(key)}`, Object.values(key));

/** Refused: an error with SQLSTATE 42501, or (for filtered reads and writes) no rows at all. */
const expectRefused = (result: { data: unknown; error: { code?: string } | null }) => {
  if (result.error) expect(result.error.code).toBe('42501');
  else expect(result.data ?? []).toEqual([]);
};

const actors: Actor[] = ['anon', 'outsider', 'member', 'owner'];

describe.each(rules)('$table', (rule) => {
  describe.each(actors)('as %s', (actor) => {
    const verdict = (operation: Operation) =>
      rule.allowed[operation].includes(actor) ? 'allowed' : 'refused';

    it(`select is ${verdict('select')}`, async () => {
      const key = await rule.target(await createBoard());
      const result = await clientOf(actor).from(rule.table).select('*').match(key);
      if (verdict('select') === 'allowed') {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(1);
        expect(result.data![0]).toMatchObject(key);
      } else {
        expectRefused(result);
      }
    });

    it(`insert is ${verdict('insert')}`, async () => {
      const row = await rule.newRow(await createBoard());
      const result = await clientOf(actor).from(rule.table).insert(row).select('*');
      if (verdict('insert') === 'allowed') {
        expect(result.error).toBeNull();
        expect(result.data).toEqual([expect.objectContaining(row)]);
      } else {
        // An insert is never silently dropped: it fails.
        expect(result.error?.code).toBe('42501');
        expect(await rowsWith(rule.table, row)).toEqual([]);
      }
    });

    it(`update is ${verdict('update')}`, async () => {
      const key = await rule.target(await createBoard());
      const [before] = await rowsWith(rule.table, key);
      const { patch, column } = rule.change();
      const result = await clientOf(actor).from(rule.table).update(patch).match(key).select('*');
      const [after] = await rowsWith(rule.table, key);
      if (verdict('update') === 'allowed') {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(1);
        expect(after![column]).toEqual(patch[column]);
      } else {
        expectRefused(result);
        expect(after).toEqual(before);
      }
    });

    it(`delete is ${verdict('delete')}`, async () => {
      const key = await rule.target(await createBoard());
      const result = await clientOf(actor).from(rule.table).delete().match(key).select('*');
      const remaining = await rowsWith(rule.table, key);
      if (verdict('delete') === 'allowed') {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(1);
        expect(remaining).toEqual([]);
      } else {
        expectRefused(result);
        expect(remaining).toHaveLength(1);
      }
    });
  });
});

describe('the rules a client may try to get around', () => {
  it('a member cannot delete the board', async () => {
    const { boardId } = await createBoard();
    const { data, error } = await member.client.from('boards').delete().eq('id', boardId).select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await rowsWith('boards', { id: boardId })).toHaveLength(1);
  });

  it('a member cannot add members, neither directly nor by invitation', async () => {
    const { boardId } = await createBoard();
    const direct = await member.client
      .from('board_members')
      .insert({ board_id: boardId, user_id: outsider.id, role: 'member' });
    expect(direct.error?.code).toBe('42501');
    const invite = await member.client.rpc('invite_board_member', {
      p_board_id: boardId,
      p_email: outsider.email,
    });
    expect(invite.error).toMatchObject({
      code: '42501',
      message: 'Only the board owner can invite members',
    });
    expect(await rowsWith('board_members', { board_id: boardId, user_id: outsider.id })).toEqual(
      [],
    );
  });

  /** `person` ends `userId`'s membership of the board, as the team dialog does. */
  const removeMembership = (person: { client: SupabaseClient }, boardId: string, userId: string) =>
    person.client
      .from('board_members')
      .delete()
      .eq('board_id', boardId)
      .eq('user_id', userId)
      .select();

  it('nobody removes the owner from the board, not even the owner', async () => {
    const { boardId } = await createBoard();
    for (const person of [member, owner]) {
      const { data, error } = await removeMembership(person, boardId, owner.id);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect(await rowsWith('board_members', { board_id: boardId, user_id: owner.id })).toHaveLength(
      1,
    );
  });

  it('nobody makes themself or anyone else an owner', async () => {
    const { boardId } = await createBoard();
    const promote = await owner.client
      .from('board_members')
      .update({ role: 'owner' })
      .eq('board_id', boardId)
      .eq('user_id', member.id);
    expect(promote.error?.code).toBe('42501');
    const extra = await createUser();
    const addOwner = await owner.client
      .from('board_members')
      .insert({ board_id: boardId, user_id: extra, role: 'owner' });
    expect(addOwner.error?.code).toBe('42501');
    const steal = await member.client
      .from('boards')
      .update({ owner_id: member.id })
      .eq('id', boardId);
    expect(steal.error?.code).toBe('42501');
    expect(
      await backend.sql(
        `select user_id from public.board_members where board_id = $1 and role = 'owner'`,
        [boardId],
      ),
    ).toEqual([{ user_id: owner.id }]);
  });

  it('a member may leave the board', async () => {
    const { boardId } = await createBoard();
    const { data, error } = await removeMembership(member, boardId, member.id);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const after = await member.client.from('boards').select('id').eq('id', boardId);
    expect(after.data).toEqual([]);
  });

  it('a comment cannot be written in someone else’s name', async () => {
    const { cardId } = await createBoard();
    const { error } = await member.client
      .from('card_comments')
      .insert({ card_id: cardId, user_id: owner.id, text: 'Gefälscht' });
    expect(error?.code).toBe('42501');
    const own = await member.client
      .from('card_comments')
      .insert({ card_id: cardId, text: 'Echt' })
      .select()
      .single();
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({ user_id: member.id, text: 'Echt' });
    const authors = await backend.sql(
      'select user_id from public.card_comments where card_id = $1',
      [cardId],
    );
    expect(authors).toEqual([{ user_id: member.id }]);
  });

  it('a board cannot be created in someone else’s name', async () => {
    const { error } = await outsider.client
      .from('boards')
      .insert({ title: 'Fremd', owner_id: owner.id });
    expect(error?.code).toBe('42501');
  });

  it('the owner sees a new board at once, with the owner membership', async () => {
    const { data, error } = await outsider.client
      .from('boards')
      .insert({ title: 'Meins' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'Meins', owner_id: outsider.id });
    const membership = await outsider.client
      .from('board_members')
      .select('user_id, role')
      .eq('board_id', data!.id);
    expect(membership.data).toEqual([{ user_id: outsider.id, role: 'owner' }]);
  });

  it('a card cannot be assigned to someone outside the board', async () => {
    const { cardId } = await createBoard();
    const { error } = await member.client
      .from('card_assignees')
      .insert({ card_id: cardId, user_id: outsider.id });
    expect(error).toMatchObject({
      code: '23514',
      message: 'A card can only be assigned to a member of its board',
    });
  });

  it('the board snapshot is for members only', async () => {
    const { boardId, cardId } = await createBoard();
    const asMember = await member.client.rpc('board_snapshot', { p_board_id: boardId });
    expect(asMember.error).toBeNull();
    expect(asMember.data).toMatchObject({ board: { id: boardId }, cards: [{ id: cardId }] });
    const asOutsider = await outsider.client.rpc('board_snapshot', { p_board_id: boardId });
    expect(asOutsider.error).toBeNull();
    expect(asOutsider.data).toBeNull();
    const asAnon = await anon.rpc('board_snapshot', { p_board_id: boardId });
    expect(asAnon.error?.code).toBe('42501');
  });

  it('the owner invites by e-mail, the invitee accepts, and existing members are named', async () => {
    const { boardId } = await createBoard();
    const invite = (email: string) =>
      owner.client.rpc('invite_board_member', { p_board_id: boardId, p_email: email });
    const invited = await invite(` ${outsider.email.toUpperCase()} `);
    expect(invited.error).toBeNull();
    expect(invited.data).toEqual({ status: 'invited', email: outsider.email });
    expect(
      (await outsider.client.rpc('accept_board_invitation', { p_board_id: boardId })).error,
    ).toBeNull();
    expect(
      await rowsWith('board_members', { board_id: boardId, user_id: outsider.id }),
    ).toHaveLength(1);
    expect((await invite(outsider.email)).data).toEqual({ status: 'already_member' });
    expect((await invite(uniqueEmail('nobody'))).data).toMatchObject({ status: 'invited' });
    const anonInvite = await anon.rpc('invite_board_member', {
      p_board_id: boardId,
      p_email: member.email,
    });
    expect(anonInvite.error?.code).toBe('42501');
  });
});

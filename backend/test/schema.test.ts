/**
 * The schema's own rules (supabase/migrations), checked in the database as the API roles see
 * them: each statement runs through `db.asRole`, i.e. as `authenticated` (or `anon`) with the
 * JWT claims set, exactly as a REST request does. The permission matrix over HTTP with the
 * real supabase-js lives in permissions.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/types.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.close();
});

type Row = Record<string, unknown>;

/** Runs `fn` as the signed-in user `userId`, under row-level security. */
const as = <T>(userId: string, fn: (tx: Queryable) => Promise<T>) =>
  backend.db.asRole({ role: 'authenticated', sub: userId }, fn);

/** One statement as `userId`; resolves to the returned rows. */
const sqlAs = async (userId: string, sql: string, params: unknown[] = []) =>
  (await as(userId, (tx) => tx.query<Row>(sql, params))).rows;

/** One statement as the connecting superuser, to look behind row-level security. */
const sqlAdmin = async (sql: string, params: unknown[] = []) =>
  (await backend.db.query<Row>(sql, params)).rows;

/** A registered user, written the way the auth module writes one (the profile comes by trigger). */
const createUser = async (fullName = 'Test Person') => {
  const email = uniqueEmail();
  const [row] = await sqlAdmin(
    `insert into auth.users (email, raw_user_meta_data, email_confirmed_at)
     values ($1, $2::jsonb, now()) returning id`,
    [email, JSON.stringify({ full_name: fullName })],
  );
  return { id: row!.id as string, email };
};

type User = Awaited<ReturnType<typeof createUser>>;

/** An owner's board with one list and one card, a member invited to it, and an outsider. */
const createTeamBoard = async () => {
  const [owner, member, outsider] = await Promise.all([
    createUser('Olga Owner'),
    createUser('Max Member'),
    createUser('Otto Outsider'),
  ]);
  const [board] = await sqlAs(
    owner.id,
    `insert into public.boards (title) values ('Projekt') returning *`,
  );
  const boardId = board!.id as string;
  await sqlAs(owner.id, 'select public.invite_board_member($1, $2)', [boardId, member.email]);
  await sqlAs(member.id, 'select public.accept_board_invitation($1)', [boardId]);
  const [list] = await sqlAs(
    owner.id,
    `insert into public.lists (board_id, title, position) values ($1, 'Zu erledigen', 1024) returning id`,
    [boardId],
  );
  const listId = list!.id as string;
  const [card] = await sqlAs(
    owner.id,
    `insert into public.cards (list_id, title, position) values ($1, 'Aufgabe', 1024) returning id`,
    [listId],
  );
  return { owner, member, outsider, boardId, listId, cardId: card!.id as string };
};

/** A second board of `user`'s, to show that nothing crosses from one board to another. */
const createOtherBoard = async (user: User) => {
  const [board] = await sqlAs(
    user.id,
    `insert into public.boards (title) values ('Anderes') returning id`,
  );
  return board!.id as string;
};

const rejectsWith = (promise: Promise<unknown>, code: string, message?: RegExp) =>
  expect(promise).rejects.toMatchObject({
    code,
    ...(message ? { message: expect.stringMatching(message) } : {}),
  });

/**
 * A row only its writer changes: to `others` an update or delete finds nothing (row-level
 * security hides the row from the write); the `writer` changes `column` to `value`, may not hand
 * the row over (`ownerColumn` is not writable through the API: 42501), and deletes it.
 */
const expectOnlyWriterChanges = async (
  table: string,
  id: unknown,
  {
    writer,
    others,
    column,
    value,
    ownerColumn,
  }: {
    writer: User;
    others: User[];
    column: string;
    value: string;
    ownerColumn: string;
  },
) => {
  const update = `update public.${table} set ${column} = $2 where id = $1 returning ${column}`;
  const remove = `delete from public.${table} where id = $1 returning id`;
  for (const other of others) {
    expect(await sqlAs(other.id, update, [id, 'Fremd'])).toEqual([]);
    expect(await sqlAs(other.id, remove, [id])).toEqual([]);
  }
  expect(await sqlAs(writer.id, update, [id, value])).toEqual([{ [column]: value }]);
  await rejectsWith(
    sqlAs(writer.id, `update public.${table} set ${ownerColumn} = $2 where id = $1`, [
      id,
      others[0]!.id,
    ]),
    '42501',
  );
  expect(await sqlAs(writer.id, remove, [id])).toEqual([{ id }]);
};

describe('auth helpers', () => {
  it('read sub, role and email from the claims document, a single-claim setting first', async () => {
    const sub = randomUUID();
    const read = (settings: Record<string, string>) =>
      backend.db.transaction(async (tx) => {
        for (const [name, value] of Object.entries(settings)) {
          await tx.query('select set_config($1, $2, true)', [name, value]);
        }
        const { rows } = await tx.query<Row>(
          'select auth.uid() as uid, auth.role() as role, auth.email() as email',
        );
        return rows[0];
      });
    const claims = JSON.stringify({ sub, role: 'authenticated', email: 'erika@beispiel.de' });
    expect(await read({ 'request.jwt.claims': claims })).toEqual({
      uid: sub,
      role: 'authenticated',
      email: 'erika@beispiel.de',
    });
    expect(
      await read({ 'request.jwt.claims': claims, 'request.jwt.claim.email': 'alt@beispiel.de' }),
    ).toMatchObject({ uid: sub, email: 'alt@beispiel.de' });
    // Settings read back as '' once set on a reused connection: no claims, no user.
    expect(await read({ 'request.jwt.claims': '' })).toEqual({
      uid: null,
      role: null,
      email: null,
    });
  });
});

describe('profiles', () => {
  it('are created on sign-up with the full name and the e-mail', async () => {
    const email = uniqueEmail('Greta');
    const { user } = await backend.signUpAndSignIn(email, 'geheim123', 'Greta Grün');
    const rows = await sqlAdmin('select id, full_name, email from public.profiles where id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([{ id: user.id, full_name: 'Greta Grün', email: email.toLowerCase() }]);
  });

  it('follow a changed sign-in address', async () => {
    const user = await createUser();
    const email = uniqueEmail('changed');
    await sqlAdmin('update auth.users set email = $1 where id = $2', [email, user.id]);
    expect(await sqlAdmin('select email from public.profiles where id = $1', [user.id])).toEqual([
      { email },
    ]);
  });

  it('are visible to oneself and fellow board members only', async () => {
    const { owner, member, outsider } = await createTeamBoard();
    const visible = async (userId: string) =>
      (await sqlAs(userId, 'select id from public.profiles')).map((r) => r.id as string).sort();
    expect(await visible(owner.id)).toEqual([owner.id, member.id].sort());
    expect(await visible(member.id)).toEqual([owner.id, member.id].sort());
    expect(await visible(outsider.id)).toEqual([outsider.id]);
  });

  it('let only their owner change the name, and nobody the e-mail', async () => {
    const { owner, member } = await createTeamBoard();
    const renamed = await sqlAs(
      owner.id,
      `update public.profiles set full_name = 'Olga O.' where id = $1 returning full_name`,
      [owner.id],
    );
    expect(renamed).toEqual([{ full_name: 'Olga O.' }]);
    expect(
      await sqlAs(
        member.id,
        `update public.profiles set full_name = 'x' where id = $1 returning id`,
        [owner.id],
      ),
    ).toEqual([]);
    await rejectsWith(
      sqlAs(owner.id, `update public.profiles set email = 'x@example.test' where id = $1`, [
        owner.id,
      ]),
      '42501',
    );
    await rejectsWith(
      sqlAs(owner.id, `insert into public.profiles (id, full_name) values ($1, 'Fake')`, [
        randomUUID(),
      ]),
      '42501',
    );
  });
});

describe('boards', () => {
  it('are returned to their creator by insert ... returning, with the defaults', async () => {
    const owner = await createUser();
    const rows = await sqlAs(
      owner.id,
      `insert into public.boards (title) values ('Neu') returning title, owner_id, background`,
    );
    expect(rows).toEqual([
      {
        title: 'Neu',
        owner_id: owner.id,
        background: 'bg-gradient-to-br from-blue-500 to-indigo-600',
      },
    ]);
  });

  it('make their creator the owner member', async () => {
    const { owner, boardId } = await createTeamBoard();
    const rows = await sqlAdmin(
      `select user_id, role from public.board_members where board_id = $1 and role = 'owner'`,
      [boardId],
    );
    expect(rows).toEqual([{ user_id: owner.id, role: 'owner' }]);
  });

  it('are created only with oneself as owner', async () => {
    const [alice, bob] = await Promise.all([createUser(), createUser()]);
    await rejectsWith(
      sqlAs(alice.id, `insert into public.boards (title, owner_id) values ('Fremd', $1)`, [bob.id]),
      '42501',
      /row-level security/,
    );
  });

  it('need a non-blank, trimmed title', async () => {
    const owner = await createUser();
    for (const title of ['', '   ', ' Projekt', 'Projekt ']) {
      await rejectsWith(
        sqlAs(owner.id, 'insert into public.boards (title) values ($1)', [title]),
        '23514',
      );
    }
  });

  it('are seen by members, renamed and deleted only by the owner', async () => {
    const { owner, member, outsider, boardId } = await createTeamBoard();
    expect(
      await sqlAs(member.id, 'select id from public.boards where id = $1', [boardId]),
    ).toHaveLength(1);
    expect(
      await sqlAs(outsider.id, 'select id from public.boards where id = $1', [boardId]),
    ).toEqual([]);
    // Ownership does not move: owner_id is not writable through the API.
    await expectOnlyWriterChanges('boards', boardId, {
      writer: owner,
      others: [member, outsider],
      column: 'title',
      value: 'Umbenannt',
      ownerColumn: 'owner_id',
    });
  });

  it('take everything below them along when deleted', async () => {
    const { owner, member, boardId, listId, cardId } = await createTeamBoard();
    await as(owner.id, async (tx) => {
      const [label] = (
        await tx.query<Row>(
          `insert into public.board_labels (board_id, name) values ($1, 'Bug') returning id`,
          [boardId],
        )
      ).rows;
      await tx.query('insert into public.card_tags (card_id, label_id) values ($1, $2)', [
        cardId,
        label!.id,
      ]);
      await tx.query('insert into public.card_assignees (card_id, user_id) values ($1, $2)', [
        cardId,
        member.id,
      ]);
      await tx.query(
        `insert into public.card_checklist_items (card_id, text, assigned_to) values ($1, 'Eins', $2)`,
        [cardId, member.id],
      );
      await tx.query(
        `insert into public.card_comments (card_id, text) values ($1, 'Los geht''s')`,
        [cardId],
      );
    });
    const counts = async () =>
      (
        await sqlAdmin(
          `select
             (select count(*) from public.board_members where board_id = $1)::int as members,
             (select count(*) from public.board_labels where board_id = $1)::int as labels,
             (select count(*) from public.lists where board_id = $1)::int as lists,
             (select count(*) from public.cards where list_id = $2)::int as cards,
             (select count(*) from public.card_assignees where card_id = $3)::int as assignees,
             (select count(*) from public.card_tags where card_id = $3)::int as tags,
             (select count(*) from public.card_checklist_items where card_id = $3)::int as checklist,
             (select count(*) from public.card_comments where card_id = $3)::int as comments`,
          [boardId, listId, cardId],
        )
      )[0];
    expect(await counts()).toEqual({
      members: 2,
      labels: 1,
      lists: 1,
      cards: 1,
      assignees: 1,
      tags: 1,
      checklist: 1,
      comments: 1,
    });
    await sqlAs(owner.id, 'delete from public.boards where id = $1', [boardId]);
    expect(await counts()).toEqual({
      members: 0,
      labels: 0,
      lists: 0,
      cards: 0,
      assignees: 0,
      tags: 0,
      checklist: 0,
      comments: 0,
    });
    // Profiles outlive the boards.
    expect(
      await sqlAdmin('select id from public.profiles where id = any($1)', [[owner.id, member.id]]),
    ).toHaveLength(2);
  });
});

describe('board_members', () => {
  it('are read by the members of the board only', async () => {
    const { member, outsider, boardId } = await createTeamBoard();
    expect(
      await sqlAs(
        member.id,
        'select role from public.board_members where board_id = $1 order by role desc',
        [boardId],
      ),
    ).toEqual([{ role: 'owner' }, { role: 'member' }]);
    expect(
      await sqlAs(outsider.id, 'select id from public.board_members where board_id = $1', [
        boardId,
      ]),
    ).toEqual([]);
  });

  it('are added by the owner only, and only as members', async () => {
    const { owner, member, outsider, boardId } = await createTeamBoard();
    const insert =
      'insert into public.board_members (board_id, user_id, role) values ($1, $2, $3) returning role';
    await rejectsWith(sqlAs(member.id, insert, [boardId, outsider.id, 'member']), '42501');
    await rejectsWith(sqlAs(outsider.id, insert, [boardId, outsider.id, 'member']), '42501');
    await rejectsWith(sqlAs(owner.id, insert, [boardId, outsider.id, 'owner']), '42501');
    await rejectsWith(sqlAs(owner.id, insert, [boardId, member.id, 'member']), '23505');
    expect(await sqlAs(owner.id, insert, [boardId, outsider.id, 'member'])).toEqual([
      { role: 'member' },
    ]);
  });

  it('lose members through the owner or by leaving, never the owner', async () => {
    const { owner, member, boardId } = await createTeamBoard();
    const third = await createUser();
    await sqlAs(owner.id, 'select public.invite_board_member($1, $2)', [boardId, third.email]);
    await sqlAs(third.id, 'select public.accept_board_invitation($1)', [boardId]);
    const remove =
      'delete from public.board_members where board_id = $1 and user_id = $2 returning user_id';
    expect(await sqlAs(member.id, remove, [boardId, owner.id])).toEqual([]);
    expect(await sqlAs(owner.id, remove, [boardId, owner.id])).toEqual([]);
    expect(await sqlAs(member.id, remove, [boardId, third.id])).toEqual([]);
    expect(await sqlAs(owner.id, remove, [boardId, third.id])).toEqual([{ user_id: third.id }]);
    expect(await sqlAs(member.id, remove, [boardId, member.id])).toEqual([{ user_id: member.id }]);
    expect(await sqlAs(member.id, 'select id from public.boards where id = $1', [boardId])).toEqual(
      [],
    );
    expect(
      await sqlAdmin('select role from public.board_members where board_id = $1', [boardId]),
    ).toEqual([{ role: 'owner' }]);
  });
});

describe('lists and cards', () => {
  it('give a card its board from its list; a client may not send one', async () => {
    const { member, boardId, listId } = await createTeamBoard();
    await rejectsWith(
      sqlAs(
        member.id,
        `insert into public.cards (list_id, board_id, title) values ($1, $2, 'Karte')`,
        [listId, randomUUID()],
      ),
      '42501',
    );
    const [card] = await sqlAs(
      member.id,
      `insert into public.cards (list_id, title) values ($1, 'Karte')
       returning board_id, description, priority, due_date, position`,
      [listId],
    );
    expect(card).toEqual({
      board_id: boardId,
      description: '',
      priority: 'medium',
      due_date: null,
      position: 0,
    });
  });

  it('move a card between the lists of its board, writing only the card', async () => {
    const { member, boardId, cardId } = await createTeamBoard();
    const [done] = await sqlAs(
      member.id,
      `insert into public.lists (board_id, title, position) values ($1, 'Erledigt', 2048) returning id`,
      [boardId],
    );
    const moved = await sqlAs(
      member.id,
      'update public.cards set list_id = $2, position = 512.5 where id = $1 returning list_id, board_id, position',
      [cardId, done!.id],
    );
    expect(moved).toEqual([{ list_id: done!.id, board_id: boardId, position: 512.5 }]);
  });

  it('refuse to move a card to another board, or into a list that does not exist', async () => {
    const { owner, cardId } = await createTeamBoard();
    const other = await createOtherBoard(owner);
    const [otherList] = await sqlAs(
      owner.id,
      `insert into public.lists (board_id, title) values ($1, 'Liste') returning id`,
      [other],
    );
    await rejectsWith(
      sqlAs(owner.id, 'update public.cards set list_id = $2 where id = $1', [
        cardId,
        otherList!.id,
      ]),
      '23514',
      /own board/,
    );
    await rejectsWith(
      sqlAs(owner.id, `insert into public.cards (list_id, title) values ($1, 'x')`, [randomUUID()]),
      '23503',
    );
    await rejectsWith(
      sqlAs(owner.id, 'update public.cards set board_id = $2 where id = $1', [cardId, other]),
      '42501',
    );
  });

  it('keep outsiders out of the board', async () => {
    const { outsider, boardId, listId, cardId } = await createTeamBoard();
    expect(
      await sqlAs(outsider.id, 'select id from public.lists where board_id = $1', [boardId]),
    ).toEqual([]);
    expect(await sqlAs(outsider.id, 'select id from public.cards where id = $1', [cardId])).toEqual(
      [],
    );
    expect(
      await sqlAs(outsider.id, `update public.cards set title = 'x' where id = $1 returning id`, [
        cardId,
      ]),
    ).toEqual([]);
    expect(
      await sqlAs(outsider.id, 'delete from public.lists where id = $1 returning id', [listId]),
    ).toEqual([]);
    await rejectsWith(
      sqlAs(outsider.id, `insert into public.lists (board_id, title) values ($1, 'x')`, [boardId]),
      '42501',
    );
    await rejectsWith(
      sqlAs(outsider.id, `insert into public.cards (list_id, title) values ($1, 'x')`, [listId]),
      '42501',
    );
  });

  it('check titles and priorities', async () => {
    const { member, boardId, listId, cardId } = await createTeamBoard();
    await rejectsWith(
      sqlAs(member.id, 'insert into public.lists (board_id, title) values ($1, $2)', [
        boardId,
        ' ',
      ]),
      '23514',
    );
    await rejectsWith(
      sqlAs(member.id, 'insert into public.cards (list_id, title) values ($1, $2)', [
        listId,
        'Karte ',
      ]),
      '23514',
    );
    await rejectsWith(
      sqlAs(member.id, `update public.cards set priority = 'someday' where id = $1`, [cardId]),
      '23514',
    );
    for (const priority of ['low', 'medium', 'high', 'urgent']) {
      expect(
        await sqlAs(
          member.id,
          'update public.cards set priority = $2 where id = $1 returning priority',
          [cardId, priority],
        ),
      ).toEqual([{ priority }]);
    }
  });
});

describe('subtask text', () => {
  it('is required; its migration removed blank ghosts and named used blank rows', async () => {
    const { owner, cardId } = await createTeamBoard();
    await rejectsWith(
      sqlAs(owner.id, "insert into public.card_checklist_items (card_id, text) values ($1, ' ')", [
        cardId,
      ]),
      '23514',
      /card_checklist_items_text_check/,
    );

    // The migration again, on a table that still holds what the old app wrote; rolled back.
    const migration = await readFile(
      new URL(
        '../../supabase/migrations/20261126001000_subtask_text_required.sql',
        import.meta.url,
      ),
      'utf8',
    );
    const rollback = new Error('rollback');
    const outcome = backend.db.transaction(async (tx) => {
      await tx.exec(
        'alter table public.card_checklist_items drop constraint card_checklist_items_text_check',
      );
      await tx.query(
        `insert into public.card_checklist_items (card_id, text, position, due_date) values
           ($1, '', 1, null), ($1, '  ', 2, null), ($1, '', 3, '2026-12-01'), ($1, 'Bleibt', 4, null)`,
        [cardId],
      );
      await tx.exec(migration);
      const left = await tx.query<Row>(
        'select text from public.card_checklist_items where card_id = $1 order by position',
        [cardId],
      );
      expect(left.rows).toEqual([{ text: 'Unteraufgabe' }, { text: 'Bleibt' }]);
      const removed = await tx.query<Row>(
        "select 1 from public.activity where card_id = $1 and kind = 'subtask_removed'",
        [cardId],
      );
      expect(removed.rows).toEqual([]);
      throw rollback;
    });
    await expect(outcome).rejects.toBe(rollback);
  });
});

describe('assignees', () => {
  it('must be members of the card’s board', async () => {
    const { owner, member, outsider, cardId } = await createTeamBoard();
    const assign =
      'insert into public.card_assignees (card_id, user_id) values ($1, $2) returning user_id';
    await rejectsWith(
      sqlAs(owner.id, assign, [cardId, outsider.id]),
      '23514',
      /member of its board/,
    );
    expect(await sqlAs(owner.id, assign, [cardId, member.id])).toEqual([{ user_id: member.id }]);
    await rejectsWith(sqlAs(owner.id, assign, [cardId, member.id]), '23505');
  });

  it('of subtasks must be members too, and may be left empty', async () => {
    const { owner, member, outsider, cardId } = await createTeamBoard();
    const [item] = await sqlAs(
      owner.id,
      "insert into public.card_checklist_items (card_id, text) values ($1, 'Eins') returning id, text, completed, assigned_to",
      [cardId],
    );
    expect(item).toMatchObject({ text: 'Eins', completed: false, assigned_to: null });
    await rejectsWith(
      sqlAs(owner.id, 'update public.card_checklist_items set assigned_to = $2 where id = $1', [
        item!.id,
        outsider.id,
      ]),
      '23514',
      /member of its board/,
    );
    expect(
      await sqlAs(
        member.id,
        'update public.card_checklist_items set assigned_to = $2 where id = $1 returning assigned_to',
        [item!.id, member.id],
      ),
    ).toEqual([{ assigned_to: member.id }]);
  });

  it('lose their assignments when they leave the board', async () => {
    const { owner, member, boardId, cardId } = await createTeamBoard();
    await as(owner.id, async (tx) => {
      await tx.query(
        'insert into public.card_assignees (card_id, user_id) values ($1, $2), ($1, $3)',
        [cardId, member.id, owner.id],
      );
      await tx.query(
        "insert into public.card_checklist_items (card_id, text, assigned_to) values ($1, 'Eins', $2)",
        [cardId, member.id],
      );
    });
    await sqlAs(owner.id, 'delete from public.board_members where board_id = $1 and user_id = $2', [
      boardId,
      member.id,
    ]);
    expect(
      await sqlAdmin('select user_id from public.card_assignees where card_id = $1', [cardId]),
    ).toEqual([{ user_id: owner.id }]);
    expect(
      await sqlAdmin('select assigned_to from public.card_checklist_items where card_id = $1', [
        cardId,
      ]),
    ).toEqual([{ assigned_to: null }]);
  });
});

describe('labels and tags', () => {
  it('tag a card only with labels of its own board', async () => {
    const { owner, member, boardId, cardId } = await createTeamBoard();
    const [label] = await sqlAs(
      member.id,
      `insert into public.board_labels (board_id, name) values ($1, 'Bug') returning id, color`,
      [boardId],
    );
    expect(label!.color).toBe('bg-blue-100 text-blue-800');
    const other = await createOtherBoard(owner);
    const [foreign] = await sqlAs(
      owner.id,
      `insert into public.board_labels (board_id, name) values ($1, 'Fremd') returning id`,
      [other],
    );
    const tag =
      'insert into public.card_tags (card_id, label_id) values ($1, $2) returning label_id';
    await rejectsWith(
      sqlAs(owner.id, tag, [cardId, foreign!.id]),
      '23514',
      /labels of its own board/,
    );
    expect(await sqlAs(member.id, tag, [cardId, label!.id])).toEqual([{ label_id: label!.id }]);
    // Deleting the label removes the tag.
    await sqlAs(member.id, 'delete from public.board_labels where id = $1', [label!.id]);
    expect(await sqlAdmin('select 1 from public.card_tags where card_id = $1', [cardId])).toEqual(
      [],
    );
  });
});

describe('comments', () => {
  /** `user` comments on the card as the app does: without naming the author. */
  const addComment = async (user: User, cardId: string, text: string) =>
    sqlAs(
      user.id,
      'insert into public.card_comments (card_id, text) values ($1, $2) returning id, user_id',
      [cardId, text],
    );

  it('are written as oneself only', async () => {
    const { owner, member, cardId } = await createTeamBoard();
    const [comment] = await addComment(member, cardId, 'Erledigt?');
    expect(comment!.user_id).toBe(member.id);
    await rejectsWith(
      sqlAs(
        member.id,
        `insert into public.card_comments (card_id, user_id, text) values ($1, $2, 'Gefälscht')`,
        [cardId, owner.id],
      ),
      '42501',
    );
    await rejectsWith(addComment(member, cardId, '  '), '23514');
  });

  it('are edited and deleted by their author only', async () => {
    const { owner, member, cardId } = await createTeamBoard();
    const [comment] = await addComment(member, cardId, 'Erster');
    // Not even the board's owner edits or deletes another's comment.
    await expectOnlyWriterChanges('card_comments', comment!.id, {
      writer: member,
      others: [owner],
      column: 'text',
      value: 'Zweiter',
      ownerColumn: 'user_id',
    });
  });
});

/** The document board_snapshot returns (docs/data-model.md), as far as these tests read it. */
interface BoardSnapshot {
  board: Row;
  members: Row[];
  labels: Row[];
  lists: Row[];
  cards: (Row & {
    assignee_ids: string[];
    label_ids: string[];
    checklist: Row[];
    comments: Row[];
  })[];
}

describe('board_snapshot', () => {
  const snapshot = async (userId: string, boardId: string) =>
    (await sqlAs(userId, 'select public.board_snapshot($1) as doc', [boardId]))[0]!
      .doc as BoardSnapshot | null;

  it('returns the whole board as one document, ordered, with empty arrays', async () => {
    const { owner, member, boardId, listId, cardId } = await createTeamBoard();
    const ids = await as(member.id, async (tx) => {
      const one = async (sql: string, params: unknown[]) =>
        (await tx.query<Row>(sql, params)).rows[0]!.id as string;
      const label = await one(
        `insert into public.board_labels (board_id, name, color) values ($1, 'Bug', 'bg-red-100 text-red-800') returning id`,
        [boardId],
      );
      const first = await one(
        `insert into public.lists (board_id, title, position) values ($1, 'Vorher', 512) returning id`,
        [boardId],
      );
      const early = await one(
        `insert into public.cards (list_id, title, position, due_date, priority) values ($1, 'Früh', 10, '2026-12-24', 'urgent') returning id`,
        [listId],
      );
      await tx.query('insert into public.card_assignees (card_id, user_id) values ($1, $2)', [
        cardId,
        member.id,
      ]);
      await tx.query('insert into public.card_tags (card_id, label_id) values ($1, $2)', [
        cardId,
        label,
      ]);
      const sub2 = await one(
        `insert into public.card_checklist_items (card_id, text, position) values ($1, 'Zwei', 2048) returning id`,
        [cardId],
      );
      const sub1 = await one(
        `insert into public.card_checklist_items (card_id, text, position, completed) values ($1, 'Eins', 1024, true) returning id`,
        [cardId],
      );
      const comment = await one(
        `insert into public.card_comments (card_id, text) values ($1, 'Hallo') returning id`,
        [cardId],
      );
      return { label, first, early, sub1, sub2, comment };
    });

    const doc = (await snapshot(member.id, boardId))!;
    expect(Object.keys(doc).sort()).toEqual(['board', 'cards', 'labels', 'lists', 'members']);
    expect(doc.board).toEqual({
      id: boardId,
      title: 'Projekt',
      owner_id: owner.id,
      background: 'bg-gradient-to-br from-blue-500 to-indigo-600',
      created_at: expect.any(String),
      archived_at: null,
    });
    expect(doc.members.map((m: Row) => [m.user_id, m.role])).toEqual([
      [owner.id, 'owner'],
      [member.id, 'member'],
    ]);
    expect(doc.members[1]).toEqual({
      id: expect.any(String),
      board_id: boardId,
      user_id: member.id,
      role: 'member',
      created_at: expect.any(String),
      profile: { id: member.id, full_name: 'Max Member', email: member.email },
    });
    expect(doc.labels).toEqual([
      {
        id: ids.label,
        board_id: boardId,
        name: 'Bug',
        color: 'bg-red-100 text-red-800',
        created_at: expect.any(String),
        version: 1,
        updated_by: expect.any(String),
      },
    ]);
    expect(doc.lists.map((l: Row) => [l.id, l.title, l.position])).toEqual([
      [ids.first, 'Vorher', 512],
      [listId, 'Zu erledigen', 1024],
    ]);
    expect(Object.keys(doc.lists[0]!).sort()).toEqual([
      'archived_at',
      'board_id',
      'created_at',
      'id',
      'position',
      'title',
      'updated_by',
      'version',
    ]);

    expect(doc.cards.map((c: Row) => c.id)).toEqual([ids.early, cardId]);
    expect(doc.cards[0]).toEqual({
      id: ids.early,
      list_id: listId,
      board_id: boardId,
      title: 'Früh',
      description: '',
      due_date: '2026-12-24',
      priority: 'urgent',
      position: 10,
      created_at: expect.any(String),
      deleted_at: null,
      archived_at: null,
      cover_attachment_id: null,
      version: 1,
      updated_by: expect.any(String),
      assignee_ids: [],
      label_ids: [],
      checklist: [],
      comments: [],
      attachments: [],
    });
    const card = doc.cards[1]!;
    expect(card.assignee_ids).toEqual([member.id]);
    expect(card.label_ids).toEqual([ids.label]);
    expect(card.checklist).toEqual([
      {
        id: ids.sub1,
        card_id: cardId,
        text: 'Eins',
        completed: true,
        position: 1024,
        due_date: null,
        assigned_to: null,
        created_at: expect.any(String),
        version: 1,
        updated_by: expect.any(String),
      },
      {
        id: ids.sub2,
        card_id: cardId,
        text: 'Zwei',
        completed: false,
        position: 2048,
        due_date: null,
        assigned_to: null,
        created_at: expect.any(String),
        version: 1,
        updated_by: expect.any(String),
      },
    ]);
    expect(card.comments).toEqual([
      {
        id: ids.comment,
        card_id: cardId,
        user_id: member.id,
        text: 'Hallo',
        created_at: expect.any(String),
        edited_at: null,
        imported_author_name: null,
        imported_at: null,
        version: 1,
        updated_by: expect.any(String),
      },
    ]);
  });

  it('returns empty arrays for an empty board', async () => {
    const owner = await createUser();
    const [board] = await sqlAs(
      owner.id,
      `insert into public.boards (title) values ('Leer') returning id`,
    );
    const doc = (await snapshot(owner.id, board!.id as string))!;
    expect(doc.members).toHaveLength(1);
    expect(doc).toMatchObject({ labels: [], lists: [], cards: [] });
  });

  it('returns null to outsiders and for a board that does not exist, and refuses anonymous callers', async () => {
    const { outsider, boardId } = await createTeamBoard();
    expect(await snapshot(outsider.id, boardId)).toBeNull();
    expect(await snapshot(outsider.id, randomUUID())).toBeNull();
    await rejectsWith(
      backend.db.asRole({ role: 'anon' }, (tx) =>
        tx.query('select public.board_snapshot($1)', [boardId]),
      ),
      '42501',
    );
  });
});

describe('invite_board_member', () => {
  const invite = (userId: string, boardId: string, email: string | null) =>
    sqlAs(userId, 'select public.invite_board_member($1, $2) as result', [boardId, email]).then(
      (rows) => rows[0]!.result,
    );

  it('invites a registered user by e-mail, trimmed and in any letter case, as it invites an unknown one', async () => {
    const { owner, boardId } = await createTeamBoard();
    const guest: User = await createUser('Gabi Gast');
    const result = await invite(owner.id, boardId, `  ${guest.email.toUpperCase()}\t`);
    expect(result).toEqual({ status: 'invited', email: guest.email });
    expect(
      await sqlAs(guest.id, 'select id from public.boards where id = $1', [boardId]),
    ).toHaveLength(0);
    await sqlAs(guest.id, 'select public.accept_board_invitation($1)', [boardId]);
    expect(
      await sqlAs(guest.id, 'select id from public.boards where id = $1', [boardId]),
    ).toHaveLength(1);
  });

  it('answers "already_member" and "not_found" without adding anyone', async () => {
    const { owner, member, boardId } = await createTeamBoard();
    expect(await invite(owner.id, boardId, member.email)).toEqual({ status: 'already_member' });
    expect(await invite(owner.id, boardId, owner.email)).toEqual({ status: 'already_member' });
    expect(await invite(owner.id, boardId, uniqueEmail('nobody'))).toMatchObject({
      status: 'invited',
    });
    expect(await invite(owner.id, boardId, '   ')).toEqual({ status: 'not_found' });
    expect(await invite(owner.id, boardId, null)).toEqual({ status: 'not_found' });
    expect(
      await sqlAdmin('select count(*)::int as n from public.board_members where board_id = $1', [
        boardId,
      ]),
    ).toEqual([{ n: 2 }]);
  });

  it('is for the owner only', async () => {
    const { member, outsider, boardId } = await createTeamBoard();
    await rejectsWith(
      invite(member.id, boardId, outsider.email),
      '42501',
      /^Only the board owner can invite members$/,
    );
    await rejectsWith(
      invite(outsider.id, boardId, outsider.email),
      '42501',
      /^Only the board owner can invite members$/,
    );
    await rejectsWith(invite(outsider.id, randomUUID(), outsider.email), '42501');
    await rejectsWith(
      backend.db.asRole({ role: 'anon' }, (tx) =>
        tx.query('select public.invite_board_member($1, $2)', [boardId, outsider.email]),
      ),
      '42501',
    );
    expect(
      await sqlAdmin('select 1 from public.board_members where board_id = $1 and user_id = $2', [
        boardId,
        outsider.id,
      ]),
    ).toEqual([]);
  });
});

describe('anonymous callers', () => {
  it('reach no table', async () => {
    const tables = [
      'profiles',
      'boards',
      'board_members',
      'lists',
      'cards',
      'card_assignees',
      'board_labels',
      'card_tags',
      'card_checklist_items',
      'card_comments',
    ];
    for (const table of tables) {
      await rejectsWith(
        backend.db.asRole({ role: 'anon' }, (tx) => tx.query(`select * from public.${table}`)),
        '42501',
        /permission denied/,
      );
    }
  });
});

/**
 * Every call of product-spec.md §7, made the way the app makes it (the real
 * supabase-js against the real backend, signed in as a board member, or as the owner where the
 * spec says owner), with the answers the app relies on: shapes, ordering, values and counts.
 * The fixtures are written through the same calls, so a broken call shows up where it is used.
 */
import { randomUUID } from 'node:crypto';
import type {
  AuthChangeEvent,
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { joinChannel, waitFor } from './support/waiting.ts';

type Row = Record<string, unknown>;

interface Person {
  id: string;
  email: string;
  fullName: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let owner: Person;
let member: Person;
/** The owner's board with the member on it; most tests work in lists of their own on it. */
let boardId: string;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const signedIn = async (fullName: string): Promise<Person> => {
  const { client, user, email } = await backend.signUpAndSignIn(
    uniqueEmail(),
    'geheim123',
    fullName,
  );
  return { id: user.id, email, fullName, client };
};

/** Rows of the answer, or the error thrown, so a failing fixture names its call. */
const rows = <T = Row>(answer: { data: unknown; error: unknown }): T => {
  if (answer.error) throw new Error(JSON.stringify(answer.error));
  return answer.data as T;
};

/** A service-role client: sees every row, to show what a cascade left behind. */
const admin = () => backend.client(backend.serviceRoleKey);

const createBoard = async (as: Person, title = `Projekt ${randomUUID().slice(0, 6)}`) =>
  rows<Row>(await as.client.from('boards').insert({ title, owner_id: as.id }).select().single());

const addMember = async (as: Person, board: string, userId: string) =>
  rows(
    await as.client
      .from('board_members')
      .insert({ board_id: board, user_id: userId, role: 'member' }),
  );

const createList = async (as: Person, board: string, title: string, position: number) =>
  rows<Row>(
    await as.client.from('lists').insert({ board_id: board, title, position }).select().single(),
  );

const createCard = async (as: Person, listId: string, title: string, position: number) =>
  rows<Row>(
    await as.client.from('cards').insert({ list_id: listId, title, position }).select().single(),
  );

const createLabel = async (as: Person, board: string, name: string, color: string) =>
  rows<Row>(
    await as.client.from('board_labels').insert({ board_id: board, name, color }).select().single(),
  );

/** The tables whose rows carry a row version and their last writer (offline edits, issue 22). */
const versioned = new Set([
  'lists',
  'cards',
  'board_labels',
  'card_checklist_items',
  'card_comments',
]);

/**
 * Inserts `row` as the app does (`.insert().select().single()`) and checks the answer: exactly
 * the row with its generated id and created_at, plus the column `defaults` the server fills in.
 */
const expectInserted = async (as: Person, table: string, row: Row, defaults: Row = {}) => {
  const { data, error } = await as.client.from(table).insert(row).select().single();
  expect(error).toBeNull();
  expect(data).toEqual({
    id: expect.stringMatching(uuid),
    created_at: expect.stringMatching(timestamp),
    ...(versioned.has(table) && { version: 1, updated_by: as.id }),
    ...row,
    ...defaults,
  });
  return data as Row;
};

/** Hangs one of everything on a card, written by `as`: an assignee, a tag, a subtask, a comment. */
const fillCard = async (as: Person, cardId: unknown, assigneeId: string, labelId: unknown) => {
  rows(await as.client.from('card_assignees').insert({ card_id: cardId, user_id: assigneeId }));
  rows(await as.client.from('card_tags').insert({ card_id: cardId, label_id: labelId }));
  rows(
    await as.client
      .from('card_checklist_items')
      .insert({ card_id: cardId, text: 'Prüfen', completed: false, position: 0 }),
  );
  rows(
    await as.client
      .from('card_comments')
      .insert({ card_id: cardId, user_id: as.id, text: 'Hallo' }),
  );
};

beforeAll(async () => {
  backend = await startTestBackend();
  [owner, member] = await Promise.all([signedIn('Olga Owner'), signedIn('Max Member')]);
  boardId = (await createBoard(owner, 'Gemeinsames Board')).id as string;
  await addMember(owner, boardId, member.id);
});

afterAll(async () => {
  await backend?.close();
});

describe('auth', () => {
  it('signs up with full_name as metadata and returns the user without a session', async () => {
    const supabase = backend.client();
    const email = uniqueEmail('neu');
    const { data, error } = await supabase.auth.signUp({
      email,
      password: 'geheim123',
      options: { data: { full_name: 'Nina Neu' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Nina Neu' } });
    expect(data.user?.id).toMatch(uuid);
    // Registration does not sign in: the app switches to the sign-in form.
    expect((await supabase.auth.getSession()).data.session).toBeNull();
  });

  it('signs in, reports the session and its events, and signs out', async () => {
    const email = uniqueEmail('anmeldung');
    const supabase = backend.client();
    await supabase.auth.signUp({
      email,
      password: 'geheim123',
      options: { data: { full_name: 'Sina Sign' } },
    });
    const events: { event: AuthChangeEvent; userId: string | null }[] = [];
    const {
      data: { subscription },
    } = supabase.auth.onAuthStateChange((event, session) =>
      events.push({ event, userId: session?.user.id ?? null }),
    );
    // Loading ends with INITIAL_SESSION: signed out so far.
    await waitFor(() => events.length > 0, 'INITIAL_SESSION');
    expect(events).toEqual([{ event: 'INITIAL_SESSION', userId: null }]);

    const signIn = await supabase.auth.signInWithPassword({ email, password: 'geheim123' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.access_token).toBeTruthy();
    expect(session.user).toMatchObject({ email, user_metadata: { full_name: 'Sina Sign' } });
    const userId = session.user.id;
    expect(events.at(-1)).toEqual({ event: 'SIGNED_IN', userId });

    const current = await supabase.auth.getSession();
    expect(current.error).toBeNull();
    expect(current.data.session?.access_token).toBe(session.access_token);
    expect(current.data.session?.user.id).toBe(userId);

    expect((await supabase.auth.signOut()).error).toBeNull();
    expect(events.at(-1)).toEqual({ event: 'SIGNED_OUT', userId: null });
    expect(events.map((e) => e.event)).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    // The server ended the session: neither its refresh token nor its access token work.
    const refresh = await backend
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
    const user = await backend.client().auth.getUser(session.access_token);
    expect(user.error).not.toBeNull();
    subscription.unsubscribe();
  });

  it('answers a wrong password with the message the app shows', async () => {
    const { data, error } = await backend
      .client()
      .auth.signInWithPassword({ email: owner.email, password: 'falsch123' });
    expect(data.session).toBeNull();
    expect(error?.message).toBe('Invalid login credentials');
  });
});

describe('profiles', () => {
  it('reads all: oneself and fellow members of a shared board, nobody else', async () => {
    const [anna, bernd, carla] = await Promise.all([
      signedIn('Anna Alpha'),
      signedIn('Bernd Beta'),
      signedIn('Carla Gamma'),
    ]);
    const board = await createBoard(anna);
    await addMember(anna, board.id as string, bernd.id);

    const profile = (p: Person) => ({ id: p.id, full_name: p.fullName, email: p.email });
    const byId = (a: Row, b: Row) => String(a.id).localeCompare(String(b.id));
    const expected = [profile(anna), profile(bernd)].sort(byId);

    for (const viewer of [anna, bernd]) {
      const all = rows<Row[]>(await viewer.client.from('profiles').select('*'));
      expect(
        all.map((p) => ({ id: p.id, full_name: p.full_name, email: p.email })).sort(byId),
      ).toEqual(expected);
    }
    const alone = rows<Row[]>(await carla.client.from('profiles').select('*'));
    expect(alone.map((p) => p.id)).toEqual([carla.id]);
    expect(alone[0]).toMatchObject(profile(carla));
  });
});

describe('board_members', () => {
  it('reads the members of a board by board_id: user_id, role, id', async () => {
    const { data, error } = await member.client
      .from('board_members')
      .select('user_id, role, id')
      .eq('board_id', boardId);
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    for (const row of data!) expect(Object.keys(row).sort()).toEqual(['id', 'role', 'user_id']);
    const roles = Object.fromEntries(data!.map((m) => [m.user_id, m.role]));
    expect(roles).toEqual({ [owner.id]: 'owner', [member.id]: 'member' });
    expect(data!.every((m) => uuid.test(m.id))).toBe(true);
  });

  it('reads the boards of a user by user_id, then those boards by id, newest first', async () => {
    const newcomer = await signedIn('Nora Neu');
    const older = await createBoard(owner, 'Älteres Board');
    const newer = await createBoard(owner, 'Neueres Board');
    const notHers = await createBoard(owner, 'Fremdes Board');
    await addMember(owner, older.id as string, newcomer.id);
    await addMember(owner, newer.id as string, newcomer.id);
    const own = await createBoard(newcomer, 'Eigenes Board');

    const memberships = rows<{ board_id: string }[]>(
      await newcomer.client.from('board_members').select('board_id').eq('user_id', newcomer.id),
    );
    for (const row of memberships) expect(Object.keys(row)).toEqual(['board_id']);
    const ids = memberships.map((m) => m.board_id);
    expect([...ids].sort()).toEqual([older.id, newer.id, own.id].sort());

    // An id of a board she is not on is filtered out by the server, not by the client.
    const boards = rows<Row[]>(
      await newcomer.client
        .from('boards')
        .select('*')
        .in('id', [...ids, notHers.id])
        .order('created_at', { ascending: false }),
    );
    expect(boards.map((b) => b.title)).toEqual(['Eigenes Board', 'Neueres Board', 'Älteres Board']);
    expect(boards[1]).toEqual(newer);
  });

  it('lets the owner add a member (board_id, user_id, role) and remove them by id', async () => {
    const guest = await signedIn('Gustav Gast');
    const board = await createBoard(owner);
    const added = await owner.client
      .from('board_members')
      .insert({ board_id: board.id, user_id: guest.id, role: 'member' });
    expect(added.error).toBeNull();
    expect(added.status).toBe(201);

    const seen = rows<Row[]>(await guest.client.from('boards').select('*').in('id', [board.id]));
    expect(seen.map((b) => b.id)).toEqual([board.id]);
    const team = rows<Row[]>(
      await owner.client.from('board_members').select('user_id, role, id').eq('board_id', board.id),
    );
    const row = team.find((m) => m.user_id === guest.id);
    expect(row).toMatchObject({ role: 'member' });
    expect(team).toHaveLength(2);

    const removed = await owner.client.from('board_members').delete().eq('id', row!.id);
    expect(removed.error).toBeNull();
    const after = rows<Row[]>(
      await owner.client.from('board_members').select('user_id, role, id').eq('board_id', board.id),
    );
    expect(after).toEqual([{ user_id: owner.id, role: 'owner', id: expect.any(String) }]);
    expect(rows<Row[]>(await guest.client.from('boards').select('*').in('id', [board.id]))).toEqual(
      [],
    );
  });
});

describe('boards', () => {
  it('inserts (title, owner_id) and returns the row with .select().single()', async () => {
    const data = await expectInserted(
      owner,
      'boards',
      { title: 'Marketing 2027', owner_id: owner.id },
      { background: expect.any(String), archived_at: null },
    );
    expect(data.background).not.toBe('');
    // The creator is the board's owner member.
    const team = rows<Row[]>(
      await owner.client.from('board_members').select('user_id, role, id').eq('board_id', data.id),
    );
    expect(team).toEqual([{ user_id: owner.id, role: 'owner', id: expect.stringMatching(uuid) }]);
  });

  it('deletes a board by id, and everything on it with it', async () => {
    const board = await createBoard(owner);
    const id = board.id as string;
    await addMember(owner, id, member.id);
    const list = await createList(member, id, 'Offen', 0);
    const card = await createCard(member, list.id as string, 'Aufgabe', 0);
    const label = await createLabel(member, id, 'Bug', 'bg-red-100 text-red-800');
    await fillCard(member, card.id, member.id, label.id);

    const { error } = await owner.client.from('boards').delete().eq('id', id);
    expect(error).toBeNull();

    expect(rows<Row[]>(await member.client.from('boards').select('*').in('id', [id]))).toEqual([]);
    const left = async (table: string, column: string, value: unknown) =>
      rows<Row[]>(await admin().from(table).select('*').eq(column, value)).length;
    expect(await left('boards', 'id', id)).toBe(0);
    expect(await left('board_members', 'board_id', id)).toBe(0);
    expect(await left('board_labels', 'board_id', id)).toBe(0);
    expect(await left('lists', 'board_id', id)).toBe(0);
    expect(await left('cards', 'id', card.id)).toBe(0);
    for (const table of ['card_assignees', 'card_tags', 'card_checklist_items', 'card_comments']) {
      expect(await left(table, 'card_id', card.id)).toBe(0);
    }
  });
});

describe('lists', () => {
  it('inserts (board_id, title, position), reads by board_id ordered by position, deletes', async () => {
    const board = (await createBoard(owner)).id as string;
    await addMember(owner, board, member.id);
    await expectInserted(
      member,
      'lists',
      { board_id: board, title: 'Zu erledigen', position: 0 },
      { archived_at: null },
    );
    // Written out of order, read in position order (position = the count at the time).
    await createList(member, board, 'Erledigt', 2);
    await createList(member, board, 'In Arbeit', 1);

    const read = async () =>
      rows<Row[]>(
        await member.client.from('lists').select('*').eq('board_id', board).order('position'),
      );
    const lists = await read();
    expect(lists.map((l) => [l.title, l.position])).toEqual([
      ['Zu erledigen', 0],
      ['In Arbeit', 1],
      ['Erledigt', 2],
    ]);
    expect(lists.every((l) => l.board_id === board)).toBe(true);

    const doomed = lists[1]!;
    const card = await createCard(member, doomed.id as string, 'Weg damit', 0);
    expect((await member.client.from('lists').delete().eq('id', doomed.id)).error).toBeNull();
    expect((await read()).map((l) => l.title)).toEqual(['Zu erledigen', 'Erledigt']);
    expect(rows<Row[]>(await admin().from('cards').select('id').eq('id', card.id))).toEqual([]);
  });
});

describe('cards', () => {
  let todo: string;
  let done: string;

  beforeAll(async () => {
    todo = (await createList(member, boardId, 'Karten offen', 0)).id as string;
    done = (await createList(member, boardId, 'Karten fertig', 1)).id as string;
  });

  const readCards = async (listIds: string[]) =>
    rows<Row[]>(
      await member.client.from('cards').select('*').in('list_id', listIds).order('position'),
    );

  it('inserts (list_id, title, position) and gets the defaults back', async () => {
    const data = await expectInserted(
      member,
      'cards',
      { list_id: todo, title: 'Angebot schreiben', position: 0 },
      {
        board_id: boardId,
        description: '',
        due_date: null,
        priority: 'medium',
        deleted_at: null,
        archived_at: null,
        cover_attachment_id: null,
      },
    );
    rows(await member.client.from('cards').delete().eq('id', data.id));
  });

  it('reads the cards of several lists with .in(list_id) ordered by position', async () => {
    const board = (await createBoard(owner)).id as string;
    await addMember(owner, board, member.id);
    const a = (await createList(member, board, 'A', 0)).id as string;
    const b = (await createList(member, board, 'B', 1)).id as string;
    const other = (await createList(member, board, 'C', 2)).id as string;
    await createCard(member, b, 'b1', 1);
    await createCard(member, a, 'a0', 0);
    await createCard(member, a, 'a2', 2);
    await createCard(member, other, 'c0', 0);
    await createCard(member, b, 'b3', 3);

    const cards = rows<Row[]>(
      await member.client.from('cards').select('*').in('list_id', [a, b]).order('position'),
    );
    expect(cards.map((c) => c.title)).toEqual(['a0', 'b1', 'a2', 'b3']);
    expect(cards.map((c) => c.position)).toEqual([0, 1, 2, 3]);
    expect(new Set(cards.map((c) => c.list_id))).toEqual(new Set([a, b]));
  });

  it('updates title, description, due date and priority by id, one change at a time', async () => {
    const card = await createCard(member, todo, 'Entwurf', 1);
    const update = async (patch: Row) => {
      const { error } = await member.client.from('cards').update(patch).eq('id', card.id);
      expect(error).toBeNull();
      const [row] = await readCards([todo]).then((all) => all.filter((c) => c.id === card.id));
      return row;
    };
    expect(await update({ title: 'Angebot prüfen' })).toMatchObject({ title: 'Angebot prüfen' });
    expect(await update({ description: 'Zeilen 1–3\nmit Umlauten: äöüß' })).toMatchObject({
      description: 'Zeilen 1–3\nmit Umlauten: äöüß',
    });
    expect(await update({ due_date: '2026-12-24' })).toMatchObject({ due_date: '2026-12-24' });
    for (const priority of ['low', 'medium', 'high', 'urgent']) {
      expect(await update({ priority })).toMatchObject({ priority });
    }
    expect(await update({ due_date: null })).toEqual({
      ...card,
      // One version per update: eight of them.
      version: 9,
      title: 'Angebot prüfen',
      description: 'Zeilen 1–3\nmit Umlauten: äöüß',
      due_date: null,
      priority: 'urgent',
    });
  });

  it('moves a card to another list of the board by updating list_id only', async () => {
    const card = await createCard(member, todo, 'Wandert', 5);
    const { error } = await member.client.from('cards').update({ list_id: done }).eq('id', card.id);
    expect(error).toBeNull();
    expect((await readCards([todo])).map((c) => c.id)).not.toContain(card.id);
    const moved = (await readCards([done])).find((c) => c.id === card.id);
    expect(moved).toEqual({ ...card, list_id: done, version: 2 });
  });

  it('deletes a card by id, with its assignees, tags, subtasks and comments', async () => {
    const card = await createCard(member, todo, 'Verworfen', 6);
    const label = await createLabel(member, boardId, 'Verworfen', 'bg-gray-100 text-gray-800');
    await fillCard(member, card.id, owner.id, label.id);
    const { error } = await member.client.from('cards').delete().eq('id', card.id);
    expect(error).toBeNull();
    expect((await readCards([todo, done])).map((c) => c.id)).not.toContain(card.id);
    for (const table of ['card_assignees', 'card_tags', 'card_checklist_items', 'card_comments']) {
      expect(rows<Row[]>(await admin().from(table).select('*').eq('card_id', card.id))).toEqual([]);
    }
    // The label belongs to the board and stays.
    expect(
      rows<Row[]>(await member.client.from('board_labels').select('id').eq('id', label.id)),
    ).toHaveLength(1);
  });
});

describe('per card: assignees, tags, labels, subtasks and comments', () => {
  let listId: string;

  beforeAll(async () => {
    listId = (await createList(member, boardId, 'Details', 2)).id as string;
  });

  /**
   * A card's links in a join table (card_id and `column`), as the app writes them: `first` and
   * `second` added one by one, read per card, `first` removed by both its columns.
   */
  const linkAndUnlink = async (
    table: 'card_assignees' | 'card_tags',
    column: 'user_id' | 'label_id',
    cardId: unknown,
    first: unknown,
    second: unknown,
  ) => {
    for (const value of [first, second]) {
      const { error } = await member.client
        .from(table)
        .insert({ card_id: cardId, [column]: value });
      expect(error).toBeNull();
    }
    const read = async () =>
      rows<Row[]>(await member.client.from(table).select(column).eq('card_id', cardId))
        .map((link) => link[column])
        .sort();
    expect(await read()).toEqual([first, second].sort());
    const { error } = await member.client
      .from(table)
      .delete()
      .eq('card_id', cardId)
      .eq(column, first);
    expect(error).toBeNull();
    expect(await read()).toEqual([second]);
  };

  it('assigns and unassigns members (card_id, user_id) and reads them per card', async () => {
    const card = await createCard(member, listId, 'Zuweisen', 0);
    const other = await createCard(member, listId, 'Andere', 1);
    rows(
      await member.client.from('card_assignees').insert({ card_id: other.id, user_id: owner.id }),
    );
    await linkAndUnlink('card_assignees', 'user_id', card.id, owner.id, member.id);
    // The other card keeps its assignee.
    expect(
      rows<Row[]>(await member.client.from('card_assignees').select('*').eq('card_id', other.id)),
    ).toEqual([expect.objectContaining({ card_id: other.id, user_id: owner.id })]);
  });

  it('creates labels (board_id, name, color) and reads them ordered by created_at', async () => {
    const board = (await createBoard(owner)).id as string;
    await addMember(owner, board, member.id);
    const data = await expectInserted(member, 'board_labels', {
      board_id: board,
      name: 'Dringend',
      color: 'bg-red-100 text-red-800',
    });
    await createLabel(member, board, 'Anfrage', 'bg-green-100 text-green-800');
    await createLabel(member, board, 'Zuletzt', 'bg-purple-100 text-purple-800');
    const labels = rows<Row[]>(
      await member.client
        .from('board_labels')
        .select('*')
        .eq('board_id', board)
        .order('created_at'),
    );
    expect(labels.map((l) => [l.name, l.color])).toEqual([
      ['Dringend', 'bg-red-100 text-red-800'],
      ['Anfrage', 'bg-green-100 text-green-800'],
      ['Zuletzt', 'bg-purple-100 text-purple-800'],
    ]);
    expect(labels[0]).toEqual(data);
  });

  it('tags and untags a card (card_id, label_id) and reads its tags', async () => {
    const card = await createCard(member, listId, 'Markieren', 2);
    const bug = await createLabel(member, boardId, 'Fehler', 'bg-red-100 text-red-800');
    const idea = await createLabel(member, boardId, 'Idee', 'bg-yellow-100 text-yellow-800');
    await linkAndUnlink('card_tags', 'label_id', card.id, bug.id, idea.id);
  });

  // A subtask is written once its editor is saved, with its text (the table refuses a blank one).
  it('adds subtasks (not completed, position = count), edits, reads and deletes them', async () => {
    const card = await createCard(member, listId, 'Mit Unteraufgaben', 3);
    const read = async () =>
      rows<Row[]>(
        await member.client
          .from('card_checklist_items')
          .select('*')
          .eq('card_id', card.id)
          .order('position'),
      );
    const created: Row[] = [];
    for (let count = 0; count < 3; count += 1) {
      const { data, error } = await member.client
        .from('card_checklist_items')
        .insert({ card_id: card.id, text: `Schritt ${count}`, completed: false, position: count })
        .select()
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({
        id: expect.stringMatching(uuid),
        card_id: card.id,
        text: `Schritt ${count}`,
        completed: false,
        position: count,
        due_date: null,
        assigned_to: null,
        created_at: expect.stringMatching(timestamp),
        version: 1,
        updated_by: member.id,
      });
      created.push(data);
    }
    expect((await read()).map((i) => i.id)).toEqual(created.map((i) => i.id));

    // 'Speichern' writes text, deadline and assignee together; ticking writes completed.
    const second = created[1]!;
    const saved = await member.client
      .from('card_checklist_items')
      .update({ text: 'Folien bauen', due_date: '2026-12-01', assigned_to: owner.id })
      .eq('id', second.id);
    expect(saved.error).toBeNull();
    const ticked = await member.client
      .from('card_checklist_items')
      .update({ completed: true })
      .eq('id', second.id);
    expect(ticked.error).toBeNull();
    expect((await read())[1]).toEqual({
      ...second,
      text: 'Folien bauen',
      due_date: '2026-12-01',
      assigned_to: owner.id,
      completed: true,
      // Saved, then ticked: two updates.
      version: 3,
    });

    const removed = await member.client
      .from('card_checklist_items')
      .delete()
      .eq('id', created[0]!.id);
    expect(removed.error).toBeNull();
    const left = await read();
    expect(left.map((i) => i.id)).toEqual([second.id, created[2]!.id]);
    // The next new subtask takes the count as its position and goes last.
    const next = rows<Row>(
      await member.client
        .from('card_checklist_items')
        .insert({ card_id: card.id, text: 'Zuletzt', completed: false, position: left.length })
        .select()
        .single(),
    );
    expect((await read()).map((i) => i.id)).toEqual([second.id, created[2]!.id, next.id]);
  });

  it('refuses a subtask with a blank or missing text, on insert and on update (23514)', async () => {
    const card = await createCard(member, listId, 'Keine leeren Unteraufgaben', 5);
    const items = member.client.from('card_checklist_items');
    for (const text of ['', '   ']) {
      const { error } = await items.insert({ card_id: card.id, text, position: 0 });
      expect(error?.code).toBe('23514');
    }
    const { error: missing } = await items.insert({ card_id: card.id, position: 0 });
    expect(missing?.code).toBe('23514');

    const item = rows<Row>(
      await items.insert({ card_id: card.id, text: 'Eins', position: 0 }).select().single(),
    );
    const { error: blanked } = await items.update({ text: ' ' }).eq('id', item.id);
    expect(blanked?.code).toBe('23514');
    const left = rows<Row[]>(await items.select('text').eq('card_id', card.id));
    expect(left).toEqual([{ text: 'Eins' }]);
  });

  it('comments (card_id, user_id, text) and reads comments ordered by created_at', async () => {
    const card = await createCard(member, listId, 'Diskussion', 4);
    const first = await expectInserted(
      member,
      'card_comments',
      { card_id: card.id, user_id: member.id, text: 'Erster Gedanke' },
      { edited_at: null, imported_author_name: null, imported_at: null },
    );
    const reply = await owner.client
      .from('card_comments')
      .insert({ card_id: card.id, user_id: owner.id, text: 'Antwort der Besitzerin' });
    expect(reply.error).toBeNull();
    const comments = rows<Row[]>(
      await member.client
        .from('card_comments')
        .select('*')
        .eq('card_id', card.id)
        .order('created_at'),
    );
    expect(comments.map((c) => [c.user_id, c.text])).toEqual([
      [member.id, 'Erster Gedanke'],
      [owner.id, 'Antwort der Besitzerin'],
    ]);
    expect(comments[0]).toEqual(first);
  });
});

describe('rpc board_snapshot', () => {
  it('returns everything just written as one document, rows as REST delivers them', async () => {
    const board = await createBoard(owner, 'Schnappschuss');
    const id = board.id as string;
    await addMember(owner, id, member.id);
    const listB = await createList(member, id, 'Später', 1);
    const listA = await createList(member, id, 'Jetzt', 0);
    const label = await createLabel(member, id, 'Wichtig', 'bg-pink-100 text-pink-800');
    const card2 = await createCard(member, listA.id as string, 'Zweite', 1);
    const card1 = await createCard(member, listA.id as string, 'Erste', 0);
    const card3 = await createCard(member, listB.id as string, 'Dritte', 0);
    rows(
      await member.client
        .from('cards')
        .update({ description: 'Details', due_date: '2027-01-15', priority: 'high' })
        .eq('id', card1.id),
    );
    rows(
      await member.client.from('card_assignees').insert({ card_id: card1.id, user_id: owner.id }),
    );
    rows(
      await member.client.from('card_assignees').insert({ card_id: card1.id, user_id: member.id }),
    );
    rows(await member.client.from('card_tags').insert({ card_id: card1.id, label_id: label.id }));
    for (const position of [0, 1]) {
      rows(
        await member.client
          .from('card_checklist_items')
          .insert({ card_id: card1.id, text: `Schritt ${position}`, completed: false, position }),
      );
    }
    rows(
      await member.client
        .from('card_comments')
        .insert({ card_id: card1.id, user_id: member.id, text: 'Los geht’s' }),
    );

    const { data, error } = await member.client.rpc('board_snapshot', { p_board_id: id });
    expect(error).toBeNull();

    const read = async (table: string, column: string, value: unknown, order = 'created_at') =>
      rows<Row[]>(await member.client.from(table).select('*').eq(column, value).order(order));
    const cardRows = rows<Row[]>(await member.client.from('cards').select('*').eq('id', card1.id));
    expect(data).toEqual({
      board,
      members: [
        {
          id: expect.stringMatching(uuid),
          board_id: id,
          user_id: owner.id,
          role: 'owner',
          created_at: expect.stringMatching(timestamp),
          profile: { id: owner.id, full_name: owner.fullName, email: owner.email },
        },
        {
          id: expect.stringMatching(uuid),
          board_id: id,
          user_id: member.id,
          role: 'member',
          created_at: expect.stringMatching(timestamp),
          profile: { id: member.id, full_name: member.fullName, email: member.email },
        },
      ],
      labels: [label],
      lists: [listA, listB],
      cards: [
        {
          ...cardRows[0],
          assignee_ids: [owner.id, member.id],
          label_ids: [label.id],
          checklist: await read('card_checklist_items', 'card_id', card1.id, 'position'),
          comments: await read('card_comments', 'card_id', card1.id),
          attachments: [],
        },
        { ...card3, assignee_ids: [], label_ids: [], checklist: [], comments: [], attachments: [] },
        { ...card2, assignee_ids: [], label_ids: [], checklist: [], comments: [], attachments: [] },
      ],
    });
    expect(data.cards[0]).toMatchObject({
      title: 'Erste',
      description: 'Details',
      due_date: '2027-01-15',
      priority: 'high',
    });
    expect(data.cards[0].checklist).toHaveLength(2);
    expect(data.cards[0].comments).toHaveLength(1);
  });
});

describe('rpc invite_board_member', () => {
  let board: string;

  beforeAll(async () => {
    board = (await createBoard(owner, 'Einladungen')).id as string;
  });

  const invite = async (as: Person, email: string) =>
    as.client.rpc('invite_board_member', { p_board_id: board, p_email: email });

  it('invites a registered user by the trimmed, lower-cased address; they become a member when they accept', async () => {
    const guest = await signedIn('Ida Invite');
    const { data, error } = await invite(owner, `  ${guest.email.toUpperCase()}\t`);
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'invited', email: guest.email });
    expect(rows<Row[]>(await guest.client.from('boards').select('id').in('id', [board]))).toEqual(
      [],
    );
    const accepted = await guest.client.rpc('accept_board_invitation', { p_board_id: board });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toEqual({ board_id: board });
    const team = rows<Row[]>(
      await owner.client.from('board_members').select('user_id, role').eq('board_id', board),
    );
    expect(team).toContainEqual({ user_id: guest.id, role: 'member' });
    expect(rows<Row[]>(await guest.client.from('boards').select('id').in('id', [board]))).toEqual([
      { id: board },
    ]);
  });

  it('answers not_found for an unknown, a blank and a whitespace-only address', async () => {
    const before = rows<Row[]>(
      await owner.client.from('board_members').select('id').eq('board_id', board),
    ).length;
    for (const email of [
      uniqueEmail('niemand'),
      `  ${uniqueEmail('NIEMAND').toUpperCase()} `,
      '',
      '   ',
    ]) {
      const { data, error } = await invite(owner, email);
      expect(error).toBeNull();
      expect(data).toMatchObject({ status: email.trim() ? 'invited' : 'not_found' });
    }
    expect(
      rows<Row[]>(await owner.client.from('board_members').select('id').eq('board_id', board)),
    ).toHaveLength(before);
  });

  it('answers already_member for a member (in any spelling) and for the owner', async () => {
    const guest = await signedIn('Doppelt Dabei');
    expect((await invite(owner, guest.email)).data).toMatchObject({ status: 'invited' });
    expect(
      (await guest.client.rpc('accept_board_invitation', { p_board_id: board })).error,
    ).toBeNull();
    for (const email of [guest.email, ` ${guest.email.toUpperCase()} `, owner.email]) {
      const { data, error } = await invite(owner, email);
      expect(error).toBeNull();
      expect(data).toEqual({ status: 'already_member' });
    }
    const team = rows<Row[]>(
      await owner.client.from('board_members').select('user_id').eq('board_id', board),
    );
    expect(team.filter((m) => m.user_id === guest.id)).toHaveLength(1);
  });

  it('is the owner’s call: a member is refused', async () => {
    const guest = await signedIn('Mona Mitglied');
    await addMember(owner, board, guest.id);
    const stranger = await signedIn('Stefan Fremd');
    const { data, error } = await invite(guest, stranger.email);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501' });
  });
});

describe('realtime', () => {
  it('delivers list changes of the board (filtered by board_id) and card changes', async () => {
    const board = (await createBoard(owner)).id as string;
    const otherBoard = (await createBoard(owner)).id as string;
    await addMember(owner, board, member.id);
    await addMember(owner, otherBoard, member.id);

    type Payload = RealtimePostgresChangesPayload<Row>;
    const lists: Payload[] = [];
    const cards: Payload[] = [];
    const channel: RealtimeChannel = member.client
      .channel(`board-${board}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'lists', filter: `board_id=eq.${board}` },
        (payload: Payload) => lists.push(payload),
      )
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'cards' },
        (payload: Payload) => cards.push(payload),
      );
    await joinChannel(channel);
    try {
      const foreign = await createList(owner, otherBoard, 'Anderes Board', 0);
      const list = await createList(owner, board, 'Live', 0);
      const card = await createCard(owner, list.id as string, 'Live-Karte', 0);
      await createCard(owner, foreign.id as string, 'Andere Karte', 0);
      rows(await owner.client.from('cards').update({ title: 'Live umbenannt' }).eq('id', card.id));

      await waitFor(() => cards.length >= 3, 'three card changes');
      // Delivered in commit order: the other board's list came first and was filtered out.
      expect(lists.map((p) => [p.eventType, (p.new as Row).id])).toEqual([['INSERT', list.id]]);
      expect(lists[0]!.new).toEqual(list);
      expect(cards.map((p) => [p.eventType, (p.new as Row).title])).toEqual([
        ['INSERT', 'Live-Karte'],
        ['INSERT', 'Andere Karte'],
        ['UPDATE', 'Live umbenannt'],
      ]);
    } finally {
      await member.client.removeChannel(channel);
    }
  });
});

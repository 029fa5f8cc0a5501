/**
 * my_tasks() ('Meine Aufgaben'): through the real supabase-js, the caller gets exactly
 * their card and open subtask assignments across their boards, nothing of a board they are not
 * a member of, no deleted or finished card; in one call.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type SignedInUser } from './support/backend.ts';
import { insertRow, must, newBoard, newCard, newList } from './support/rows.ts';
import { useTestBackend } from './support/use-backend.ts';
import { addMember } from './support/members.ts';

const backend = useTestBackend();

/** A my_tasks() row as it arrives; the tests read its columns by name. */
type Task = Record<string, string | null>;

const myTasks = async (client: SupabaseClient): Promise<Task[]> =>
  must(await client.rpc('my_tasks')) as Task[];

/** A task as "kind:card title[/subtask text]", enough to tell every entry apart. */
const names = (tasks: Task[]) =>
  tasks.map(
    (t) => `${t.kind}:${t.card_title}${t.subtask_title !== null ? `/${t.subtask_title}` : ''}`,
  );

let anna: SignedInUser;
let ben: SignedInUser;

const assign = async (client: SupabaseClient, cardId: string, userId: string) =>
  must(await client.from('card_assignees').insert({ card_id: cardId, user_id: userId }));

const subtask = (
  client: SupabaseClient,
  cardId: string,
  text: string,
  fields: { assigned_to?: string; completed?: boolean; due_date?: string } = {},
) =>
  insertRow(client, 'card_checklist_items', { card_id: cardId, text, position: 1024, ...fields });

let annaBoard: string;
let annaList: string;
let benBoard: string;
let benList: string;
let foreignBoard: string;

beforeAll(async () => {
  anna = await backend.signUpAndSignIn(uniqueEmail('anna'), 'geheim123', 'Anna');
  ben = await backend.signUpAndSignIn(uniqueEmail('ben'), 'geheim123', 'Ben');

  // Anna's board, with Ben as a member; Ben's board, with Anna as a member; and Ben's private
  // board, which Anna never joins.
  annaBoard = await newBoard(anna.client, 'Produkt');
  annaList = await newList(anna.client, annaBoard, 'Zu erledigen');
  await addMember(anna.client, annaBoard, ben);
  benBoard = await newBoard(ben.client, 'Marketing');
  benList = await newList(ben.client, benBoard, 'In Arbeit');
  await addMember(ben.client, benBoard, anna);
  foreignBoard = await newBoard(ben.client, 'Privat');
  const foreignList = await newList(ben.client, foreignBoard, 'Geheim');

  // Anna's assignments on both boards.
  const launch = await newCard(anna.client, annaList, 'Launch planen', {
    due_date: '2026-12-01',
    priority: 'high',
  });
  await assign(anna.client, launch, anna.user.id);
  const flyer = await newCard(ben.client, benList, 'Flyer drucken', { priority: 'urgent' });
  await assign(ben.client, flyer, anna.user.id);
  await subtask(ben.client, flyer, 'Druckerei anrufen', {
    assigned_to: anna.user.id,
    due_date: '2026-11-30',
  });
  // A subtask of someone else's card, without a deadline of its own: the card's date counts.
  const budget = await newCard(ben.client, benList, 'Budget', { due_date: '2026-12-24' });
  await assign(ben.client, budget, ben.user.id);
  await subtask(ben.client, budget, 'Zahlen prüfen', { assigned_to: anna.user.id });
  await subtask(ben.client, budget, 'Schon erledigt', {
    assigned_to: anna.user.id,
    completed: true,
  });

  // Ben's alone: assigned to Ben, or to nobody.
  const bens = await newCard(anna.client, annaList, 'Bens Karte');
  await assign(anna.client, bens, ben.user.id);
  await subtask(anna.client, bens, 'Bens Unteraufgabe', { assigned_to: ben.user.id });
  await newCard(anna.client, annaList, 'Niemandes Karte');

  // A finished card (every subtask ticked) and a deleted one: neither nags.
  const finished = await newCard(anna.client, annaList, 'Fertige Karte');
  await assign(anna.client, finished, anna.user.id);
  await subtask(anna.client, finished, 'Erledigt', { completed: true });
  const deleted = await newCard(anna.client, annaList, 'Gelöschte Karte');
  await assign(anna.client, deleted, anna.user.id);
  await subtask(anna.client, deleted, 'Unteraufgabe der gelöschten Karte', {
    assigned_to: anna.user.id,
  });
  must(
    await anna.client
      .from('cards')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', deleted),
  );

  // Ben's private board: Anna was a member once and was assigned there, then left; Ben's own
  // assignment there stays out of her view.
  await addMember(ben.client, foreignBoard, anna);
  const secret = await newCard(ben.client, foreignList, 'Geheimprojekt');
  await assign(ben.client, secret, anna.user.id);
  await assign(ben.client, secret, ben.user.id);
  must(
    await anna.client
      .from('board_members')
      .delete()
      .eq('board_id', foreignBoard)
      .eq('user_id', anna.user.id),
  );
  // An assignment that outlived the membership (written with triggers off, as a restore or a
  // careless script might): the function checks membership itself, so it stays invisible.
  await backend.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query('insert into public.card_assignees (card_id, user_id) values ($1, $2)', [
      secret,
      anna.user.id,
    ]);
    await tx.query(
      'insert into public.card_checklist_items (card_id, text, assigned_to) values ($1, $2, $3)',
      [secret, 'Verwaiste Unteraufgabe', anna.user.id],
    );
  });
});

describe('my_tasks', () => {
  it("returns exactly the caller's card and open subtask assignments across their boards", async () => {
    const tasks = await myTasks(anna.client);
    expect(names(tasks)).toEqual([
      'subtask:Flyer drucken/Druckerei anrufen',
      'card:Launch planen',
      'subtask:Budget/Zahlen prüfen',
      'card:Flyer drucken',
    ]);
  });

  it('carries board, list, priority and due date of each entry', async () => {
    const tasks = await myTasks(anna.client);
    const byName = Object.fromEntries(tasks.map((t) => [names([t])[0], t]));
    expect(byName['card:Launch planen']).toMatchObject({
      board_id: annaBoard,
      board_title: 'Produkt',
      list_id: annaList,
      list_title: 'Zu erledigen',
      priority: 'high',
      due_date: '2026-12-01',
      subtask_id: null,
      subtask_title: null,
    });
    expect(byName['subtask:Flyer drucken/Druckerei anrufen']).toMatchObject({
      board_id: benBoard,
      board_title: 'Marketing',
      list_title: 'In Arbeit',
      priority: 'urgent',
      due_date: '2026-11-30',
    });
    expect(byName['subtask:Flyer drucken/Druckerei anrufen']?.subtask_id).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    // No deadline of its own: the card's.
    expect(byName['subtask:Budget/Zahlen prüfen']?.due_date).toBe('2026-12-24');
    expect(byName['card:Flyer drucken']?.due_date).toBeNull();
  });

  it('shows nothing of a board the caller is not a member of', async () => {
    const tasks = await myTasks(anna.client);
    expect(tasks.some((t) => t.board_id === foreignBoard)).toBe(false);
    // Same due date (none) and priority: by board title, 'Privat' before 'Produkt'.
    expect(names(await myTasks(ben.client))).toEqual([
      'card:Budget',
      'card:Geheimprojekt',
      'card:Bens Karte',
      'subtask:Bens Karte/Bens Unteraufgabe',
    ]);
  });

  it('leaves out a card again once its last subtask is ticked, and back when one is reopened', async () => {
    const launch = (await myTasks(anna.client)).find((t) => t.card_title === 'Launch planen');
    const item = await subtask(anna.client, launch!.card_id!, 'Abnahme', { completed: true });
    expect(names(await myTasks(anna.client))).not.toContain('card:Launch planen');
    must(
      await anna.client.from('card_checklist_items').update({ completed: false }).eq('id', item),
    );
    expect(names(await myTasks(anna.client))).toContain('card:Launch planen');
  });

  it('is empty for a user without assignments and refused to anonymous callers', async () => {
    const stranger = await backend.signUpAndSignIn();
    expect(await myTasks(stranger.client)).toEqual([]);
    const { data, error, status } = await backend.client().rpc('my_tasks');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });
});

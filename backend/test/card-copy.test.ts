/**
 * 'Kopieren nach …' and 'Verschieben nach …' (copy_card, move_card_to_list) through the real
 * supabase-js: what a copy takes to another board (labels by name, members only, subtasks, due
 * date), what a move carries and leaves behind, and that nobody copies or moves into or out of a
 * board they are not a member of.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type SignedInUser } from './support/backend.ts';
import { insertRow, must, newBoard, newCard, newList } from './support/rows.ts';
import { useTestBackend } from './support/use-backend.ts';
import { addMember } from './support/members.ts';

const backend = useTestBackend();

let anna: SignedInUser;
let ben: SignedInUser;
let cara: SignedInUser;

/** Anna's board (Ben and Cara members) and her second board (Ben a member, Cara not). */
let source: string;
let sourceList: string;
let target: string;
let targetList: string;
let caraBoardList: string;

const label = (client: SupabaseClient, boardId: string, name: string) =>
  insertRow(client, 'board_labels', {
    board_id: boardId,
    name,
    color: 'bg-blue-100 text-blue-800',
  });

const invite = (owner: SignedInUser, boardId: string, member: SignedInUser) =>
  addMember(owner.client, boardId, member);

/** A card on the source board with everything a copy may take. */
const richCard = async (title: string) => {
  const id = await newCard(anna.client, sourceList, title, {
    description: 'Alle **Details**',
    due_date: '2026-12-24',
    priority: 'high',
  });
  const urgent = await label(anna.client, source, `Dringend ${title}`);
  const local = await label(anna.client, source, `Nur hier ${title}`);
  await label(anna.client, target, `dringend ${title.toUpperCase()}`);
  for (const labelId of [urgent, local])
    must(await anna.client.from('card_tags').insert({ card_id: id, label_id: labelId }));
  for (const user of [ben, cara])
    must(await anna.client.from('card_assignees').insert({ card_id: id, user_id: user.user.id }));
  must(
    await anna.client.from('card_checklist_items').insert([
      {
        card_id: id,
        text: 'Erster Schritt',
        completed: true,
        position: 1024,
        due_date: null,
        assigned_to: null,
      },
      {
        card_id: id,
        text: 'Zweiter Schritt',
        completed: false,
        position: 2048,
        due_date: '2026-12-20',
        assigned_to: cara.user.id,
      },
      {
        card_id: id,
        text: 'Dritter Schritt',
        completed: false,
        position: 3072,
        due_date: null,
        assigned_to: ben.user.id,
      },
    ]),
  );
  must(await ben.client.from('card_comments').insert({ card_id: id, text: 'Ich kümmere mich.' }));
  return id;
};

/** The card as the target board's members read it, children included. */
const readCard = async (client: SupabaseClient, id: string) =>
  must(
    await client
      .from('cards')
      .select(
        'title, description, due_date, priority, list_id, board_id, position, ' +
          'card_tags(board_labels(name)), card_assignees(user_id), ' +
          'card_checklist_items(text, completed, due_date, assigned_to, position), ' +
          'card_comments(text, user_id)',
      )
      .eq('id', id)
      .single(),
  ) as unknown as {
    title: string;
    description: string;
    due_date: string | null;
    priority: string;
    list_id: string;
    board_id: string;
    position: number;
    card_tags: { board_labels: { name: string } }[];
    card_assignees: { user_id: string }[];
    card_checklist_items: {
      text: string;
      completed: boolean;
      due_date: string | null;
      assigned_to: string | null;
      position: number;
    }[];
    card_comments: { text: string; user_id: string }[];
  };

beforeAll(async () => {
  anna = await backend.signUpAndSignIn(uniqueEmail('anna'), 'geheim123', 'Anna');
  ben = await backend.signUpAndSignIn(uniqueEmail('ben'), 'geheim123', 'Ben');
  cara = await backend.signUpAndSignIn(uniqueEmail('cara'), 'geheim123', 'Cara');
  source = await newBoard(anna.client, 'Produkt');
  sourceList = await newList(anna.client, source, 'Zu erledigen');
  await invite(anna, source, ben);
  await invite(anna, source, cara);
  target = await newBoard(anna.client, 'Marketing');
  targetList = await newList(anna.client, target, 'Eingang');
  await invite(anna, target, ben);
  const caraBoard = await newBoard(cara.client, 'Caras Board');
  caraBoardList = await newList(cara.client, caraBoard, 'Privat');
});

describe('copy_card', () => {
  it('copies title, description, due date, labels by name, member assignees and subtasks to another board', async () => {
    const original = await richCard('Launch');
    await newCard(anna.client, targetList, 'Schon da', { position: 500 });

    const copy = must(
      await anna.client.rpc('copy_card', {
        p_card_id: original,
        p_list_id: targetList,
        p_at_top: true,
      }),
    );
    expect(copy).not.toBe(original);

    const card = await readCard(ben.client, copy);
    expect(card).toMatchObject({
      title: 'Launch',
      description: 'Alle **Details**',
      due_date: '2026-12-24',
      priority: 'high',
      list_id: targetList,
      board_id: target,
    });
    // At the top: before the card already there.
    expect(card.position).toBeLessThan(500);
    // The label the target has by that name (case aside); the other is left off.
    expect(card.card_tags.map((t) => t.board_labels.name)).toEqual(['dringend LAUNCH']);
    // Cara is not a member of the target board: neither card nor subtask assignee there.
    expect(card.card_assignees.map((a) => a.user_id)).toEqual([ben.user.id]);
    expect(
      [...card.card_checklist_items]
        .sort((a, b) => a.position - b.position)
        .map(({ text, completed, due_date, assigned_to }) => ({
          text,
          completed,
          due_date,
          assigned_to,
        })),
    ).toEqual([
      { text: 'Erster Schritt', completed: true, due_date: null, assigned_to: null },
      { text: 'Zweiter Schritt', completed: false, due_date: '2026-12-20', assigned_to: null },
      { text: 'Dritter Schritt', completed: false, due_date: null, assigned_to: ben.user.id },
    ]);
    // A copy starts its own conversation.
    expect(card.card_comments).toEqual([]);
    // The original stays as it was.
    expect((await readCard(anna.client, original)).card_comments).toHaveLength(1);
  });

  it('puts a copy at the end of a list by default, on the same board too', async () => {
    const original = await newCard(anna.client, sourceList, 'Notizen', { position: 9000 });
    const copy = must(
      await anna.client.rpc('copy_card', { p_card_id: original, p_list_id: sourceList }),
    );
    const card = await readCard(anna.client, copy);
    expect(card).toMatchObject({ title: 'Notizen', list_id: sourceList, board_id: source });
    expect(card.position).toBeGreaterThan(9000);
  });

  it('refuses a target board the caller is not a member of, and a card of a board they are not on', async () => {
    const original = await newCard(anna.client, sourceList, 'Geheimsache');
    // Cara is on the source board, not on the target board.
    const intoForeign = await cara.client.rpc('copy_card', {
      p_card_id: original,
      p_list_id: targetList,
    });
    expect(intoForeign.error?.code).toBe('42501');
    expect(intoForeign.status).toBe(403);
    // Anna is not on Cara's board; Ben may not copy a card he cannot see into his board.
    const intoCaras = await anna.client.rpc('copy_card', {
      p_card_id: original,
      p_list_id: caraBoardList,
    });
    expect(intoCaras.error?.code).toBe('42501');
    const caras = await newCard(cara.client, caraBoardList, 'Caras Karte');
    const outOfCaras = await ben.client.rpc('copy_card', {
      p_card_id: caras,
      p_list_id: targetList,
    });
    expect(outOfCaras.error?.code).toBe('42501');
    // Nothing arrived anywhere.
    const titles = must(await anna.client.from('cards').select('title').eq('list_id', targetList));
    expect(titles.map((c) => c.title)).not.toContain('Geheimsache');
    expect(titles.map((c) => c.title)).not.toContain('Caras Karte');
  });

  it('answers 401 to an anonymous caller', async () => {
    const original = await newCard(anna.client, sourceList, 'Anonym');
    const result = await backend
      .client()
      .rpc('copy_card', { p_card_id: original, p_list_id: targetList });
    expect(result.status).toBe(401);
  });
});

describe('move_card_to_list', () => {
  it('moves a card to another board with its comments and leaves nothing behind', async () => {
    const original = await richCard('Umzug');
    const moved = must(
      await ben.client.rpc('move_card_to_list', { p_card_id: original, p_list_id: targetList }),
    );
    const card = await readCard(anna.client, moved);
    expect(card).toMatchObject({ title: 'Umzug', board_id: target, list_id: targetList });
    expect(card.card_comments).toEqual([{ text: 'Ich kümmere mich.', user_id: ben.user.id }]);
    expect(card.card_assignees.map((a) => a.user_id)).toEqual([ben.user.id]);
    const left = must(await anna.client.from('cards').select('id').eq('id', original));
    expect(left).toEqual([]);
  });

  it('moves inside one board by list and position only, keeping the card', async () => {
    const otherList = await newList(anna.client, source, 'Erledigt');
    await newCard(anna.client, otherList, 'Oben', { position: 100 });
    const card = await newCard(anna.client, sourceList, 'Bleibt dieselbe');
    const moved = must(
      await anna.client.rpc('move_card_to_list', {
        p_card_id: card,
        p_list_id: otherList,
        p_at_top: true,
      }),
    );
    expect(moved).toBe(card);
    const row = await readCard(anna.client, card);
    expect(row.list_id).toBe(otherList);
    expect(row.position).toBeLessThan(100);
  });

  it('refuses a member who would move a card into a board they are not a member of', async () => {
    const card = await newCard(anna.client, sourceList, 'Nicht für Cara');
    const result = await cara.client.rpc('move_card_to_list', {
      p_card_id: card,
      p_list_id: targetList,
    });
    expect(result.error?.code).toBe('42501');
    expect(result.status).toBe(403);
    const still = must(await anna.client.from('cards').select('list_id').eq('id', card).single());
    expect(still.list_id).toBe(sourceList);
  });

  it('refuses a deleted card', async () => {
    const card = await newCard(anna.client, sourceList, 'Gelöscht');
    must(
      await anna.client
        .from('cards')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', card),
    );
    const result = await anna.client.rpc('move_card_to_list', {
      p_card_id: card,
      p_list_id: targetList,
    });
    expect(result.error?.code).toBe('42501');
  });
});

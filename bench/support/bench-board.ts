/**
 * The board the benchmark (bench/board.ts) measures, and the e2e tests that must meet what it
 * meets (e2e/big-board.test.ts): a board of many cards, as a team's board grows.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../../backend/src/server.ts';
import { must, mustRow, signUp } from './bench-users.ts';

export const LISTS = 5;

const chunks = <T>(rows: T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

const insertAll = async (client: SupabaseClient, table: string, rows: object[]) => {
  for (const part of chunks(rows)) must(await client.from(table).insert(part));
};

const labelColors = ['blue', 'green', 'yellow', 'red', 'purple', 'pink'];

/**
 * A board of `count` cards in 5 lists; returns its owner, member and the per-list counts. Data:
 * a fresh owner and a member; 6 labels, a third of the cards tagged, 40 % assigned, a fifth with
 * 3 subtasks, a tenth with 2 comments; written through supabase-js with row-level security on.
 */
export const generateBoard = async (backend: RunningBackend, count: number) => {
  const owner = await signUp(backend, `Besitzerin ${count}`, `owner${count}`);
  const member = await signUp(backend, `Mitglied ${count}`, `member${count}`);
  const board = mustRow(
    await owner.client
      .from('boards')
      .insert({ title: `Bench ${count}` })
      .select('id')
      .single(),
  );
  must(await owner.client.from('board_members').insert({ board_id: board.id, user_id: member.id }));
  const lists = Array.from({ length: LISTS }, (_, i) => ({
    id: randomUUID(),
    board_id: board.id,
    title: `Liste ${i + 1}`,
    position: (i + 1) * 1024,
  }));
  await insertAll(owner.client, 'lists', lists);
  const labels = labelColors.map((color, i) => ({
    id: randomUUID(),
    board_id: board.id,
    name: `Etikett ${i + 1}`,
    color: `bg-${color}-100 text-${color}-800`,
  }));
  await insertAll(owner.client, 'board_labels', labels);
  const cards = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    list_id: lists[i % LISTS]!.id,
    title: `Aufgabe ${i + 1}: ${['Texte prüfen', 'Design abstimmen', 'Fehler beheben', 'Daten migrieren'][i % 4]}`,
    description: i % 3 === 0 ? 'Eine Beschreibung mit etwas Text, wie Teams sie schreiben.' : '',
    priority: ['low', 'medium', 'high', 'urgent'][i % 4],
    due_date: i % 5 === 0 ? `2026-12-${String((i % 28) + 1).padStart(2, '0')}` : null,
    position: (Math.floor(i / LISTS) + 1) * 1024,
  }));
  await insertAll(owner.client, 'cards', cards);
  await insertAll(
    owner.client,
    'card_tags',
    cards
      .filter((_, i) => i % 3 === 0)
      .map((c, i) => ({ card_id: c.id, label_id: labels[i % 6]!.id })),
  );
  await insertAll(
    owner.client,
    'card_assignees',
    cards
      .filter((_, i) => i % 5 < 2)
      .map((c, i) => ({ card_id: c.id, user_id: i % 2 ? owner.id : member.id })),
  );
  await insertAll(
    owner.client,
    'card_checklist_items',
    cards
      .filter((_, i) => i % 5 === 0)
      .flatMap((c) =>
        [1, 2, 3].map((n) => ({
          card_id: c.id,
          text: `Schritt ${n}`,
          completed: n === 1,
          position: n * 1024,
        })),
      ),
  );
  await insertAll(
    owner.client,
    'card_comments',
    cards
      .filter((_, i) => i % 10 === 0)
      .flatMap((c) => [1, 2].map((n) => ({ card_id: c.id, text: `Kommentar ${n}` }))),
  );
  const perList = lists.map((l) => cards.filter((c) => c.list_id === l.id).length);
  return { owner, member, boardId: board.id, lists, cards, perList };
};

export type BenchBoard = Awaited<ReturnType<typeof generateBoard>>;

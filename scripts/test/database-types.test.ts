// The schema is written once, in supabase/migrations; these checks fail when what the client
// derives from it has fallen behind: the generated Database type (run `npm run gen:types`), and
// the column defaults that new-rows.ts repeats for optimistic rows and fixtures.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../backend/src/db/migrations.ts';
import { openPglite } from '../../backend/src/db/pglite-adapter.ts';
import type { Db } from '../../backend/src/db/types.ts';
import { newRow } from '../../shared/src/domain/new-rows.ts';
import { databaseTypesFile, databaseTypesOf, migrationsDir } from '../lib/database-types.ts';

let db: Db;

beforeAll(async () => {
  db = await openPglite(null);
  await migrate(db, migrationsDir);
}, 60_000);

afterAll(() => db?.close());

/** Inserts only `given` and answers the row as the database completed it. */
const insert = async (table: string, given: Record<string, unknown>) => {
  const columns = Object.keys(given);
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const { rows } = await db.query<Record<string, unknown>>(
    `insert into ${table} (${columns.join(', ')}) values (${placeholders}) returning *`,
    Object.values(given),
  );
  return rows[0]!;
};

/** A row without what differs per row: its id and time of creation. */
const perRowless = (row: object) => {
  const { id: _, created_at: __, ...rest } = row as Record<string, unknown>;
  return rest;
};

describe('the schema as the client sees it', () => {
  it('is the committed Database type (run `npm run gen:types` after a migration)', async () => {
    const committed = await fs.readFile(databaseTypesFile, 'utf8');
    expect(committed).toBe(await databaseTypesOf(db));
  }, 30_000);

  it("has the migrations' column defaults in new-rows.ts", async () => {
    const anna = (await insert('auth.users', { email: 'anna@beispiel.de' })).id as string;
    const ben = (await insert('auth.users', { email: 'ben@beispiel.de' })).id as string;
    const board = await insert('public.boards', { title: 'Sommerfest', owner_id: anna });
    const boardId = board.id as string;
    const list = await insert('public.lists', { board_id: boardId, title: 'Zu erledigen' });
    const card = await insert('public.cards', { list_id: list.id, title: 'Getränke' });
    const cardId = card.id as string;
    // Each pair: the row the database completed, and the row the client makes from the same.
    const pairs = [
      [board, newRow('boards', { title: 'Sommerfest', owner_id: anna })],
      [list, newRow('lists', { board_id: boardId, title: 'Zu erledigen' })],
      [card, newRow('cards', { list_id: list.id as string, board_id: boardId, title: 'Getränke' })],
      [
        await insert('public.board_members', { board_id: boardId, user_id: ben }),
        newRow('board_members', { board_id: boardId, user_id: ben }),
      ],
      [
        await insert('public.board_labels', { board_id: boardId, name: 'Einkauf' }),
        newRow('board_labels', { board_id: boardId, name: 'Einkauf' }),
      ],
      [
        await insert('public.card_checklist_items', { card_id: cardId, text: 'Gläser leihen' }),
        newRow('card_checklist_items', { card_id: cardId, text: 'Gläser leihen' }),
      ],
      [
        await insert('public.card_comments', { card_id: cardId, user_id: anna, text: 'Gut' }),
        newRow('card_comments', { card_id: cardId, user_id: anna, text: 'Gut' }),
      ],
    ] as const;
    for (const [stored, made] of pairs) expect(perRowless(made)).toEqual(perRowless(stored));
  });
});

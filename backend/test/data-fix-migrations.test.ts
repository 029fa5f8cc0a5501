/**
 * What the migrations of the database's own fields do to rows stored before them: a label
 * colour or board background the app does not offer takes the default, a text over its new
 * limit is cut to it, and the history loses the words of comments already deleted and the
 * descriptions of cards already gone. Each migration is run again here on rows written as they
 * could be before it (its constraints dropped first), as `supabase db push` would run it on an
 * older project.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { newBoard, newCard, newList } from './support/rows.ts';

const migrations = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../supabase/migrations',
);
const migration = (name: string) => fs.readFile(path.join(migrations, name), 'utf8');

let backend: TestBackend;
let boardId: string;
let listId: string;
let cardId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  const { client } = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  boardId = await newBoard(client, 'Vorher');
  listId = await newList(client, boardId, 'Liste');
  cardId = await newCard(client, listId, 'Karte');
});

afterAll(async () => {
  await backend?.close();
});

describe('20261126004001_allowed_colors_and_backgrounds', () => {
  it('gives labels and boards with a value the app does not offer the default', async () => {
    await backend.db.exec(`
      alter table public.board_labels drop constraint board_labels_color_check;
      alter table public.boards drop constraint boards_background_check;
      insert into public.board_labels (board_id, name, color) values
        ('${boardId}', 'Böse', 'fixed inset-0 z-50'),
        ('${boardId}', 'Gut', 'bg-pink-100 text-pink-800');
      update public.boards set background = 'hidden' where id = '${boardId}';
    `);
    await backend.db.exec(await migration('20261126004001_allowed_colors_and_backgrounds.sql'));
    expect(
      await backend.sql(
        'select name, color from public.board_labels where board_id = $1 order by name',
        [boardId],
      ),
    ).toEqual([
      { name: 'Böse', color: 'bg-blue-100 text-blue-800' },
      { name: 'Gut', color: 'bg-pink-100 text-pink-800' },
    ]);
    expect(
      await backend.sql('select background from public.boards where id = $1', [boardId]),
    ).toEqual([{ background: 'bg-gradient-to-br from-blue-500 to-indigo-600' }]);
  });
});

describe('20261126004002_text_length_limits', () => {
  it('cuts longer texts to their limit, trimmed, without history entries, and cuts the history quoting them', async () => {
    await backend.db.exec(`
      alter table public.cards drop constraint cards_title_length;
      alter table public.cards drop constraint cards_description_length;
      alter table public.lists drop constraint lists_title_length;
      alter table public.boards drop constraint boards_title_length;
      alter table public.board_labels drop constraint board_labels_name_length;
      alter table public.card_checklist_items drop constraint card_checklist_items_text_length;
      alter table public.card_comments drop constraint card_comments_text_length;
      alter table public.profiles drop constraint profiles_full_name_length;
      update public.cards set title = repeat('a', 511) || ' ' || repeat('b', 100),
                              description = repeat('d', 20000)
      where id = '${cardId}';
    `);
    const before = await backend.sql<{ n: number }>(
      'select count(*)::int as n from public.activity where card_id = $1',
      [cardId],
    );
    await backend.db.exec(await migration('20261126004002_text_length_limits.sql'));
    const [card] = await backend.sql<{ title: string; description: string }>(
      'select title, description from public.cards where id = $1',
      [cardId],
    );
    expect(card!.title).toBe('a'.repeat(511));
    expect(card!.description).toHaveLength(16_384);
    const after = await backend.sql<{ n: number; longest: number }>(
      `select count(*)::int as n,
              max(char_length(coalesce(data ->> 'after', '')))::int as longest
       from public.activity where card_id = $1`,
      [cardId],
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(after[0]!.longest).toBeLessThanOrEqual(16_384);
  });
});

describe('20261126004004_forget_deleted_texts_and_invite_counts', () => {
  it('takes the words of deleted comments and of gone cards out of the stored history', async () => {
    const other = await backend.sql<{ id: string }>(
      `insert into public.cards (list_id, title) values ($1, 'Weg') returning id`,
      [listId],
    );
    const goneCard = other[0]!.id;
    // Entries as the triggers wrote them before: with the texts.
    await backend.db.exec(`
      insert into public.activity (board_id, card_id, kind, data) values
        ('${boardId}', '${cardId}', 'comment_added',
         '{"comment_id": "00000000-0000-4000-8000-000000000001", "after": "Geheim"}'),
        ('${boardId}', '${cardId}', 'comment_removed',
         '{"comment_id": "00000000-0000-4000-8000-000000000001", "before": "Geheim"}');
      alter table public.cards disable trigger forget_texts;
      update public.cards set description = 'Alte Zugangsdaten' where id = '${goneCard}';
      delete from public.cards where id = '${goneCard}';
      alter table public.cards enable trigger forget_texts;
    `);
    expect(JSON.stringify(await backend.sql('select data from public.activity'))).toContain(
      'Zugangsdaten',
    );
    await backend.db.exec(
      await migration('20261126004004_forget_deleted_texts_and_invite_counts.sql'),
    );
    const history = JSON.stringify(await backend.sql('select data from public.activity'));
    expect(history).not.toContain('Geheim');
    expect(history).not.toContain('Zugangsdaten');
    expect(
      await backend.sql(
        `select kind, data ? 'text_removed' as removed from public.activity
         where card_id = $1 and kind = 'card_description'`,
        [goneCard],
      ),
    ).toEqual([{ kind: 'card_description', removed: true }]);
  });
});

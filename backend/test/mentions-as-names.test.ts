/**
 * Mentions where the server hands out plain text (migrations 20261126022000, 20261126026000):
 * 'Meine Aufgaben', the notifications' sentences and the board's export read a `@[<user id>]` token as '@' and the member's current
 * name (private.render_mentions), and tell no name of someone the reader shares no board with.
 * Through the real supabase-js, as the app asks.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { insertRow, must, newBoard, newCard, newList } from './support/rows.ts';

let backend: TestBackend;
let owner: SupabaseClient;
let ownerId: string;
let max: SupabaseClient;
let maxId: string;
let strangerId: string;
let listId: string;
let boardId: string;

const mention = (userId: string) => `@[${userId}]`;

beforeAll(async () => {
  backend = await startTestBackend();
  const o = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner');
  owner = o.client;
  ownerId = o.user.id;
  const m = await backend.signUpAndSignIn(uniqueEmail('max'), 'geheim123', 'Max Mustermann');
  max = m.client;
  maxId = m.user.id;
  const s = await backend.signUpAndSignIn(uniqueEmail('fremd'), 'geheim123', 'Sven Fremd');
  strangerId = s.user.id;
  boardId = await newBoard(owner, 'Website');
  listId = await newList(owner, boardId, 'Zu erledigen');
  // A member as the database has them, whatever the invitation flow of the day.
  await backend.sql(
    `insert into public.board_members (board_id, user_id, role) values ($1, $2, 'member')`,
    [boardId, maxId],
  );
});

afterAll(async () => {
  await backend?.close();
});

describe('mentions read as names', () => {
  it("'Meine Aufgaben' shows a subtask's mentions as the current names, never the ids", async () => {
    const cardId = await newCard(owner, listId, 'Impressum');
    await insertRow(owner, 'card_checklist_items', {
      card_id: cardId,
      text: `Mit ${mention(ownerId)} und ${mention(strangerId)} abstimmen`,
      position: 1024,
      assigned_to: maxId,
    });
    const tasks = must(await max.rpc('my_tasks')) as { subtask_title: string | null }[];
    // Sven shares no board with Max: his name stays unknown to him.
    expect(tasks.map((t) => t.subtask_title)).toContain('Mit @Olga Owner und @Unbekannt abstimmen');

    // A rename shows at once: the text names the person, not their name of the day.
    must(await owner.from('profiles').update({ full_name: 'Olga Neu' }).eq('id', ownerId));
    const renamed = must(await max.rpc('my_tasks')) as { subtask_title: string | null }[];
    expect(renamed.map((t) => t.subtask_title)).toContain('Mit @Olga Neu und @Unbekannt abstimmen');
    must(await owner.from('profiles').update({ full_name: 'Olga Owner' }).eq('id', ownerId));
  });

  it("a notification's sentence names the card and the subtask with their mentions as names", async () => {
    const cardId = await newCard(owner, listId, `Rückfrage an ${mention(ownerId.toUpperCase())}`);
    await insertRow(owner, 'card_checklist_items', {
      card_id: cardId,
      text: `${mention(ownerId)} fragen`,
      position: 1024,
      assigned_to: maxId,
    });
    const notifications = must(
      await max.from('notifications').select('kind, data').eq('card_id', cardId),
    ) as { kind: string; data: Record<string, unknown> }[];
    expect(notifications).toEqual([
      {
        kind: 'subtask_assigned',
        data: expect.objectContaining({
          card_title: 'Rückfrage an @Olga Owner',
          subtask_text: '@Olga Owner fragen',
        }),
      },
    ]);
  });

  it('the export writes the mentions of descriptions, comments and subtasks as names', async () => {
    const cardId = await newCard(owner, listId, 'Pressetext');
    must(
      await owner
        .from('cards')
        .update({ description: `Bitte ${mention(maxId)} gegenlesen` })
        .eq('id', cardId),
    );
    await insertRow(owner, 'card_comments', {
      card_id: cardId,
      user_id: ownerId,
      text: `${mention(maxId)}, kannst du das übernehmen?`,
    });
    await insertRow(owner, 'card_checklist_items', {
      card_id: cardId,
      text: `Freigabe durch ${mention(ownerId)}`,
      position: 1024,
    });
    const doc = must(await max.rpc('export_board', { p_board_id: boardId })) as {
      lists: {
        cards: {
          title: string;
          description: string | null;
          comments: { text: string }[];
          subtasks: { text: string }[];
        }[];
      }[];
    };
    const card = doc.lists.flatMap((l) => l.cards).find((c) => c.title === 'Pressetext');
    expect(card).toMatchObject({
      description: 'Bitte @Max Mustermann gegenlesen',
      comments: [{ text: '@Max Mustermann, kannst du das übernehmen?' }],
      subtasks: [{ text: 'Freigabe durch @Olga Owner' }],
    });
    expect(JSON.stringify(doc)).not.toContain('@[');
  });
});

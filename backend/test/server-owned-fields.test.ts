/**
 * The database owns its own fields, through the real supabase-js as a signed-in member: times,
 * a card's deletion and its board are the server's (column grants refuse them on insert); label
 * colours and board backgrounds are one of the values the app offers; texts have length limits.
 * Every refusal comes as PostgREST's JSON error with a 4xx status.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { insertRow, newBoard, newCard, newList } from './support/rows.ts';
import { addMember } from './support/members.ts';

let backend: TestBackend;
let owner: SupabaseClient;
let ownerId: string;
let member: SupabaseClient;
let memberId: string;
let boardId: string;
let listId: string;

const LONG_LIMIT = 16_384;
const SHORT_LIMIT = 512;

beforeAll(async () => {
  backend = await startTestBackend();
  const [o, m] = await Promise.all([
    backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner'),
    backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Max Member'),
  ]);
  [owner, ownerId, member, memberId] = [o.client, o.user.id, m.client, m.user.id];
  boardId = await newBoard(owner, 'Eigene Felder');
  await addMember(owner, boardId, m);
  listId = await newList(owner, boardId, 'Zu erledigen');
});

afterAll(async () => {
  await backend?.close();
});

/** The refusal of a column the client may not write: 42501, HTTP 403, nothing written. */
const expectColumnRefused = (answer: { error: { code?: string } | null; status: number }) => {
  expect(answer.status).toBe(403);
  expect(answer.error?.code).toBe('42501');
};

const expectCheckViolation = (
  answer: { error: { code?: string; message?: string } | null; status: number },
  constraint: string,
) => {
  expect(answer.status).toBe(400);
  expect(answer.error?.code).toBe('23514');
  expect(answer.error?.message).toContain(constraint);
};

describe('server-owned fields', () => {
  it('a comment cannot be back-dated or marked edited by its writer', async () => {
    const cardId = await newCard(member, listId, 'Kommentiert');
    const past = '2001-01-01T00:00:00+00:00';
    for (const forged of [{ created_at: past }, { edited_at: past }]) {
      const answer = await member
        .from('card_comments')
        .insert({ card_id: cardId, user_id: memberId, text: 'Rückdatiert', ...forged })
        .select()
        .single();
      expectColumnRefused(answer);
    }
    expect(
      await backend.sql('select id from public.card_comments where card_id = $1', [cardId]),
    ).toEqual([]);
  });

  it("the spec's comment call with the writer's own user_id works; another's is refused by row-level security", async () => {
    const cardId = await newCard(member, listId, 'Spec-Aufruf');
    const mine = await member
      .from('card_comments')
      .insert({ card_id: cardId, user_id: memberId, text: 'Von mir' })
      .select()
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data).toMatchObject({ user_id: memberId, edited_at: null });
    expect(Date.now() - Date.parse(mine.data!.created_at as string)).toBeLessThan(60_000);
    const forged = await member
      .from('card_comments')
      .insert({ card_id: cardId, user_id: ownerId, text: 'Im Namen der Owner' });
    expectColumnRefused(forged);
  });

  it('a card cannot be inserted already deleted, back-dated or on a board of its own choosing', async () => {
    const otherBoard = await newBoard(member, 'Anderes Board');
    for (const forged of [
      { deleted_at: '2999-01-01T00:00:00+00:00' },
      { deleted_at: new Date().toISOString() },
      { created_at: '2001-01-01T00:00:00+00:00' },
      { board_id: otherBoard },
      { board_id: boardId },
    ]) {
      const answer = await member
        .from('cards')
        .insert({ list_id: listId, title: 'Gefälscht', position: 1024, ...forged });
      expectColumnRefused(answer);
    }
    const cards = await backend.sql('select id from public.cards where title = $1', ['Gefälscht']);
    expect(cards).toEqual([]);
  });

  it('a card inserted as the app does gets its board, its time and a history entry from the server', async () => {
    const id = await insertRow(member, 'cards', {
      list_id: listId,
      title: 'Wie die App',
      position: 2048,
    });
    const [card] = await backend.sql<{ board_id: string; deleted_at: null }>(
      'select board_id, deleted_at from public.cards where id = $1',
      [id],
    );
    expect(card).toEqual({ board_id: boardId, deleted_at: null });
    const entries = await backend.sql('select kind from public.activity where card_id = $1', [id]);
    expect(entries).toEqual([{ kind: 'card_created' }]);
  });

  it('deleting a card takes the server time whatever the client sends, and undo clears it', async () => {
    const id = await newCard(member, listId, 'Später gelöscht');
    const deleted = await member
      .from('cards')
      .update({ deleted_at: '2999-01-01T00:00:00+00:00' })
      .eq('id', id)
      .select('deleted_at')
      .single();
    expect(deleted.error).toBeNull();
    expect(Math.abs(Date.now() - Date.parse(deleted.data!.deleted_at as string))).toBeLessThan(
      60_000,
    );
    const restored = await member
      .from('cards')
      .update({ deleted_at: null })
      .eq('id', id)
      .select('deleted_at')
      .single();
    expect(restored.data).toEqual({ deleted_at: null });
  });

  it("boards, lists, labels, subtasks and members take created_at from the server; a board's owner_id must be the caller", async () => {
    const past = { created_at: '2001-01-01T00:00:00+00:00' };
    const cardId = await newCard(member, listId, 'Kinder');
    expectColumnRefused(await member.from('boards').insert({ title: 'Alt', ...past }));
    expectColumnRefused(
      await member.from('lists').insert({ board_id: boardId, title: 'Alt', ...past }),
    );
    expectColumnRefused(
      await member.from('board_labels').insert({ board_id: boardId, name: 'Alt', ...past }),
    );
    expectColumnRefused(
      await member.from('card_checklist_items').insert({ card_id: cardId, text: 'Alt', ...past }),
    );
    expectColumnRefused(
      await member.from('card_assignees').insert({ card_id: cardId, user_id: memberId, ...past }),
    );
    expectColumnRefused(
      await owner
        .from('board_members')
        .insert({ board_id: boardId, user_id: memberId, role: 'member', ...past }),
    );

    // The spec's board call names the owner: the caller works, anyone else is refused.
    const mine = await member
      .from('boards')
      .insert({ title: 'Meins', owner_id: memberId })
      .select()
      .single();
    expect(mine.error).toBeNull();
    expectColumnRefused(await member.from('boards').insert({ title: 'Fremd', owner_id: ownerId }));
  });
});

describe('allowed label colours and board backgrounds', () => {
  it('a label takes one of the eight colours the app offers, on insert and on update', async () => {
    const ok = await member
      .from('board_labels')
      .insert({ board_id: boardId, name: 'Erlaubt', color: 'bg-pink-100 text-pink-800' })
      .select()
      .single();
    expect(ok.error).toBeNull();
    for (const color of ['fixed inset-0 z-50 bg-black', 'blue', '', 'bg-blue-100 text-blue-800 ']) {
      expectCheckViolation(
        await member.from('board_labels').insert({ board_id: boardId, name: 'Böse', color }),
        'board_labels_color_check',
      );
    }
    expectCheckViolation(
      await member.from('board_labels').update({ color: 'hidden' }).eq('id', ok.data!.id),
      'board_labels_color_check',
    );
  });

  it('a board takes one of the eight backgrounds, on insert and on update', async () => {
    const ok = await owner
      .from('boards')
      .insert({ title: 'Bunt', background: 'bg-gradient-to-br from-sky-400 to-blue-600' })
      .select()
      .single();
    expect(ok.error).toBeNull();
    expectCheckViolation(
      await owner.from('boards').insert({ title: 'Überall', background: 'fixed inset-0 z-[999]' }),
      'boards_background_check',
    );
    expectCheckViolation(
      await owner.from('boards').update({ background: 'invisible' }).eq('id', ok.data!.id),
      'boards_background_check',
    );
  });
});

describe('text length limits', () => {
  const text = (length: number) => 'ä'.repeat(length);

  it('titles and names hold 512 characters (an umlaut counts once), not 513', async () => {
    const cardId = await newCard(member, listId, text(SHORT_LIMIT));
    expectCheckViolation(
      await member.from('cards').insert({ list_id: listId, title: text(SHORT_LIMIT + 1) }),
      'cards_title_length',
    );
    expectCheckViolation(
      await member
        .from('cards')
        .update({ title: text(SHORT_LIMIT + 1) })
        .eq('id', cardId),
      'cards_title_length',
    );
    expectCheckViolation(
      await member.from('boards').insert({ title: text(SHORT_LIMIT + 1) }),
      'boards_title_length',
    );
    expectCheckViolation(
      await member.from('lists').insert({ board_id: boardId, title: text(SHORT_LIMIT + 1) }),
      'lists_title_length',
    );
    expectCheckViolation(
      await member.from('board_labels').insert({ board_id: boardId, name: text(SHORT_LIMIT + 1) }),
      'board_labels_name_length',
    );
    expectCheckViolation(
      await member
        .from('card_checklist_items')
        .insert({ card_id: cardId, text: text(SHORT_LIMIT + 1) }),
      'card_checklist_items_text_length',
    );
    expectCheckViolation(
      await member
        .from('profiles')
        .update({ full_name: text(SHORT_LIMIT + 1) })
        .eq('id', memberId),
      'profiles_full_name_length',
    );
  });

  it('a description and a comment hold 16,384 characters, not 16,385', async () => {
    const cardId = await newCard(member, listId, 'Lang');
    const fits = await member
      .from('cards')
      .update({ description: text(LONG_LIMIT) })
      .eq('id', cardId);
    expect(fits.error).toBeNull();
    expectCheckViolation(
      await member
        .from('cards')
        .update({ description: text(LONG_LIMIT + 1) })
        .eq('id', cardId),
      'cards_description_length',
    );
    const comment = await member
      .from('card_comments')
      .insert({ card_id: cardId, user_id: memberId, text: text(LONG_LIMIT) })
      .select()
      .single();
    expect(comment.error).toBeNull();
    expectCheckViolation(
      await member
        .from('card_comments')
        .insert({ card_id: cardId, user_id: memberId, text: text(LONG_LIMIT + 1) }),
      'card_comments_text_length',
    );
    expectCheckViolation(
      await member
        .from('card_comments')
        .update({ text: text(LONG_LIMIT + 1) })
        .eq('id', comment.data!.id),
      'card_comments_text_length',
    );
  });

  it('a 2 MB comment gets a JSON 400 in PostgREST shape, not a 5xx', async () => {
    const cardId = await newCard(member, listId, 'Riesig');
    const token = (await member.auth.getSession()).data.session!.access_token;
    const response = await backend.request('/rest/v1/card_comments', {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ card_id: cardId, user_id: memberId, text: 'x'.repeat(2_000_000) }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { code: string };
    expect(['23514', 'PGRST413', 'PT413']).toContain(body.code);
  });

  it('a sign-up name longer than 512 characters is cut to 512 in the profile', async () => {
    const { user } = await backend.signUpAndSignIn(uniqueEmail('long'), 'geheim123', text(600));
    const [profile] = await backend.sql<{ length: number }>(
      'select char_length(full_name)::int as length from public.profiles where id = $1',
      [user.id],
    );
    expect(profile).toEqual({ length: SHORT_LIMIT });
  });
});

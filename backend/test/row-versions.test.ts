/**
 * Row versions, seen from the real supabase-js over the real REST surface: every update bumps
 * the row's version and records who made it; an update that names the version it was based on
 * goes through while that is still the row's, and is refused with 409 (PT409) once another
 * member changed the row meanwhile, leaving the other member's value in place. An update naming
 * no version (RPCs, older clients) is not checked. Clients cannot forge the writer or the
 * version.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { addMember } from './support/members.ts';

interface Person {
  id: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let owner: Person;
let member: Person;
let boardId: string;
let listId: string;

const signedIn = async (fullName: string): Promise<Person & { email: string }> => {
  const email = uniqueEmail();
  const { client, user } = await backend.signUpAndSignIn(email, 'geheim123', fullName);
  return { id: user.id, email, client };
};

const inserted = async (client: SupabaseClient, table: string, row: object) => {
  const { data, error } = await client.from(table).insert(row).select().single();
  expect(error).toBeNull();
  return data as Record<string, unknown> & { id: string; version: number };
};

beforeAll(async () => {
  backend = await startTestBackend();
  owner = await signedIn('Olga Owner');
  const other = await signedIn('Mia Member');
  member = other;
  const board = await inserted(owner.client, 'boards', { title: 'Versionen' });
  boardId = board.id;
  await addMember(owner.client, boardId, other);
  listId = (await inserted(owner.client, 'lists', { board_id: boardId, title: 'A', position: 1 }))
    .id;
});

afterAll(async () => {
  await backend?.close();
});

describe('row versions', () => {
  it('starts at 1 with its creator, and every update bumps it and names the writer', async () => {
    const card = await inserted(owner.client, 'cards', {
      list_id: listId,
      title: 'Neu',
      position: 1,
    });
    expect(card.version).toBe(1);
    expect(card.updated_by).toBe(owner.id);
    const { data, error } = await member.client
      .from('cards')
      .update({ title: 'Geändert' })
      .eq('id', card.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'Geändert', version: 2, updated_by: member.id });
  });

  it('refuses a stale write with 409 and keeps the newer change', async () => {
    const card = await inserted(owner.client, 'cards', {
      list_id: listId,
      title: 'Alt',
      position: 2,
    });
    // The member changes the card while the owner's edit, based on version 1, waits offline.
    const newer = await member.client
      .from('cards')
      .update({ title: 'Vom Mitglied', version: 1 })
      .eq('id', card.id)
      .select()
      .single();
    expect(newer.error).toBeNull();
    expect(newer.data?.version).toBe(2);

    const stale = await owner.client
      .from('cards')
      .update({ title: 'Von der Besitzerin', version: 1 })
      .eq('id', card.id)
      .select()
      .single();
    expect(stale.status).toBe(409);
    expect(stale.error?.code).toBe('PT409');
    const { data: stored } = await owner.client.from('cards').select().eq('id', card.id).single();
    expect(stored).toMatchObject({ title: 'Vom Mitglied', version: 2, updated_by: member.id });

    // Based on what is stored now, the same edit goes through.
    const retried = await owner.client
      .from('cards')
      .update({ title: 'Von der Besitzerin', version: 2 })
      .eq('id', card.id)
      .select()
      .single();
    expect(retried.error).toBeNull();
    expect(retried.data).toMatchObject({ title: 'Von der Besitzerin', version: 3 });
  });

  it('checks lists, labels, subtasks and comments the same way', async () => {
    const card = await inserted(owner.client, 'cards', {
      list_id: listId,
      title: 'K',
      position: 3,
    });
    const rows = {
      lists: [
        await inserted(owner.client, 'lists', { board_id: boardId, title: 'L', position: 9 }),
        { title: 'L2' },
      ],
      board_labels: [
        await inserted(owner.client, 'board_labels', {
          board_id: boardId,
          name: 'E',
          color: 'bg-red-100 text-red-800',
        }),
        { name: 'E2' },
      ],
      card_checklist_items: [
        await inserted(owner.client, 'card_checklist_items', {
          card_id: card.id,
          text: 'S',
          position: 1,
        }),
        { text: 'S2' },
      ],
    } as const;
    for (const [table, [row, patch]] of Object.entries(rows)) {
      expect(row.version, table).toBe(1);
      const first = await member.client
        .from(table)
        .update({ ...patch, version: 1 })
        .eq('id', row.id)
        .select()
        .single();
      expect(first.error, table).toBeNull();
      const stale = await owner.client
        .from(table)
        .update({ ...patch, version: 1 })
        .eq('id', row.id)
        .select()
        .single();
      expect([table, stale.status, stale.error?.code]).toEqual([table, 409, 'PT409']);
    }
    // A comment is edited by its author only: two devices of one person can still clash.
    const comment = await inserted(owner.client, 'card_comments', {
      card_id: card.id,
      user_id: owner.id,
      text: 'Hallo',
    });
    const phone = await owner.client
      .from('card_comments')
      .update({ text: 'Hallo!', version: 1 })
      .eq('id', comment.id)
      .select()
      .single();
    expect(phone.error).toBeNull();
    const laptop = await owner.client
      .from('card_comments')
      .update({ text: 'Hallo?', version: 1 })
      .eq('id', comment.id)
      .select()
      .single();
    expect([laptop.status, laptop.error?.code]).toEqual([409, 'PT409']);
  });

  it('leaves updates that name no version unchecked (RPCs, older clients)', async () => {
    const card = await inserted(owner.client, 'cards', {
      list_id: listId,
      title: 'R',
      position: 4,
    });
    await member.client.from('cards').update({ priority: 'high' }).eq('id', card.id);
    const renumbered = await owner.client.rpc('renumber_list', { p_list_id: listId });
    expect(renumbered.error).toBeNull();
    const { data } = await owner.client
      .from('cards')
      .update({ title: 'R2' })
      .eq('id', card.id)
      .select()
      .single();
    expect(data?.title).toBe('R2');
    expect(data?.version).toBeGreaterThan(2);
  });

  it('takes a replayed outbox in order: a card made offline, then edited twice on its versions', async () => {
    // What the app's outbox sends after a reload: the insert with the id made offline, then
    // each edit naming the version the one before it produced.
    const id = crypto.randomUUID();
    const insert = await owner.client
      .from('cards')
      .insert({ id, list_id: listId, title: 'Offline', position: 7 })
      .select()
      .single();
    expect(insert.error).toBeNull();
    for (const [version, patch] of [
      [1, { description: 'Erst das' }],
      [2, { priority: 'urgent' }],
    ] as const) {
      const { data, error } = await owner.client
        .from('cards')
        .update({ ...patch, version })
        .eq('id', id)
        .select()
        .single();
      expect(error).toBeNull();
      expect(data?.version).toBe(version + 1);
    }
    // The same edits again (a tab that had sent them and did not hear back): the first is stale.
    const again = await owner.client
      .from('cards')
      .update({ description: 'Erst das', version: 1 })
      .eq('id', id)
      .select()
      .single();
    expect(again.error?.code).toBe('PT409');
    const { data: stored } = await owner.client.from('cards').select().eq('id', id).single();
    expect(stored).toMatchObject({ description: 'Erst das', priority: 'urgent', version: 3 });
  });

  it('cannot be forged: no future version, no other writer', async () => {
    const card = await inserted(owner.client, 'cards', {
      list_id: listId,
      title: 'F',
      position: 5,
    });
    const ahead = await member.client
      .from('cards')
      .update({ title: 'F2', version: 7 })
      .eq('id', card.id)
      .select()
      .single();
    expect(ahead.status).toBe(409);
    const writer = await member.client
      .from('cards')
      .update({ updated_by: owner.id } as never)
      .eq('id', card.id)
      .select()
      .single();
    expect(writer.status).toBe(403);
    const forgedInsert = await member.client
      .from('cards')
      .insert({ list_id: listId, title: 'G', position: 6, version: 5 } as never)
      .select()
      .single();
    expect(forgedInsert.status).toBe(403);
  });
});

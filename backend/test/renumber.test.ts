/**
 * renumber_list / renumber_board_lists: when a gap between positions runs out, one RPC
 * renumbers the list in one transaction, keeping its order (position, created_at, id); row-level
 * security decides who may.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { must, newBoard, newList } from './support/rows.ts';

let backend: TestBackend;
let owner: SupabaseClient;
let boardId: string;
let listId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  owner = (await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga')).client;
  boardId = await newBoard(owner, 'Ordnung');
  listId = await newList(owner, boardId, 'Offen');
});
afterAll(async () => {
  await backend?.close();
});

describe('renumber_list', () => {
  it('renumbers a full gap to whole steps in the order every client shows', async () => {
    const positions = [1024, 1024.0000001, 1024.0000002, 1024.0000001, 3072];
    const ids: string[] = [];
    for (const [i, position] of positions.entries()) {
      const row = must(
        await owner
          .from('cards')
          .insert({ list_id: listId, title: `Karte ${i}`, position })
          .select('id, created_at')
          .single(),
      );
      ids.push(row.id);
    }
    const before = must(
      await owner
        .from('cards')
        .select('id')
        .eq('list_id', listId)
        .order('position')
        .order('created_at')
        .order('id'),
    ).map((r) => r.id);

    const rows = must(await owner.rpc('renumber_list', { p_list_id: listId })) as {
      id: string;
      position: number;
    }[];
    expect(rows).toHaveLength(5);
    const after = must(
      await owner.from('cards').select('id, position').eq('list_id', listId).order('position'),
    );
    expect(after.map((r) => r.id)).toEqual(before);
    expect(after.map((r) => r.position)).toEqual([1024, 2048, 3072, 4096, 5120]);
  });

  it('changes nothing for someone who is not a member', async () => {
    const stranger = await backend.signUpAndSignIn();
    const rows = must(await stranger.client.rpc('renumber_list', { p_list_id: listId }));
    expect(rows).toEqual([]);
    const { error, status } = await backend.client().rpc('renumber_list', { p_list_id: listId });
    expect(error).not.toBeNull();
    expect(status).toBeGreaterThanOrEqual(400);
  });

  it('renumbers the lists of a board', async () => {
    must(await owner.from('lists').insert({ board_id: boardId, title: 'Mitte', position: 1024.5 }));
    must(await owner.from('lists').insert({ board_id: boardId, title: 'Ende', position: 1025 }));
    const rows = must(await owner.rpc('renumber_board_lists', { p_board_id: boardId })) as {
      title: string;
      position: number;
    }[];
    expect(rows.sort((a, b) => a.position - b.position).map((r) => [r.title, r.position])).toEqual([
      ['Offen', 1024],
      ['Mitte', 2048],
      ['Ende', 3072],
    ]);
  });
});

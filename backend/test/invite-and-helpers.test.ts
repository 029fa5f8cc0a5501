/**
 * What the API exposes of the access rules since the helpers moved to schema `private`: the RLS
 * helpers are not callable at all, and inviting, the one security definer operation left, is
 * limited per caller so that it cannot be used to test many addresses for an account.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';

let backend: TestBackend;
let owner: SupabaseClient;
let ownerId: string;

const newBoard = async (client: SupabaseClient, title = 'Limits') => {
  const { data, error } = await client.from('boards').insert({ title }).select('id').single();
  if (error) throw error;
  return data.id as string;
};

beforeAll(async () => {
  backend = await startTestBackend();
  const signedIn = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  owner = signedIn.client;
  ownerId = signedIn.user.id;
});
afterAll(async () => {
  await backend?.close();
});

describe('RLS helpers', () => {
  it.each([
    ['my_board_ids', {}],
    ['fellow_member_ids', {}],
    ['is_board_member', { p_board_id: '00000000-0000-0000-0000-000000000000' }],
    ['is_board_owner', { p_board_id: '00000000-0000-0000-0000-000000000000' }],
  ])('%s is not callable through the API', async (name, args) => {
    const { error, status } = await owner.rpc(name, args);
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
  });

  it('still decide what a member sees (policies call them in schema private)', async () => {
    const boardId = await newBoard(owner);
    const { data, error } = await owner.from('board_members').select('user_id, role');
    expect(error).toBeNull();
    expect(data).toContainEqual({ user_id: ownerId, role: 'owner' });
    const stranger = await backend.signUpAndSignIn();
    expect((await stranger.client.from('boards').select('id').eq('id', boardId)).data).toEqual([]);
  });
});

describe('invite_board_member', () => {
  it('allows 20 lookups per caller in 10 minutes, then answers 429 until the window passes', async () => {
    const inviter = await backend.signUpAndSignIn();
    const boardId = await newBoard(inviter.client);
    const invite = (email: string) =>
      inviter.client.rpc('invite_board_member', { p_board_id: boardId, p_email: email });

    // Blank addresses look nothing up and do not count.
    for (let i = 0; i < 3; i += 1)
      expect((await invite('  ')).data).toEqual({ status: 'not_found' });
    for (let i = 0; i < 20; i += 1) {
      const { data, error } = await invite(uniqueEmail('probe'));
      expect(error).toBeNull();
      expect(data).toEqual({ status: 'not_found' });
    }
    const refused = await invite(uniqueEmail('probe'));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'PT429',
      message: 'Too many invitations, please wait a few minutes',
    });
    // A registered address is refused the same way: the limit answers before any lookup.
    const known = await invite((await backend.signUpAndSignIn()).email);
    expect(known.status).toBe(429);

    // The limit is per caller: the board's owner elsewhere is not affected.
    const otherBoard = await newBoard(owner);
    const other = await owner.rpc('invite_board_member', {
      p_board_id: otherBoard,
      p_email: uniqueEmail('nobody'),
    });
    expect(other.data).toEqual({ status: 'not_found' });

    // Ten minutes later (moved back in the database, as time passing would) it counts afresh.
    await backend.db.query(
      `update private.invite_rate set window_start = now() - interval '10 minutes' where user_id = $1`,
      [inviter.user.id],
    );
    expect((await invite(uniqueEmail('probe'))).data).toEqual({ status: 'not_found' });
  });

  it('holds under concurrent calls: exactly 20 of 30 at once get through', async () => {
    const inviter = await backend.signUpAndSignIn();
    const boardId = await newBoard(inviter.client);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        inviter.client.rpc('invite_board_member', {
          p_board_id: boardId,
          p_email: uniqueEmail('probe'),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it('refuses non-owners before counting or looking anything up', async () => {
    const boardId = await newBoard(owner);
    const stranger = await backend.signUpAndSignIn();
    for (let i = 0; i < 25; i += 1) {
      const { error, status } = await stranger.client.rpc('invite_board_member', {
        p_board_id: boardId,
        p_email: uniqueEmail('probe'),
      });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
    }
    const counted = await backend.db.query(
      'select calls from private.invite_rate where user_id = $1',
      [stranger.user.id],
    );
    expect(counted.rows).toEqual([]);
  });
});

/**
 * What the API exposes of the access rules since the helpers moved to schema `private`: the RLS
 * helpers are not callable at all, and inviting, the one security definer operation left, is
 * limited per caller so that it cannot be used to test many addresses for an account, while an
 * owner can still invite a whole team of registered people.
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
  /** Registered people made directly in the database (sign-up through auth would be slower). */
  const registered = async (count: number): Promise<string[]> => {
    const emails = Array.from({ length: count }, () => uniqueEmail('team'));
    await backend.sql(
      `insert into auth.users (email, raw_user_meta_data, email_confirmed_at)
       select e, jsonb_build_object('full_name', 'Person ' || e), now() from unnest($1::text[]) e`,
      [emails],
    );
    return emails;
  };

  const inviterWithBoard = async () => {
    const inviter = await backend.signUpAndSignIn();
    const boardId = await newBoard(inviter.client);
    const invite = (email: string) =>
      inviter.client.rpc('invite_board_member', { p_board_id: boardId, p_email: email });
    return { inviter, boardId, invite };
  };

  it('lets an owner invite 50 registered people in a row: added people do not count', async () => {
    const { invite } = await inviterWithBoard();
    for (const email of await registered(50)) {
      const { data, error, status } = await invite(email);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toMatchObject({ status: 'added', member: { profile: { email } } });
    }
    // Asking again about people already on the board reveals nothing new and does not count.
    const [first] = await registered(1);
    await invite(first!);
    for (let i = 0; i < 40; i += 1)
      expect((await invite(first!)).data).toEqual({ status: 'already_member' });
  });

  it('allows 30 unknown addresses per caller in an hour, then refuses every lookup until the hour has passed', async () => {
    const { inviter, invite } = await inviterWithBoard();
    const [known, later] = await registered(2);

    // Blank addresses look nothing up and do not count.
    for (let i = 0; i < 3; i += 1)
      expect((await invite('  ')).data).toEqual({ status: 'not_found' });
    for (let i = 0; i < 30; i += 1) {
      const { data, error } = await invite(uniqueEmail('probe'));
      expect(error).toBeNull();
      expect(data).toMatchObject({ status: 'invited' });
      // Registered people in between are added and do not use up the allowance.
      if (i === 10) expect((await invite(known!)).data).toMatchObject({ status: 'added' });
    }
    const refused = await invite(uniqueEmail('probe'));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'PT429',
      message: 'Too many unknown addresses, please wait before inviting again',
    });
    // A registered address is refused the same way: the limit answers before any lookup, so the
    // refusal tells nothing about the address.
    const registeredRefused = await invite(later!);
    expect(registeredRefused.status).toBe(429);
    expect(registeredRefused.error?.code).toBe('PT429');

    // The limit is per caller: the board's owner elsewhere is not affected.
    const otherBoard = await newBoard(owner);
    const other = await owner.rpc('invite_board_member', {
      p_board_id: otherBoard,
      p_email: uniqueEmail('nobody'),
    });
    expect(other.data).toMatchObject({ status: 'invited' });

    // Nine minutes later the window still holds (the old limit counted 10 minutes).
    await backend.db.query(
      `update private.invite_rate set window_start = now() - interval '9 minutes' where user_id = $1`,
      [inviter.user.id],
    );
    expect((await invite(uniqueEmail('probe'))).status).toBe(429);
    // An hour later (moved back in the database, as time passing would) it counts afresh.
    await backend.db.query(
      `update private.invite_rate set window_start = now() - interval '1 hour' where user_id = $1`,
      [inviter.user.id],
    );
    expect((await invite(uniqueEmail('probe'))).data).toMatchObject({ status: 'invited' });
    expect((await invite(later!)).data).toMatchObject({ status: 'added' });
  });

  it('counts an unknown address even when the client asks for the transaction to be rolled back', async () => {
    const { inviter, boardId } = await inviterWithBoard();
    const token = (await inviter.client.auth.getSession()).data.session!.access_token;
    const ask = () =>
      backend.request('/rest/v1/rpc/invite_board_member', {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          prefer: 'tx=rollback',
        },
        body: JSON.stringify({ p_board_id: boardId, p_email: uniqueEmail('probe') }),
      });
    for (let i = 0; i < 30; i += 1)
      expect(await (await ask()).json()).toMatchObject({ status: 'invited' });
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('PT429');
  });

  it('holds under concurrent calls: exactly 30 of 40 unknown addresses at once get an answer', async () => {
    const { invite } = await inviterWithBoard();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => invite(uniqueEmail('probe'))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
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

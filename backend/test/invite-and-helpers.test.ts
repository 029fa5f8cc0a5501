/**
 * What the API exposes of the access rules since the helpers moved to schema `private`: the RLS
 * helpers are not callable at all, and inviting, a security definer operation, is limited per
 * caller: 30 invitations an hour, whether the addresses are registered or not, so that neither
 * the answers nor the limit tell who has an account.
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

  it('answers a registered and an unknown address alike, and asking about members does not count', async () => {
    const { inviter, invite } = await inviterWithBoard();
    const [known] = await registered(1);
    const unknown = uniqueEmail('probe');
    const answers = [await invite(known!), await invite(unknown)];
    expect(answers.map(({ data, error, status }) => ({ data, error, status }))).toEqual([
      { data: { status: 'invited', email: known }, error: null, status: 200 },
      { data: { status: 'invited', email: unknown }, error: null, status: 200 },
    ]);
    // Members are listed to the owner anyway: asking about one reveals nothing and is free.
    for (let i = 0; i < 40; i += 1)
      expect((await invite(inviter.email)).data).toEqual({ status: 'already_member' });
    const counted = await backend.db.query(
      'select calls from private.invite_rate where user_id = $1',
      [inviter.user.id],
    );
    expect(counted.rows).toEqual([{ calls: 2 }]);
  });

  it('allows 30 invitations per caller in an hour, registered or not, then refuses every call until the hour has passed', async () => {
    const { inviter, invite } = await inviterWithBoard();
    const people = await registered(12);

    // Blank addresses invite nobody and do not count.
    for (let i = 0; i < 3; i += 1)
      expect((await invite('  ')).data).toEqual({ status: 'not_found' });
    for (let i = 0; i < 30; i += 1) {
      const { data, error } = await invite(i % 3 === 0 ? people[i / 3]! : uniqueEmail('probe'));
      expect(error).toBeNull();
      expect(data).toMatchObject({ status: 'invited' });
    }
    // The 31st is refused alike for a registered and an unknown address: same status, code and
    // text, so the refusal tells nothing about the address either.
    const refusals = [await invite(uniqueEmail('probe')), await invite(people[11]!)];
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({
        code: 'PT429',
        message: 'Too many invitations, please wait before inviting again',
      });
    }
    expect(refusals[0]!.error).toEqual(refusals[1]!.error);

    // The limit is per caller: the board's owner elsewhere is not affected.
    const otherBoard = await newBoard(owner);
    const other = await owner.rpc('invite_board_member', {
      p_board_id: otherBoard,
      p_email: uniqueEmail('nobody'),
    });
    expect(other.data).toMatchObject({ status: 'invited' });

    // Nine minutes later the window still holds.
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
    expect((await invite(people[11]!)).data).toMatchObject({ status: 'invited' });
  });

  it('counts an invitation even when the client asks for the transaction to be rolled back', async () => {
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

  it('holds under concurrent calls: exactly 30 of 40 invitations at once get an answer', async () => {
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

/**
 * Invitations of people without an account, through supabase-js and real mail: inviting an
 * address nobody registered stores a pending invitation, the backend's invitation mailer sends
 * it (to a catcher started here), registering with the address makes the person a member (where
 * addresses are confirmed, once confirmed). Only the board's owner reads and withdraws them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../src/mail/catcher.ts';
import {
  startTestBackend,
  uniqueEmail,
  type SignedInUser,
  type TestBackend,
} from './support/backend.ts';

let catcher: MailCatcher;
let backend: TestBackend;
let owner: SignedInUser;
let member: SignedInUser;
let stranger: SignedInUser;
let boardId: string;

const newBoard = async (client: SupabaseClient, title: string) => {
  const { data, error } = await client.from('boards').insert({ title }).select('id').single();
  if (error) throw error;
  return data.id as string;
};

const invite = (client: SupabaseClient, board: string, email: string) =>
  client.rpc('invite_board_member', { p_board_id: board, p_email: email });

const memberIds = async (board: string) =>
  (
    await backend.sql<{ user_id: string }>(
      'select user_id from public.board_members where board_id = $1',
      [board],
    )
  ).map((row) => row.user_id);

beforeAll(async () => {
  catcher = await startMailCatcher();
  backend = await startTestBackend({ smtp: { url: catcher.smtpUrl }, siteUrl: 'http://app.test' });
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner');
  member = await backend.signUpAndSignIn(uniqueEmail('member'));
  stranger = await backend.signUpAndSignIn(uniqueEmail('stranger'));
  boardId = await newBoard(owner.client, 'Vertrieb 2027');
  expect((await invite(owner.client, boardId, member.email)).data).toMatchObject({
    status: 'added',
  });
});

afterAll(async () => {
  await backend?.close();
  await catcher?.close();
});

describe('inviting an address without an account', () => {
  it('stores a pending invitation and mails it in German with a link to the board', async () => {
    const email = uniqueEmail('neu');
    const { data, error } = await invite(owner.client, boardId, `  ${email.toUpperCase()} `);
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'invited', email });
    const mail = await catcher.waitFor(email);
    expect(mail.subject).toBe('TaskFlow: Olga Owner lädt Sie zum Board „Vertrieb 2027“ ein');
    expect(mail.text).toContain('Registrieren Sie sich mit dieser Adresse');
    expect(mail.links).toContain(`http://app.test/b/${boardId}`);
    // Inviting again keeps the one invitation and mails nothing more.
    expect((await invite(owner.client, boardId, email)).data).toMatchObject({ status: 'invited' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(catcher.messages().filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('makes the person a member when they register with the address', async () => {
    const email = uniqueEmail('kommt');
    await invite(owner.client, boardId, email);
    const otherBoard = await newBoard(owner.client, 'Zweites Board');
    await invite(owner.client, otherBoard, email);
    const newcomer = await backend.signUpAndSignIn(email);
    expect(await memberIds(boardId)).toContain(newcomer.user.id);
    expect(await memberIds(otherBoard)).toContain(newcomer.user.id);
    const { data: boards } = await newcomer.client.from('boards').select('id');
    expect(boards?.map((b) => b.id).sort()).toEqual([boardId, otherBoard].sort());
    const pending = await backend.sql('select 1 from public.board_invitations where email = $1', [
      email,
    ]);
    expect(pending).toEqual([]);
  });

  it('is read and withdrawn by the owner only', async () => {
    const email = uniqueEmail('offen');
    await invite(owner.client, boardId, email);
    const read = async (client: SupabaseClient) =>
      (await client.from('board_invitations').select('email').eq('board_id', boardId)).data ?? [];
    expect((await read(owner.client)).map((row) => row.email)).toContain(email);
    expect(await read(member.client)).toEqual([]);
    expect(await read(stranger.client)).toEqual([]);
    expect(await read(backend.client())).toEqual([]);

    // Nobody writes them but invite_board_member.
    const forged = await stranger.client
      .from('board_invitations')
      .insert({ board_id: boardId, email: uniqueEmail('fake') });
    expect(forged.error).not.toBeNull();
    const byMember = await member.client
      .from('board_invitations')
      .delete()
      .eq('email', email)
      .select('id');
    expect(byMember.data).toEqual([]);
    expect((await read(owner.client)).map((row) => row.email)).toContain(email);

    const withdrawn = await owner.client
      .from('board_invitations')
      .delete()
      .eq('board_id', boardId)
      .eq('email', email)
      .select('id');
    expect(withdrawn.data).toHaveLength(1);
    // A withdrawn invitation makes nobody a member.
    const late = await backend.signUpAndSignIn(email);
    expect(await memberIds(boardId)).not.toContain(late.user.id);
  });

  it('answers a registered address by adding them, an unknown one by inviting, a member as before', async () => {
    expect((await invite(owner.client, boardId, member.email)).data).toEqual({
      status: 'already_member',
    });
    expect((await invite(owner.client, boardId, 'kein-at-zeichen')).data).toEqual({
      status: 'invalid_email',
    });
    expect((await invite(member.client, boardId, uniqueEmail())).error?.code).toBe('42501');
  });
});

describe('with confirmations on', () => {
  it('makes the person a member only once the address is confirmed', async () => {
    const confirming = await startTestBackend({
      smtp: { url: catcher.smtpUrl },
      authConfirmEmail: true,
    });
    try {
      // The owner signs up and confirms through the mailed link.
      const ownerEmail = uniqueEmail('chefin');
      const anon = confirming.client();
      await anon.auth.signUp({ email: ownerEmail, password: 'geheim123' });
      const ownerMail = await catcher.waitFor(ownerEmail);
      const ownerToken = new URL(ownerMail.links[0]!).searchParams.get('token')!;
      const ownerSession = await anon.auth.verifyOtp({ token_hash: ownerToken, type: 'signup' });
      expect(ownerSession.error).toBeNull();
      const board = await newBoard(anon, 'Bestätigt');

      const email = uniqueEmail('eingeladen');
      expect((await invite(anon, board, email)).data).toMatchObject({ status: 'invited' });
      const newcomer = confirming.client();
      const signUp = await newcomer.auth.signUp({ email, password: 'geheim123' });
      const userId = (
        await confirming.sql<{ id: string }>('select id from auth.users where email = $1', [email])
      )[0]!.id;
      expect(signUp.data.session).toBeNull();
      const members = async () =>
        (
          await confirming.sql<{ user_id: string }>(
            'select user_id from public.board_members where board_id = $1',
            [board],
          )
        ).map((row) => row.user_id);
      expect(await members()).not.toContain(userId);
      const confirmation = await catcher.waitFor(email, (m) => m.subject.includes('bestätigen'));
      const token = new URL(confirmation.links[0]!).searchParams.get('token')!;
      expect(
        (await newcomer.auth.verifyOtp({ token_hash: token, type: 'signup' })).error,
      ).toBeNull();
      expect(await members()).toContain(userId);
    } finally {
      await confirming.close();
    }
  });
});

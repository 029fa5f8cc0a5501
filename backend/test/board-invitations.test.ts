/**
 * Invitations, through supabase-js and real mail: every invitation, registered address or not,
 * is a pending invitation that the backend's invitation mailer sends (to a catcher started
 * here), with the same answer to the inviter. A registered invitee is told in the bell and
 * accepts or declines; registering with an invited address makes the person a member (where
 * addresses are confirmed, once confirmed). The owner reads and withdraws them; the invitee reads,
 * accepts and declines their own; nobody else sees or touches them.
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
import { addMember } from './support/members.ts';

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
  await addMember(owner.client, boardId, member);
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
    const words = mail.text.replace(/\s+/g, ' ');
    expect(words).toContain('Öffnen Sie die Einladung, um sie anzunehmen.');
    expect(words).toContain('Wenn Sie noch kein TaskFlow-Konto haben, registrieren Sie sich');
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

  it('answers a member as before, and refuses a bad address and a non-owner', async () => {
    expect((await invite(owner.client, boardId, member.email)).data).toEqual({
      status: 'already_member',
    });
    expect((await invite(owner.client, boardId, 'kein-at-zeichen')).data).toEqual({
      status: 'invalid_email',
    });
    expect((await invite(member.client, boardId, uniqueEmail())).error?.code).toBe('42501');
  });
});

describe('inviting a registered address', () => {
  /** Everything a client can see of an answer, for comparing two of them. */
  const seen = async (email: string) => {
    const { data, error, status, statusText } = await invite(owner.client, boardId, email);
    return { data: { ...(data as object), email: '<address>' }, error, status, statusText };
  };

  it('answers exactly as for an unknown address, stores a pending invitation and mails it', async () => {
    const guest = await backend.signUpAndSignIn(uniqueEmail('gast'), 'geheim123', 'Gina Gast');
    const unknown = uniqueEmail('unbekannt');
    expect(await seen(guest.email)).toEqual(await seen(unknown));
    expect((await invite(owner.client, boardId, guest.email)).data).toEqual({
      status: 'invited',
      email: guest.email,
    });
    // Not a member until they accept.
    expect(await memberIds(boardId)).not.toContain(guest.user.id);
    expect((await guest.client.from('boards').select('id').eq('id', boardId)).data).toEqual([]);
    // The same mail as for an unknown address.
    const [toGuest, toUnknown] = await Promise.all([
      catcher.waitFor(guest.email),
      catcher.waitFor(unknown),
    ]);
    expect(toGuest.subject).toBe(toUnknown.subject);
    expect(toGuest.html.replaceAll(guest.email, '<address>')).toBe(
      toUnknown.html.replaceAll(unknown, '<address>'),
    );
    // The owner's pending list holds both.
    const pending = await owner.client
      .from('board_invitations')
      .select('email')
      .eq('board_id', boardId);
    expect(pending.data?.map((row) => row.email)).toEqual(
      expect.arrayContaining([guest.email, unknown]),
    );
  });

  it('tells the invitee in the bell; they read it and accept, and become a member', async () => {
    const guest = await backend.signUpAndSignIn(uniqueEmail('gast'), 'geheim123', 'Gina Gast');
    await invite(owner.client, boardId, guest.email);
    const { data: bell } = await guest.client
      .from('notifications')
      .select('kind, board_id, card_id, data');
    expect(bell).toEqual([
      {
        kind: 'invited_to_board',
        board_id: boardId,
        card_id: null,
        data: { actor_name: 'Olga Owner', board_title: 'Vertrieb 2027' },
      },
    ]);
    const { data: mine, error } = await guest.client.rpc('my_board_invitations');
    expect(error).toBeNull();
    expect(mine).toEqual([
      {
        board_id: boardId,
        board_title: 'Vertrieb 2027',
        inviter_name: 'Olga Owner',
        created_at: expect.any(String),
      },
    ]);
    const own = await guest.client.from('board_invitations').select('board_id, email');
    expect(own.data).toEqual([{ board_id: boardId, email: guest.email }]);

    const accepted = await guest.client.rpc('accept_board_invitation', { p_board_id: boardId });
    expect(accepted).toMatchObject({ error: null, status: 200, data: { board_id: boardId } });
    expect(await memberIds(boardId)).toContain(guest.user.id);
    expect((await guest.client.from('boards').select('title').eq('id', boardId)).data).toEqual([
      { title: 'Vertrieb 2027' },
    ]);
    expect((await guest.client.rpc('my_board_invitations')).data).toEqual([]);
    // Accepted once: a second time there is nothing to accept.
    const again = await guest.client.rpc('accept_board_invitation', { p_board_id: boardId });
    expect(again.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'PT404', message: 'Invitation not found' });
  });

  it('can be declined by the invitee: no membership, the invitation is gone', async () => {
    const guest = await backend.signUpAndSignIn(uniqueEmail('nein'));
    await invite(owner.client, boardId, guest.email);
    const declined = await guest.client
      .from('board_invitations')
      .delete()
      .eq('board_id', boardId)
      .select('email');
    expect(declined.data).toEqual([{ email: guest.email }]);
    expect(await memberIds(boardId)).not.toContain(guest.user.id);
    const late = await guest.client.rpc('accept_board_invitation', { p_board_id: boardId });
    expect(late.error?.code).toBe('PT404');
    const pending = await owner.client
      .from('board_invitations')
      .select('email')
      .eq('board_id', boardId)
      .eq('email', guest.email);
    expect(pending.data).toEqual([]);
  });

  it('is read, accepted and declined by the invitee alone', async () => {
    const guest = await backend.signUpAndSignIn(uniqueEmail('nur-ich'));
    await invite(owner.client, boardId, guest.email);
    for (const other of [member.client, stranger.client, backend.client()]) {
      expect(
        (await other.from('board_invitations').select('id').eq('email', guest.email)).data ?? [],
      ).toEqual([]);
      expect((await other.rpc('my_board_invitations')).data ?? []).toEqual([]);
      const accept = await other.rpc('accept_board_invitation', { p_board_id: boardId });
      expect(accept.error?.code).toMatch(/^(PT404|42501)$/);
      const decline = await other
        .from('board_invitations')
        .delete()
        .eq('email', guest.email)
        .select('id');
      expect(decline.data ?? []).toEqual([]);
    }
    expect(await memberIds(boardId)).not.toContain(stranger.user.id);
    // Still pending for the invitee; the owner withdraws it, and then it cannot be accepted.
    expect((await guest.client.rpc('my_board_invitations')).data).toHaveLength(1);
    const withdrawn = await owner.client
      .from('board_invitations')
      .delete()
      .eq('board_id', boardId)
      .eq('email', guest.email)
      .select('id');
    expect(withdrawn.data).toHaveLength(1);
    const accept = await guest.client.rpc('accept_board_invitation', { p_board_id: boardId });
    expect(accept.error?.code).toBe('PT404');
    expect(await memberIds(boardId)).not.toContain(guest.user.id);
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

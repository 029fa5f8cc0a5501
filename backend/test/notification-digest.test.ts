/**
 * E-mail digests (private.notification_outbox, backend/src/notifications/digest-worker.ts):
 * unread notifications are mailed per user, batched, no more often than the user chose; one read
 * before the round is not mailed; 'never' mails nothing; two workers on one database (two
 * backend processes on PostgreSQL) mail each digest exactly once; the signed unsubscribe link
 * switches digests off and a forged one does not.
 */
import pino from 'pino';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../src/server.ts';
import {
  startNotificationWorker,
  type NotificationWorker,
} from '../src/notifications/digest-worker.ts';
import {
  composeDigestMail,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
  type DigestMail,
} from '../src/notifications/digest.ts';
import {
  startTestBackend,
  testDatabase,
  uniqueEmail,
  type TestBackend,
} from './support/backend.ts';
import { insertRow, must, newBoard, newCard, newList } from './support/rows.ts';
import { addMember } from './support/members.ts';

let backend: TestBackend;
let second: RunningBackend | undefined;
let owner: SupabaseClient;
let max: SupabaseClient;
let maxId: string;
let maxEmail: string;
let erikaId: string;
let erikaEmail: string;
let erika: SupabaseClient;
let listId: string;
let cardId: string;
const sent: DigestMail[] = [];

const worker = (db = backend.db): NotificationWorker =>
  startNotificationWorker({
    db,
    mailer: { send: async (mail) => void sent.push(mail) },
    logger: pino({ level: 'silent' }),
    batchSeconds: 0,
    intervalMs: 0,
    siteUrl: 'http://app.example',
    unsubscribeBaseUrl: `${backend.url}/functions/v1/notification-digest/unsubscribe`,
    secret: backend.backend.ctx.config.jwtSecret,
  });

const mention = (userId: string) => `@[${userId}]`;
const comment = (client: SupabaseClient, text: string) =>
  insertRow(client, 'card_comments', { card_id: cardId, text });

const setDigest = async (client: SupabaseClient, userId: string, digest: string) =>
  must(await client.from('notification_settings').upsert({ user_id: userId, digest }));

beforeAll(async () => {
  backend = await startTestBackend();
  const o = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga Owner');
  owner = o.client;
  const m = await backend.signUpAndSignIn(uniqueEmail('max'), 'geheim123', 'Max Mustermann');
  max = m.client;
  maxId = m.user.id;
  maxEmail = m.email;
  const e = await backend.signUpAndSignIn(uniqueEmail('erika'), 'geheim123', 'Erika Muster');
  erika = e.client;
  erikaId = e.user.id;
  erikaEmail = e.email;
  const boardId = await newBoard(owner, 'Website');
  listId = await newList(owner, boardId, 'Zu erledigen');
  await addMember(owner, boardId, { client: max, email: maxEmail });
  await addMember(owner, boardId, { client: erika, email: erikaEmail });
  cardId = await newCard(owner, listId, 'Startseite neu gestalten');
  // Only what the tests below cause is mailed: the invitations' notifications are read.
  await backend.sql('update public.notifications set read_at = now()');
});

afterAll(async () => {
  await second?.close();
  await backend?.close();
});

describe('digests', () => {
  it("batches a user's unread notifications into one German mail with unsubscribe", async () => {
    await setDigest(max, maxId, 'immediate');
    await comment(owner, `Bitte ansehen ${mention(maxId)}`);
    await comment(owner, `Und das hier ${mention(maxId)}`);
    sent.length = 0;
    expect(await worker().tick()).toBe(1);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(maxEmail);
    expect(mail.subject).toBe('TaskFlow: 2 neue Benachrichtigungen');
    expect(mail.text).toContain('Olga Owner hat Sie in „Startseite neu gestalten“ erwähnt');
    expect(mail.text).toContain(`http://app.example/b/`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http.*token=.*>$/);
    // Nothing is mailed twice.
    expect(await worker().tick()).toBe(0);
  });

  it('a notification read before the round is not mailed', async () => {
    await comment(owner, `Noch eins ${mention(maxId)}`);
    must(
      await max
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .is('read_at', null),
    );
    sent.length = 0;
    expect(await worker().tick()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('hourly waits an hour after the last digest; never mails nothing', async () => {
    await setDigest(erika, erikaId, 'hourly');
    await comment(owner, `Erste ${mention(erikaId)}`);
    sent.length = 0;
    expect(await worker().tick()).toBe(1);
    await comment(owner, `Zweite ${mention(erikaId)}`);
    expect(await worker().tick()).toBe(0);
    // An hour later it goes out.
    await backend.sql(
      "update private.notification_digests set last_sent_at = now() - interval '61 minutes' where user_id = $1",
      [erikaId],
    );
    expect(await worker().tick()).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([erikaEmail, erikaEmail]);

    await setDigest(erika, erikaId, 'never');
    await comment(owner, `Dritte ${mention(erikaId)}`);
    await backend.sql('delete from private.notification_digests where user_id = $1', [erikaId]);
    expect(await worker().tick()).toBe(0);
  });

  it('two workers (two backend processes on one database) mail each digest exactly once', async () => {
    // On PostgreSQL the second is a real second backend on the same database; PGlite allows one
    // process per data folder, so there the two workers share it and race in one process.
    if (testDatabase === 'postgres') {
      second = await startBackend({
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
        notificationWorkerIntervalMs: 0,
        databaseUrl: backend.backend.ctx.config.databaseUrl,
        dataDir: null,
      });
    }
    await setDigest(max, maxId, 'immediate');
    await setDigest(erika, erikaId, 'immediate');
    await backend.sql('delete from private.notification_digests');
    const users: string[] = [maxId, erikaId];
    for (let i = 0; i < 6; i += 1) await comment(owner, `Runde ${i} ${mention(users[i % 2]!)}`);
    sent.length = 0;
    const a = worker();
    const b = worker(second?.ctx.db ?? backend.db);
    // Both at once, then both again: the second pair finds nothing left.
    const first = await Promise.all([a.tick(), b.tick()]);
    const again = await Promise.all([a.tick(), b.tick()]);
    expect([...first, ...again].reduce((x, y) => x + y, 0)).toBe(2);
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.to).sort()).toEqual([maxEmail, erikaEmail].sort());
    expect(sent.every((m) => m.subject === 'TaskFlow: 3 neue Benachrichtigungen')).toBe(true);
  });
});

describe('unsubscribe', () => {
  it('the signed link switches digests off; a forged one is refused', async () => {
    await setDigest(max, maxId, 'immediate');
    const token = await signUnsubscribeToken(maxId, backend.backend.ctx.config.jwtSecret);
    const forged = await signUnsubscribeToken(maxId, 'another-secret-of-at-least-32-characters!');
    const refused = await fetch(
      `${backend.url}/functions/v1/notification-digest/unsubscribe?token=${encodeURIComponent(forged)}`,
    );
    expect(refused.status).toBe(400);
    expect(must(await max.from('notification_settings').select('digest'))).toEqual([
      { digest: 'immediate' },
    ]);
    // RFC 8058: the mail client's one-click POST.
    const done = await fetch(
      `${backend.url}/functions/v1/notification-digest/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Sie erhalten keine E-Mail-Zusammenfassungen');
    expect(must(await max.from('notification_settings').select('digest'))).toEqual([
      { digest: 'never' },
    ]);
  });

  it("tokens name one user and carry the server's signature", async () => {
    const token = await signUnsubscribeToken(maxId, 'secret-one-secret-one-secret-one-!!');
    expect(await verifyUnsubscribeToken(token, 'secret-one-secret-one-secret-one-!!')).toBe(maxId);
    expect(await verifyUnsubscribeToken(token, 'secret-two-secret-two-secret-two-!!')).toBeNull();
    const [, mac] = token.split('.');
    expect(
      await verifyUnsubscribeToken(`${erikaId}.${mac}`, 'secret-one-secret-one-secret-one-!!'),
    ).toBeNull();
    expect(await verifyUnsubscribeToken('kein-token', 'x')).toBeNull();
  });

  it('the mail escapes names in its HTML', () => {
    const mail = composeDigestMail(
      {
        user_id: maxId,
        email: 'max@example.test',
        name: 'Max',
        notifications: [
          {
            id: '1',
            kind: 'commented',
            board_id: 'b',
            card_id: 'c',
            created_at: '',
            data: { actor_name: '<script>', card_title: 'A & B' },
          },
        ],
      },
      { siteUrl: 'http://app.example/', unsubscribeUrl: 'http://api.example/u?token=t' },
    );
    expect(mail.subject).toBe('TaskFlow: 1 neue Benachrichtigung');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('A &#38; B');
    expect(mail.text).toContain('http://app.example/b/b/c/c');
  });
});

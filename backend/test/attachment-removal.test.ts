/**
 * The attachment removal worker (backend/src/attachments): files of deleted attachments, cards
 * and boards leave Storage once the undo window is over, through the Storage service as the
 * service role; an undo within the window keeps the file; two workers on one database remove
 * each file once. Through the real storage-js and supabase-js, on PGlite and PostgreSQL.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { startAttachmentRemovalWorker } from '../src/attachments/removal-worker.ts';
import { openPostgres } from '../src/db/postgres-adapter.ts';
import { createStorageService, storageDirOf } from '../src/storage/index.ts';
import { testDatabase, uniqueEmail, type SignedInUser } from './support/backend.ts';
import { addMember, boardOf } from './support/storage-fixtures.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();
const logger = pino({ level: 'silent' });

let owner: SignedInUser;
let member: SignedInUser;
let boardId: string;
let listId: string;

const worker = () =>
  startAttachmentRemovalWorker({
    db: backend.db,
    storage: createStorageService({ ...backend.backend.ctx }),
    logger,
    intervalMs: 0,
  });

const newCard = async (board = boardId, list = listId) => {
  const [card] = await backend.sql<{ id: string }>(
    `insert into public.cards (list_id, board_id, title, position) values ($1, $2, 'Angebot', 1) returning id`,
    [list, board],
  );
  return card!.id;
};

/** A file stored and listed on the card, as the app does it. */
const attach = async (card: string, board = boardId, name = 'foto.txt') => {
  const objectPath = `${board}/${card}/${crypto.randomUUID()}-${name}`;
  const stored = await member.client.storage
    .from('attachments')
    .upload(objectPath, Buffer.from(`Inhalt von ${name}`), { contentType: 'text/plain' });
  expect(stored.error).toBeNull();
  const { data, error } = await member.client
    .from('card_attachments')
    .insert({ card_id: card, object_path: objectPath, name })
    .select()
    .single();
  expect(error).toBeNull();
  return { objectPath, row: data as { id: string; card_id: string; name: string } };
};

/** What the service role sees (no policy can hide it). */
const stored = async (objectPath: string) => {
  const [row] = await backend.sql<{ version: string }>(
    `select version from storage.objects where bucket_id = 'attachments' and name = $1`,
    [objectPath],
  );
  return row;
};

const fileExists = (version: string) =>
  fs
    .stat(
      path.join(storageDirOf(backend.backend.ctx.config), 'objects', version.slice(0, 2), version),
    )
    .then(
      () => true,
      () => false,
    );

/** The undo window (30 s) passes for every queued file. */
const windowPasses = () =>
  backend.sql(
    `update private.attachment_objects_to_remove set due_at = now() - interval '1 second'`,
  );

/** The card's own undo window (30 s) passes (the stamp trigger keeps the first deletion time). */
const cardWindowPasses = (card: string) =>
  backend.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(
      `update public.cards set deleted_at = now() - interval '31 seconds' where id = $1`,
      [card],
    );
  });

beforeAll(async () => {
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  member = await backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Mia');
  boardId = await boardOf(backend, owner.user.id);
  await addMember(backend, boardId, member.user.id);
  const [list] = await backend.sql<{ id: string }>(
    `insert into public.lists (board_id, title, position) values ($1, 'Offen', 1) returning id`,
    [boardId],
  );
  listId = list!.id;
});

describe('the attachment removal worker', () => {
  it('removes a deleted attachment’s file after the undo window, not before', async () => {
    const card = await newCard();
    const { objectPath, row } = await attach(card);
    const { version } = (await stored(objectPath))!;
    expect(
      (await member.client.from('card_attachments').delete().eq('id', row.id)).error,
    ).toBeNull();

    const removal = worker();
    expect(await removal.tick()).toEqual([]);
    expect(await stored(objectPath)).toBeDefined();
    expect((await member.client.storage.from('attachments').download(objectPath)).error).toBeNull();

    await windowPasses();
    expect(await removal.tick()).toEqual([objectPath]);
    expect(await stored(objectPath)).toBeUndefined();
    expect(await fileExists(version)).toBe(false);
    const download = await member.client.storage.from('attachments').download(objectPath);
    expect(download.error).not.toBeNull();
    // Done: nothing stays queued, a second round finds nothing.
    expect(
      await backend.sql(
        `select 1 from private.attachment_objects_to_remove where object_path = $1`,
        [objectPath],
      ),
    ).toHaveLength(0);
    expect(await removal.tick()).toEqual([]);
  });

  it('keeps the file when the removal is undone within the window', async () => {
    const card = await newCard();
    const { objectPath, row } = await attach(card);
    await member.client.from('card_attachments').delete().eq('id', row.id);
    // 'Rückgängig': the same row again.
    const restored = await member.client
      .from('card_attachments')
      .insert({ id: row.id, card_id: card, object_path: objectPath, name: row.name });
    expect(restored.error).toBeNull();

    await windowPasses();
    expect(await worker().tick()).not.toContain(objectPath);
    const download = await member.client.storage.from('attachments').download(objectPath);
    expect(download.error).toBeNull();
    expect(await download.data!.text()).toBe('Inhalt von foto.txt');
  });

  it('removes the files of a deleted card once both undo windows are over, and keeps those of a card restored in time', async () => {
    const gone = await newCard();
    const kept = await newCard();
    const first = await attach(gone, boardId, 'weg.txt');
    const second = await attach(kept, boardId, 'bleibt.txt');
    for (const card of [gone, kept]) {
      const deleted = await member.client
        .from('cards')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', card);
      expect(deleted.error).toBeNull();
    }
    // 'Rückgängig' for one of them.
    expect(
      (await member.client.from('cards').update({ deleted_at: null }).eq('id', kept)).error,
    ).toBeNull();

    const removal = worker();
    expect(await removal.tick()).toEqual([]);
    await cardWindowPasses(gone);
    // The card is purged now; its attachments wait out their own window.
    expect(await removal.tick()).toEqual([]);
    expect(await backend.sql(`select 1 from public.cards where id = $1`, [gone])).toHaveLength(0);
    expect(await stored(first.objectPath)).toBeDefined();

    await windowPasses();
    expect(await removal.tick()).toEqual([first.objectPath]);
    expect(await stored(first.objectPath)).toBeUndefined();
    expect(await stored(second.objectPath)).toBeDefined();
    const download = await member.client.storage.from('attachments').download(second.objectPath);
    expect(download.error).toBeNull();
  });

  it('removes every file of a deleted board', async () => {
    const otherBoard = await boardOf(backend, owner.user.id, 'Alt');
    await addMember(backend, otherBoard, member.user.id);
    const [list] = await backend.sql<{ id: string }>(
      `insert into public.lists (board_id, title, position) values ($1, 'Offen', 1) returning id`,
      [otherBoard],
    );
    const cards = [await newCard(otherBoard, list!.id), await newCard(otherBoard, list!.id)];
    const files = [
      await attach(cards[0]!, otherBoard, 'a.txt'),
      await attach(cards[0]!, otherBoard, 'b.txt'),
      await attach(cards[1]!, otherBoard, 'c.txt'),
    ].map((file) => file.objectPath);

    const deleted = await owner.client.from('boards').delete().eq('id', otherBoard);
    expect(deleted.error).toBeNull();
    await windowPasses();
    expect((await worker().tick()).sort()).toEqual([...files].sort());
    for (const file of files) expect(await stored(file)).toBeUndefined();
  });

  it('removes each file once when two workers run at the same time', async () => {
    const card = await newCard();
    const files: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { objectPath, row } = await attach(card, boardId, `datei-${i}.txt`);
      await member.client.from('card_attachments').delete().eq('id', row.id);
      files.push(objectPath);
    }
    await windowPasses();

    // On PostgreSQL the second worker has its own connections, as a second backend process.
    const secondDb =
      testDatabase === 'postgres'
        ? await openPostgres(backend.backend.ctx.config.databaseUrl!, logger)
        : backend.db;
    try {
      const ctx = backend.backend.ctx;
      const one = startAttachmentRemovalWorker({
        db: ctx.db,
        storage: createStorageService(ctx),
        logger,
        intervalMs: 0,
      });
      const two = startAttachmentRemovalWorker({
        db: secondDb,
        storage: createStorageService({ ...ctx, db: secondDb }),
        logger,
        intervalMs: 0,
      });
      const [a, b] = await Promise.all([one.tick(), two.tick()]);
      const removed = [...a, ...b];
      expect(removed.sort()).toEqual([...files].sort());
      expect(new Set(removed).size).toBe(removed.length);
      for (const file of files) expect(await stored(file)).toBeUndefined();
    } finally {
      if (secondDb !== backend.db) await secondDb.close();
    }
  });
});

/**
 * Attachments the Supabase way, through the real storage-js and supabase-js: the private bucket
 * `attachments` and its policies, card_attachments written only for a stored object (with what
 * the object says), the first image as the cover, the per-board quota, and the removal queue
 * that waits out the undo window (supabase/schemas/47_attachments.sql).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type SignedInUser } from './support/backend.ts';
import { addMember, boardOf } from './support/storage-fixtures.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();

let owner: SignedInUser;
let member: SignedInUser;
let stranger: SignedInUser;
let boardId: string;
let cardId: string;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const bucket = (user: SignedInUser) => user.client.storage.from('attachments');
const pathFor = (name: string) => `${boardId}/${cardId}/${crypto.randomUUID()}-${name}`;

const upload = async (user: SignedInUser, name: string, body: Buffer, type: string) => {
  const path = pathFor(name);
  const { error } = await bucket(user).upload(path, body, { contentType: type });
  return { path, error };
};

beforeAll(async () => {
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  member = await backend.signUpAndSignIn(uniqueEmail('member'), 'geheim123', 'Mia');
  stranger = await backend.signUpAndSignIn(uniqueEmail('stranger'), 'geheim123', 'Sven');
  boardId = await boardOf(backend, owner.user.id);
  await addMember(backend, boardId, member.user.id);
  const [list] = await backend.sql<{ id: string }>(
    `insert into public.lists (board_id, title, position) values ($1, 'Offen', 1) returning id`,
    [boardId],
  );
  const [card] = await backend.sql<{ id: string }>(
    `insert into public.cards (list_id, board_id, title, position) values ($1, $2, 'Angebot', 1) returning id`,
    [list!.id, boardId],
  );
  cardId = card!.id;
});

describe('the attachments bucket', () => {
  it('is private, with the Supabase CLI default limit of 50 MB per file', async () => {
    const [row] = await backend.sql<{ public: boolean; file_size_limit: string }>(
      `select public, file_size_limit from storage.buckets where id = 'attachments'`,
    );
    expect(row).toEqual({ public: false, file_size_limit: expect.anything() });
    expect(Number(row!.file_size_limit)).toBe(50 * 1024 * 1024);
  });

  it('lets members store and read files of their board, and nobody else', async () => {
    const stored = await upload(member, 'angebot.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(stored.error).toBeNull();
    expect((await bucket(owner).download(stored.path)).error).toBeNull();
    expect((await bucket(stranger).download(stored.path)).data).toBeNull();
    expect((await bucket(stranger).createSignedUrl(stored.path, 60)).data).toBeNull();
    const foreign = await upload(stranger, 'fremd.txt', Buffer.from('x'), 'text/plain');
    expect(foreign.error).not.toBeNull();
    // Not under a card of the board: refused even for a member.
    const loose = await bucket(member).upload(`${boardId}/${crypto.randomUUID()}/x.txt`, 'x');
    expect(loose.error).not.toBeNull();
  });
});

describe('card_attachments', () => {
  it('takes size, type and uploader from the stored object; the first image becomes the cover', async () => {
    const stored = await upload(member, 'foto.png', png, 'image/png');
    expect(stored.error).toBeNull();
    const { data, error } = await member.client
      .from('card_attachments')
      .insert({ card_id: cardId, object_path: stored.path, name: 'foto.png', image_width: 1 })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      board_id: boardId,
      size: png.length,
      mime_type: 'image/png',
      uploaded_by: member.user.id,
      image_width: 1,
    });
    const card = await owner.client.from('cards').select('cover_attachment_id').eq('id', cardId);
    expect(card.data).toEqual([{ cover_attachment_id: data!.id }]);
    const snapshot = await owner.client.rpc('board_snapshot', { p_board_id: boardId });
    const cards = (snapshot.data as { cards: { id: string; attachments: { id: string }[] }[] })
      .cards;
    expect(cards.find((c) => c.id === cardId)?.attachments.map((a) => a.id)).toContain(data!.id);
    const history = await backend.sql<{ kind: string }>(
      `select kind from public.activity where card_id = $1 and kind = 'attachment_added'`,
      [cardId],
    );
    expect(history).toHaveLength(1);
  });

  it('refuses a row for a file that is not stored, or for a stranger', async () => {
    const missing = await member.client
      .from('card_attachments')
      .insert({ card_id: cardId, object_path: pathFor('nie.txt'), name: 'nie.txt' });
    expect(missing.error?.code).toBe('23503');
    const stored = await upload(member, 'notiz.txt', Buffer.from('hallo'), 'text/plain');
    const byStranger = await stranger.client
      .from('card_attachments')
      .insert({ card_id: cardId, object_path: stored.path, name: 'notiz.txt' });
    expect(byStranger.error).not.toBeNull();
    const visible = await stranger.client.from('card_attachments').select('id');
    expect(visible.data).toEqual([]);
  });

  it("refuses a file beyond the board's quota", async () => {
    await backend.sql(`update private.attachment_settings set board_quota_bytes = 100`);
    try {
      const stored = await upload(
        member,
        'gross.bin',
        Buffer.alloc(200, 1),
        'application/octet-stream',
      );
      expect(stored.error).toBeNull();
      const { error } = await member.client
        .from('card_attachments')
        .insert({ card_id: cardId, object_path: stored.path, name: 'gross.bin' });
      expect(error?.code).toBe('23514');
      expect(error?.message).toMatch(/quota/);
    } finally {
      await backend.sql(`update private.attachment_settings set board_quota_bytes = 1073741824`);
    }
  });

  it('queues a removed file until the undo window ends; an undo takes it off the queue', async () => {
    const stored = await upload(member, 'weg.txt', Buffer.from('weg'), 'text/plain');
    const { data: row } = await member.client
      .from('card_attachments')
      .insert({ card_id: cardId, object_path: stored.path, name: 'weg.txt' })
      .select()
      .single();
    expect(
      (await member.client.from('card_attachments').delete().eq('id', row!.id)).error,
    ).toBeNull();
    const queued = () =>
      backend.sql<{ object_path: string }>(
        `select object_path from private.attachment_objects_to_remove where object_path = $1`,
        [stored.path],
      );
    expect(await queued()).toHaveLength(1);
    // 'Rückgängig': the same row again, while the file is still stored.
    const restored = await member.client
      .from('card_attachments')
      .insert({ id: row!.id, card_id: cardId, object_path: stored.path, name: 'weg.txt' });
    expect(restored.error).toBeNull();
    expect(await queued()).toHaveLength(0);

    await member.client.from('card_attachments').delete().eq('id', row!.id);
    await backend.sql(
      `update private.attachment_objects_to_remove set due_at = now() - interval '1 second' where object_path = $1`,
      [stored.path],
    );
    expect((await member.client.rpc('claim_attachment_objects_to_remove')).error).not.toBeNull();
    const service = backend.client(backend.serviceRoleKey);
    const claimed = await service.rpc('claim_attachment_objects_to_remove');
    expect(claimed.data).toContain(stored.path);
    // Leased, not forgotten: no second worker gets it, and it stays queued until removed.
    expect((await service.rpc('claim_attachment_objects_to_remove')).data).not.toContain(
      stored.path,
    );
    expect(await queued()).toHaveLength(1);
    expect(
      (await member.client.rpc('complete_attachment_object_removal', { p_paths: [stored.path] }))
        .error,
    ).not.toBeNull();
    const completed = await service.rpc('complete_attachment_object_removal', {
      p_paths: [stored.path],
    });
    expect(completed.error).toBeNull();
    expect(await queued()).toHaveLength(0);
  });
});

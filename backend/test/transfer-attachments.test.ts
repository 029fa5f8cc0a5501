/**
 * Export and import with attachments: export_board lists each card's files (name, size, type,
 * the file's path in an archive, the cover flag), and import_board says which new cards those
 * files belong to, so the importer can upload them (the app packs and unpacks the ZIP).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type SignedInUser } from './support/backend.ts';
import { boardOf } from './support/storage-fixtures.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();

let owner: SignedInUser;
let boardId: string;
let cardId: string;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

interface ExportedFile {
  name: string;
  size: number;
  mime_type: string;
  path: string;
  cover: boolean;
}
interface ExportedDoc {
  lists: { title: string; cards: { title: string; attachments: ExportedFile[] }[] }[];
}

const attach = async (name: string, body: Buffer, type: string) => {
  const path = `${boardId}/${cardId}/${crypto.randomUUID()}-${name}`;
  const stored = await owner.client.storage
    .from('attachments')
    .upload(path, body, { contentType: type });
  expect(stored.error).toBeNull();
  const row = await owner.client
    .from('card_attachments')
    .insert({ card_id: cardId, object_path: path, name })
    .select('id')
    .single();
  expect(row.error).toBeNull();
  return { path, id: row.data!.id };
};

beforeAll(async () => {
  owner = await backend.signUpAndSignIn(uniqueEmail('owner'), 'geheim123', 'Olga');
  boardId = await boardOf(backend, owner.user.id, 'Mit Anhängen');
  const [list] = await backend.sql<{ id: string }>(
    `insert into public.lists (board_id, title, position) values ($1, 'Offen', 1) returning id`,
    [boardId],
  );
  await backend.sql(
    `insert into public.cards (list_id, board_id, title, position) values ($1, $2, 'Ohne', 1)`,
    [list!.id, boardId],
  );
  const [card] = await backend.sql<{ id: string }>(
    `insert into public.cards (list_id, board_id, title, position) values ($1, $2, 'Angebot', 2) returning id`,
    [list!.id, boardId],
  );
  cardId = card!.id;
});

describe('export_board and import_board with attachments', () => {
  it("lists each card's files with their archive path and cover flag", async () => {
    const photo = await attach('foto.png', png, 'image/png');
    const offer = await attach('Angebot (final).pdf', pdf, 'application/pdf');
    const { data, error } = await owner.client.rpc('export_board', { p_board_id: boardId });
    expect(error).toBeNull();
    const cards = (data as unknown as ExportedDoc).lists[0]!.cards;
    expect(cards.map((c) => [c.title, c.attachments.length])).toEqual([
      ['Ohne', 0],
      ['Angebot', 2],
    ]);
    expect(cards[1]!.attachments).toEqual([
      {
        name: 'foto.png',
        size: png.length,
        mime_type: 'image/png',
        path: `files/${photo.path.split('/')[2]}`,
        cover: true,
      },
      {
        name: 'Angebot (final).pdf',
        size: pdf.length,
        mime_type: 'application/pdf',
        path: `files/${offer.path.split('/')[2]}`,
        cover: false,
      },
    ]);
  });

  it('names the new cards whose document lists attachments', async () => {
    const { data: doc } = await owner.client.rpc('export_board', { p_board_id: boardId });
    const { data, error } = await owner.client.rpc('import_board', { p_doc: doc as never });
    expect(error).toBeNull();
    const result = data as unknown as {
      board: { id: string };
      attachment_cards: { list: number; card: number; id: string }[];
    };
    expect(result.attachment_cards).toHaveLength(1);
    expect(result.attachment_cards[0]).toMatchObject({ list: 0, card: 1 });
    const [card] = await backend.sql<{ title: string; board_id: string }>(
      'select title, board_id from public.cards where id = $1',
      [result.attachment_cards[0]!.id],
    );
    expect(card).toEqual({ title: 'Angebot', board_id: result.board.id });
    // The files themselves travel apart: the new board has no attachment rows yet.
    const rows = await backend.sql('select 1 from public.card_attachments where board_id = $1', [
      result.board.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});

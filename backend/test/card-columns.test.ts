/**
 * A column of public.cards travels on its own: export_board writes it, import_board
 * reads it back, and a change of it is an entry in the history, all by the column's name read
 * from the table, unless private.card_fields_not_exported() / card_fields_not_recorded()
 * (supabase/schemas/42_card_fields.sql) leave it out on purpose. The columns come from
 * information_schema, so a new column that does not travel fails here, with its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestBackend,
  uniqueEmail,
  type SignedInUser,
  type TestBackend,
} from './support/backend.ts';
import { must, newCard, newLists } from './support/rows.ts';

type Row = Record<string, unknown>;
interface Column {
  name: string;
  type: string;
}

let backend: TestBackend;
let owner: SignedInUser;
let boardId: string;
let listIds: string[];
let columns: Column[];
let notExported: string[];
let notRecorded: string[];

/** Columns with a history kind of their own; every other one is `card_field_changed`. */
const ownKind: Record<string, string> = {
  list_id: 'card_moved',
  title: 'card_renamed',
  due_date: 'card_due_date',
  priority: 'card_priority',
  description: 'card_description',
  deleted_at: 'card_deleted',
  archived_at: 'card_archived',
};

/**
 * Two values for a column, different from each other and from its default, that its
 * constraints accept. A column of a type not listed here needs a line of its own.
 */
const samples = ({ name, type }: Column): [unknown, unknown] => {
  if (name === 'priority') return ['high', 'urgent'];
  if (name === 'list_id') return [listIds[0], listIds[1]];
  switch (type) {
    case 'text':
      return ['Probe eins', 'Probe zwei'];
    case 'smallint':
    case 'integer':
    case 'bigint':
      return [5, 8];
    case 'double precision':
    case 'real':
    case 'numeric':
      return [2.5, 4.5];
    case 'boolean':
      return [true, false];
    case 'date':
      return ['2026-12-24', '2027-01-15'];
    case 'timestamp with time zone':
      return ['2026-11-20T10:00:00+00:00', '2026-11-21T11:00:00+00:00'];
    case 'jsonb':
    case 'json':
      return [JSON.stringify({ probe: 1 }), JSON.stringify({ probe: 2 })];
    default:
      throw new Error(`No sample value for cards.${name} (${type}): add one to samples()`);
  }
};

const cardRow = async (where: string, param: string): Promise<Row> => {
  const [row] = await backend.sql<{ row: Row }>(
    `select to_jsonb(c) as row from public.cards c where ${where} = $1`,
    [param],
  );
  return row!.row;
};

const exported = () => columns.filter((c) => !notExported.includes(c.name));
const recorded = () => columns.filter((c) => !notRecorded.includes(c.name));

beforeAll(async () => {
  backend = await startTestBackend();
  owner = await backend.signUpAndSignIn(uniqueEmail('eva'), 'geheim123', 'Eva Export');
  boardId = must(await owner.client.from('boards').insert({ title: 'Spalten' }).select().single())
    .id as string;
  listIds = await newLists(owner.client, boardId, ['Zu erledigen', 'Erledigt']);
  columns = (
    await backend.sql<{ name: string; type: string }>(
      `select column_name as name, data_type as type from information_schema.columns
       where table_schema = 'public' and table_name = 'cards' order by ordinal_position`,
    )
  ).map((c) => ({ name: c.name, type: c.type }));
  const [lists] = await backend.sql<{ not_exported: string[]; not_recorded: string[] }>(
    `select private.card_fields_not_exported() as not_exported,
            private.card_fields_not_recorded() as not_recorded`,
  );
  notExported = lists!.not_exported;
  notRecorded = lists!.not_recorded;
});

afterAll(() => backend?.close());

describe('every column of cards', () => {
  it('is one the exclusion lists name, if they name it', () => {
    const names = columns.map((c) => c.name);
    expect(names.length).toBeGreaterThan(5);
    for (const name of [...notExported, ...notRecorded]) expect(names).toContain(name);
  });

  it('is exported and imported back as it was, unless it is on the list', async () => {
    const cardId = await newCard(owner.client, listIds[0]!, 'Karte');
    // Every exported column set to a value of its own, not its default (the list stays: it is
    // where the card sits, not a field of it).
    const fields = exported().filter((c) => c.name !== 'list_id');
    const assignments = fields.map((c, i) => `${c.name} = $${i + 2}`).join(', ');
    await backend.sql(`update public.cards set ${assignments} where id = $1`, [
      cardId,
      ...fields.map((c) => samples(c)[0]),
    ]);
    const stored = await cardRow('id', cardId);

    const doc = must(await owner.client.rpc('export_board', { p_board_id: boardId })) as {
      lists: { cards: Row[] }[];
    };
    const card = doc.lists[0]!.cards[0]!;
    for (const { name } of exported())
      expect({ [name]: card[name] }, `export_board leaves out cards.${name}`).toEqual({
        [name]: stored[name],
      });
    for (const name of notExported)
      expect(card, `cards.${name} is exported`).not.toHaveProperty(name);

    const summary = must(await owner.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string };
    };
    const imported = await cardRow('board_id', summary.board.id);
    for (const { name } of exported())
      expect({ [name]: imported[name] }, `import_board drops cards.${name}`).toEqual({
        [name]: stored[name],
      });
  });

  it('is recorded in the history when it changes, unless it is on the list', async () => {
    const cardId = await newCard(owner.client, listIds[0]!, 'Verlauf');
    // The soft delete last: the card is gone for the user after it.
    const order = recorded().sort(
      (a, b) => Number(a.name === 'deleted_at') - Number(b.name === 'deleted_at'),
    );
    for (const column of order) {
      const value = column.name === 'deleted_at' ? new Date().toISOString() : samples(column)[1];
      const [{ n: before } = { n: 0 }] = await backend.sql<{ n: number }>(
        'select count(*)::int as n from public.activity where card_id = $1',
        [cardId],
      );
      await backend.sql(`update public.cards set ${column.name} = $2 where id = $1`, [
        cardId,
        value,
      ]);
      const after = await cardRow('id', cardId);
      const entries = await backend.sql<{ kind: string; data: Row }>(
        'select kind, data from public.activity where card_id = $1 order by created_at, id offset $2',
        [cardId, before],
      );
      const entry = entries.map((e) =>
        e.kind === 'card_field_changed'
          ? { kind: e.kind, field: e.data.field, after: e.data.after }
          : { kind: e.kind },
      );
      const expected = ownKind[column.name]
        ? { kind: ownKind[column.name] }
        : { kind: 'card_field_changed', field: column.name, after: after[column.name] };
      expect(entry, `a change of cards.${column.name} is not recorded once`).toEqual([expected]);
    }
  });

  it('that the server owns cannot be set by a document', async () => {
    const doc = {
      format: 'taskflow-board',
      version: 1,
      board: { title: 'Fremd' },
      lists: [
        {
          title: 'Liste',
          position: 1024,
          cards: [
            {
              title: 'Karte',
              position: 1024,
              id: '00000000-0000-4000-8000-000000000001',
              list_id: listIds[0],
              board_id: boardId,
              created_at: '2000-01-01T00:00:00+00:00',
              deleted_at: '2000-01-01T00:00:00+00:00',
              archived_at: '2000-01-01T00:00:00+00:00',
            },
          ],
        },
      ],
    };
    const summary = must(await owner.client.rpc('import_board', { p_doc: doc as never })) as {
      board: { id: string };
    };
    const card = await cardRow('board_id', summary.board.id);
    expect(card.id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(card.list_id).not.toBe(listIds[0]);
    expect(card.deleted_at).toBeNull();
    expect(card.archived_at).toBeNull();
    expect(String(card.created_at).startsWith('2000')).toBe(false);
  });
});

// The import and export formats. Trello inputs are the awkward ones real exports
// contain: fields missing, positions as strings, null and unknown colours, archived items,
// very long and emoji-laden text.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  boardCsv,
  exportFileName,
  nearestLabelColor,
  prepareImport,
  checkImportFile,
  MAX_IMPORT_FILE_BYTES,
  TransferError,
  type BoardDocument,
} from '@taskflow/shared/transfer';

const trello = (overrides: Record<string, unknown> = {}) => ({
  name: 'Umzug 🚚',
  lists: [
    { id: 'l2', name: 'Erledigt', closed: false, pos: '32768' },
    { id: 'l1', name: 'Offen', closed: false, pos: 16384 },
    { id: 'l3', name: 'Altlasten', closed: true, pos: 65536 },
  ],
  cards: [
    {
      id: 'c1',
      name: '  Kartons packen ',
      desc: 'Küche zuerst',
      closed: false,
      idList: 'l1',
      pos: 200,
      due: '2026-11-30T23:30:00.000Z',
      idLabels: ['lab1', 'lab2'],
      idMembers: ['m1', 'm2'],
      idChecklists: ['cl1'],
    },
    { id: 'c2', name: 'Strom ummelden', closed: false, idList: 'l1', pos: 100, due: null },
    { id: 'c3', name: 'Alt', closed: true, idList: 'l1', pos: 300 },
    { id: 'c4', name: 'In archivierter Liste', closed: false, idList: 'l3', pos: 1 },
    { id: 'c5', name: 'Fertig', idList: 'l2', pos: 1 },
  ],
  labels: [
    { id: 'lab1', name: 'Dringend', color: 'red_dark' },
    { id: 'lab2', name: '', color: 'sky' },
    { id: 'lab3', name: 'Ohne Farbe', color: null },
    { id: 'lab4', name: 'Seltsam', color: 'turquoise' },
  ],
  checklists: [
    {
      id: 'cl1',
      idCard: 'c1',
      name: 'Packliste',
      pos: 1,
      checkItems: [
        { name: 'Beschriften', state: 'incomplete', pos: '2', due: null, idMember: 'm2' },
        {
          name: 'Kartons kaufen',
          state: 'complete',
          pos: 1,
          due: '2026-11-20T10:00:00Z',
          idMember: 'm1',
        },
      ],
    },
  ],
  members: [
    { id: 'm1', fullName: 'Anna Schmidt', username: 'anna', email: 'anna@example.test' },
    { id: 'm2', fullName: 'Ben Ohnemail', username: 'ben' },
  ],
  actions: [
    {
      type: 'commentCard',
      date: '2026-11-21T09:00:00.000Z',
      data: { text: 'Zweiter 👍', card: { id: 'c1' } },
      memberCreator: { fullName: 'Ben Ohnemail' },
    },
    { type: 'updateCard', date: '2026-11-20T09:30:00.000Z', data: { old: { pos: 1 } } },
    {
      type: 'commentCard',
      date: '2026-11-20T09:00:00.000Z',
      data: { text: 'Erster', card: { id: 'c1' } },
      memberCreator: { fullName: 'Anna Schmidt' },
    },
    {
      type: 'commentCard',
      date: '2026-11-20',
      data: { text: 'Zur Archivkarte', card: { id: 'c3' } },
    },
  ],
  ...overrides,
});

const prepare = (value: unknown) => prepareImport(JSON.stringify(value));

const errorCode = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof TransferError ? error.code : `other: ${String(error)}`;
  }
};

describe('Trello import', () => {
  it('keeps open lists and cards in order, and counts what is archived', () => {
    const result = prepare(trello());
    expect(result.source).toBe('trello');
    const doc = result.document;
    expect(doc.board.title).toBe('Umzug 🚚');
    expect(
      doc.lists.map((l) => [l.title, l.position, l.cards.map((c) => [c.title, c.position])]),
    ).toEqual([
      [
        'Offen',
        1024,
        [
          ['Strom ummelden', 1024],
          ['Kartons packen', 2048],
        ],
      ],
      ['Erledigt', 2048, [['Fertig', 1024]]],
    ]);
    expect(result.skippedLists).toBe(1);
    // The archived card, and the open card of the archived list.
    expect(result.skippedCards).toBe(2);
  });

  it('carries description, due day, labels, members by e-mail, checklists and comments', () => {
    const { document: doc, peopleWithoutEmail } = prepare(trello());
    const card = doc.lists[0]!.cards[1]!;
    expect(card.description).toBe('Küche zuerst');
    // 23:30 UTC on 30 November is 1 December in Germany.
    expect(card.due_date).toBe('2026-12-01');
    expect(card.labels).toEqual(['lab1', 'lab2']);
    expect(card.assignees).toEqual(['anna@example.test']);
    expect(card.subtasks).toEqual([
      {
        text: 'Kartons kaufen',
        completed: true,
        position: 1024,
        due_date: '2026-11-20',
        assignee: 'anna@example.test',
      },
      { text: 'Beschriften', completed: false, position: 2048, due_date: null, assignee: null },
    ]);
    expect(card.comments.map((c) => [c.author_name, c.text])).toEqual([
      ['Anna Schmidt', 'Erster'],
      ['Ben Ohnemail', 'Zweiter 👍'],
    ]);
    expect(card.comments[0]!.created_at).toBe('2026-11-20T09:00:00.000Z');
    expect(doc.members).toEqual([
      { email: 'anna@example.test', full_name: 'Anna Schmidt', role: 'member' },
    ]);
    expect(peopleWithoutEmail).toBe(1);
    expect(doc.lists[0]!.cards[0]!.due_date).toBeNull();
  });

  it('maps label colours to the nearest of the eight, names nameless ones after the colour', () => {
    const { document: doc } = prepare(trello());
    expect(doc.labels.map((l) => [l.name, l.color])).toEqual([
      ['Dringend', 'bg-red-100 text-red-800'],
      ['Blau', 'bg-blue-100 text-blue-800'],
      ['Ohne Farbe', 'bg-gray-100 text-gray-800'],
      ['Seltsam', 'bg-gray-100 text-gray-800'],
    ]);
    expect(
      ['green', 'yellow', 'orange', 'red', 'purple', 'blue', 'sky', 'lime', 'pink', 'black'].map(
        nearestLabelColor,
      ),
    ).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
      'purple',
      'blue',
      'blue',
      'green',
      'pink',
      'gray',
    ]);
    expect(nearestLabelColor('green_light')).toBe('green');
    expect(nearestLabelColor('purple_dark')).toBe('purple');
    expect(nearestLabelColor('#ff0000')).toBe('red');
    expect(nearestLabelColor(undefined)).toBe('gray');
  });

  it('survives missing fields, long texts, emoji and odd positions', () => {
    const long = 'ä'.repeat(10_000);
    const { document: doc } = prepare({
      name: '',
      lists: [{ id: 'l1' }],
      cards: [
        { id: 'a', idList: 'l1', name: '', desc: long, pos: 'bottom' },
        { id: 'b', idList: 'l1', name: '🎉🎉', pos: '1.5e3', due: 'kein Datum', idLabels: null },
        { id: 'c', idList: 'nirgends', name: 'Waise' },
      ],
    });
    expect(doc.board.title).toBe('Trello-Import');
    expect(doc.lists[0]!.title).toBe('Liste ohne Titel');
    const [first, second] = doc.lists[0]!.cards;
    expect(first).toMatchObject({ title: '🎉🎉', due_date: null, labels: [], position: 1024 });
    expect(second).toMatchObject({ title: 'Karte ohne Titel', position: 2048 });
    expect(second!.description).toHaveLength(10_000);
    expect(doc.lists[0]!.cards).toHaveLength(2);
  });

  it('names each subtask after its checklist when a card has several', () => {
    const doc = prepare(
      trello({
        checklists: [
          {
            id: 'x',
            idCard: 'c2',
            name: 'Vorher',
            pos: 1,
            checkItems: [{ name: 'A', state: 'complete', pos: 1 }],
          },
          { id: 'y', idCard: 'c2', name: 'Nachher', pos: 2, checkItems: [{ name: 'B', pos: 1 }] },
        ],
      }),
    ).document;
    expect(doc.lists[0]!.cards[0]!.subtasks.map((s) => [s.text, s.completed])).toEqual([
      ['Vorher: A', true],
      ['Nachher: B', false],
    ]);
  });

  it('refuses a Trello file whose cards lack their list', () => {
    expect(errorCode(() => prepare({ lists: [{ id: 'l1' }], cards: [{ id: 'x' }] }))).toBe(
      'invalid',
    );
  });
});

const taskflowDoc = (): BoardDocument => ({
  format: 'taskflow-board',
  version: 1,
  board: { title: 'Umzug', background: 'bg-gradient-to-br from-emerald-500 to-teal-600' },
  members: [{ email: 'olga@example.test', full_name: 'Olga', role: 'owner' }],
  labels: [{ id: 'L1', name: 'Dringend', color: 'bg-red-100 text-red-800' }],
  lists: [
    {
      title: 'Offen',
      position: 1024,
      cards: [
        {
          title: 'Kartons; "groß"',
          description: 'Zeile 1\nZeile 2; mit "Zitat"',
          priority: 'urgent',
          due_date: '2026-12-01',
          position: 1024,
          labels: ['L1'],
          assignees: ['olga@example.test', 'gast@example.test'],
          subtasks: [
            { text: 'a', completed: true, position: 1, due_date: null, assignee: null },
            { text: 'b', completed: false, position: 2, due_date: null, assignee: null },
          ],
          comments: [
            {
              author_email: 'olga@example.test',
              author_name: 'Olga',
              text: 'Hallo',
              created_at: '2026-11-23T07:22:51.123456+00:00',
              edited_at: null,
            },
          ],
          attachments: [
            {
              name: 'Grundriss.png',
              size: 2048,
              mime_type: 'image/png',
              path: 'files/0b7c-Grundriss.png',
              cover: true,
            },
          ],
        },
        {
          title: '=SUMME(A1)',
          description: '',
          priority: 'low',
          due_date: null,
          position: 2048,
          labels: [],
          assignees: [],
          subtasks: [],
          comments: [],
          attachments: [],
        },
      ],
    },
  ],
});

describe('TaskFlow import', () => {
  it('keeps card fields it does not know, for the server to import by name', () => {
    const doc = taskflowDoc();
    Object.assign(doc.lists[0]!.cards[0]!, { story_points: 5 });
    expect(prepare(doc).document.lists[0]!.cards[0]).toMatchObject({ story_points: 5 });
  });

  it('leaves out blank subtasks, which the table refuses', () => {
    const doc = taskflowDoc();
    const subtasks = doc.lists[0]!.cards[0]!.subtasks;
    subtasks.push({ text: '  ', completed: false, position: 3, due_date: null, assignee: null });
    expect(prepare(doc).document.lists[0]!.cards[0]!.subtasks.map((s) => s.text)).toEqual([
      'a',
      'b',
    ]);
  });

  it('accepts its own export unchanged', () => {
    const doc = taskflowDoc();
    const result = prepare(doc);
    expect(result.source).toBe('taskflow');
    expect(result.document).toEqual(doc);
  });

  it('tells apart broken, foreign, future, inconsistent and oversized files', () => {
    const text = JSON.stringify(taskflowDoc());
    expect(errorCode(() => prepareImport(text.slice(0, text.length / 2)))).toBe('notJson');
    expect(errorCode(() => prepareImport('   '))).toBe('empty');
    expect(errorCode(() => prepare({ hello: 'world' }))).toBe('unknownFormat');
    expect(errorCode(() => prepare([1, 2]))).toBe('unknownFormat');
    expect(errorCode(() => prepare({ format: 'wekan' }))).toBe('unknownFormat');
    expect(errorCode(() => prepare({ ...taskflowDoc(), version: 2 }))).toBe('unsupportedVersion');
    const blank = taskflowDoc();
    blank.lists[0]!.cards[0]!.title = '  ';
    expect(errorCode(() => prepare(blank))).toBe('invalid');
    const badDate = taskflowDoc();
    badDate.lists[0]!.cards[0]!.due_date = '2026-02-31';
    expect(errorCode(() => prepare(badDate))).toBe('invalid');
    const dangling = taskflowDoc();
    dangling.lists[0]!.cards[0]!.labels = ['nope'];
    expect(errorCode(() => prepare(dangling))).toBe('invalid');
    const many = taskflowDoc();
    many.lists = Array.from({ length: 501 }, (_, i) => ({
      title: `L${i}`,
      position: i,
      cards: [],
    }));
    expect(errorCode(() => prepare(many))).toBe('tooMany');
    expect(errorCode(() => checkImportFile({ size: MAX_IMPORT_FILE_BYTES + 1 }))).toBe('tooLarge');
  });

  it('refuses before sending what the server would refuse: each of its limits', () => {
    const card = taskflowDoc().lists[0]!.cards[0]!;
    const plain = { ...card, labels: [], assignees: [], subtasks: [], comments: [] };
    const withLists = (lists: { title: string; position: number; cards: unknown[] }[]) => ({
      ...taskflowDoc(),
      lists,
    });
    const cardsIn = (count: number, extra: object = {}) =>
      withLists([
        {
          title: 'A',
          position: 1,
          cards: Array.from({ length: count }, (_, i) => ({ ...plain, ...extra, position: i })),
        },
      ]);
    expect(errorCode(() => prepare(cardsIn(500)))).toBeNull();
    expect(errorCode(() => prepare(cardsIn(501)))).toBe('tooMany');
    const lists = (count: number) =>
      withLists(
        Array.from({ length: count }, (_, i) => ({ title: `L${i}`, position: i, cards: [] })),
      );
    expect(errorCode(() => prepare(lists(50)))).toBeNull();
    expect(errorCode(() => prepare(lists(51)))).toBe('tooMany');
    const members = {
      ...taskflowDoc(),
      members: Array.from({ length: 51 }, (_, i) => ({
        email: `p${i}@example.test`,
        full_name: '',
        role: 'member',
      })),
    };
    expect(errorCode(() => prepare(members))).toBe('tooMany');
    // 400 cards with four subtasks each: 2,000 rows together, one more is too many.
    const subtask = { text: 'x', completed: false, position: 1, due_date: null, assignee: null };
    const four = Array.from({ length: 4 }, () => subtask);
    expect(errorCode(() => prepare(cardsIn(400, { subtasks: four })))).toBeNull();
    const rows = cardsIn(400, { subtasks: four });
    rows.lists[0]!.cards[0] = { ...plain, position: 0, subtasks: [...four, subtask] };
    expect(errorCode(() => prepare(rows))).toBe('tooMany');
    // Few cards, but long ones: over 400 KB as sent.
    expect(errorCode(() => prepare(cardsIn(30, { description: 'ä'.repeat(7_000) })))).toBe(
      'tooMany',
    );
    expect(errorCode(() => checkImportFile({ size: 0 }))).toBe('empty');
    expect(errorCode(() => checkImportFile({ size: 1000 }))).toBeNull();
  });
});

describe('CSV export', () => {
  const csv = boardCsv(taskflowDoc());

  it('starts with a BOM and has the German headers, separated by semicolons', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'Liste;Titel;Beschreibung;Priorität;Fällig am;Labels;Zugewiesen an;Unteraufgaben erledigt/gesamt;Kommentare',
    );
  });

  it('quotes semicolons, quotes and line breaks so every card stays one row', () => {
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[1]).toEqual([
      'Offen',
      'Kartons; "groß"',
      'Zeile 1\nZeile 2; mit "Zitat"',
      'Dringend',
      '01.12.2026',
      'Dringend',
      'Olga, gast@example.test',
      '1/2',
      '1',
    ]);
    expect(csv).toContain('"Kartons; ""groß"""');
  });

  it('has a column for every other card key, headed by its label or its name', () => {
    const doc = taskflowDoc();
    Object.assign(doc.lists[0]!.cards[0]!, { story_points: 2.5, title_de: 'x' });
    Object.assign(doc.lists[0]!.cards[1]!, { story_points: null });
    const rows = Papa.parse<string[]>(boardCsv(doc).slice(1), { delimiter: ';' }).data;
    expect(rows[0]!.slice(-2)).toEqual(['story_points', 'title_de']);
    expect(rows[1]!.slice(-2)).toEqual(['2,5', 'x']);
    expect(rows[2]!.slice(-2)).toEqual(['', '']);
  });

  it('writes German priorities and defuses formulas', () => {
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' });
    expect(parsed.data[2]![1]).toBe("'=SUMME(A1)");
    expect(parsed.data[2]![3]).toBe('Niedrig');
  });
});

describe('file names', () => {
  it('keeps umlauts and drops what file systems refuse', () => {
    expect(exportFileName('Umzug: Küche/Bad?', 'json')).toBe('Umzug- Küche-Bad.json');
    expect(exportFileName('  ...  ', 'csv')).toBe('board.csv');
    expect(exportFileName('a'.repeat(200), 'csv')).toHaveLength(84);
  });
});

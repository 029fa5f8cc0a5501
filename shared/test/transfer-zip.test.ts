// The export "with files" (a ZIP of board.json and the files) and Trello's attachment links.
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_DOCUMENT,
  TransferError,
  descriptionWithLinks,
  isZipArchive,
  openBoardArchive,
  packBoardArchive,
  prepareImport,
} from '@taskflow/shared/transfer';

const MB = 1024 * 1024;

/** A stream that gives `bytes` in chunks of `size`, as a download's body does. */
const streamOf = (bytes: Uint8Array, size = 1000) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size)
        controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });

const bytesOf = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof TransferError ? error.code : String(error);
  }
  return 'opened';
};

describe('ZIP export with files', () => {
  it('packs the document and each file, and opens them again byte for byte', async () => {
    const photo = bytesOf(25_000, 1);
    const offer = bytesOf(3_000, 7);
    const files = [
      { path: 'files/a1-foto.png', bytes: photo },
      { path: 'files/b2-Angebot (final).pdf', bytes: offer },
    ];
    const progress: [number, number][] = [];
    const json = JSON.stringify({ format: 'taskflow-board', title: 'Umzug 🚚' });
    const archive = await packBoardArchive(
      json,
      files.map((f) => ({ path: f.path, open: async () => streamOf(f.bytes) })),
      (done, total) => progress.push([done, total]),
    );
    expect(archive.type).toBe('application/zip');
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(await isZipArchive(archive)).toBe(true);

    const opened = await openBoardArchive(archive, 50 * MB);
    expect(opened.documentText).toBe(json);
    const restored = opened.file('files/b2-Angebot (final).pdf', 'Angebot.pdf', 'application/pdf');
    expect(restored).toMatchObject({ name: 'Angebot.pdf', type: 'application/pdf' });
    expect(new Uint8Array(await restored!.arrayBuffer())).toEqual(offer);
    const image = opened.file('files/a1-foto.png', 'foto.png', 'image/png');
    expect(new Uint8Array(await image!.arrayBuffer())).toEqual(photo);
    expect(opened.file('files/missing.png', 'x.png', 'image/png')).toBeNull();
  });

  it('refuses a damaged archive, one without board.json, and one that unpacks too large', async () => {
    const archive = await packBoardArchive('{}', [
      { path: 'files/x.bin', open: async () => streamOf(bytesOf(5000, 3)) },
    ]);
    const cut = archive.slice(0, archive.size - 40);
    expect(await codeOf(openBoardArchive(cut, 50 * MB))).toBe('brokenArchive');
    expect(
      await codeOf(openBoardArchive(new Blob([strToU8('PK\u0003\u0004kaputt')]), 50 * MB)),
    ).toBe('brokenArchive');

    const withoutDocument = new Blob([zipSync({ 'files/a.txt': strToU8('a') }) as BlobPart]);
    expect(await codeOf(openBoardArchive(withoutDocument, 50 * MB))).toBe('brokenArchive');

    // Six zeros per byte compress to almost nothing: the directory's sizes are checked first.
    const bomb = new Blob([
      zipSync({
        [ARCHIVE_DOCUMENT]: strToU8('{}'),
        'files/big.bin': new Uint8Array(2 * MB),
      }) as BlobPart,
    ]);
    expect(bomb.size).toBeLessThan(10_000);
    expect(await codeOf(openBoardArchive(bomb, 1 * MB))).toBe('archiveTooLarge');
    expect(await codeOf(openBoardArchive(new Blob([]), 50 * MB))).toBe('empty');
    expect(await isZipArchive(new Blob(['{"format":"taskflow-board"}']))).toBe(false);
  });

  it("reads each card's files from the document, and refuses paths out of the files folder", () => {
    const doc = (path: string) =>
      JSON.stringify({
        format: 'taskflow-board',
        version: 1,
        board: { title: 'B' },
        lists: [
          {
            title: 'L',
            position: 1,
            cards: [
              {
                title: 'K',
                position: 1,
                attachments: [
                  { name: 'a.png', size: 3, mime_type: 'image/png', path, cover: true },
                ],
              },
            ],
          },
        ],
      });
    expect(prepareImport(doc('files/1-a.png')).document.lists[0]!.cards[0]!.attachments).toEqual([
      { name: 'a.png', size: 3, mime_type: 'image/png', path: 'files/1-a.png', cover: true },
    ]);
    for (const path of [
      '../etc/passwd',
      'files/../board.json',
      'files/a/b.png',
      'files/..',
      '/files/a',
    ])
      expect(() => prepareImport(doc(path)), path).toThrow(TransferError);
  });
});

describe("Trello's attachment links", () => {
  const trello = (attachments: unknown) =>
    JSON.stringify({
      name: 'T',
      lists: [{ id: 'l', name: 'Offen', pos: 1 }],
      cards: [{ id: 'c', name: 'Karte', desc: 'Text', idList: 'l', pos: 1, attachments }],
    });

  it('keeps web links under the description, as Markdown links', () => {
    const { document } = prepareImport(
      trello([
        {
          id: 'a1',
          name: 'Angebot [v2].pdf',
          url: 'https://trello.com/1/cards/c/attachments/a1/download/Angebot.pdf',
        },
        { id: 'a2', name: '', url: 'https://example.com/a(1).html' },
        { id: 'a5', name: 'Leer', url: 'https://example.com/mit leerzeichen' },
        { id: 'a3', name: 'Böse', url: 'javascript:alert(1)' },
        { id: 'a4', name: 'Kaputt' },
      ]),
    );
    expect(document.lists[0]!.cards[0]!.description).toBe(
      'Text\n\n**Anhänge aus Trello**\n' +
        '- [Angebot \\[v2\\].pdf](https://trello.com/1/cards/c/attachments/a1/download/Angebot.pdf)\n' +
        '- [https://example.com/a(1).html](https://example.com/a%281%29.html)',
    );
  });

  it('leaves a card without links as it was, and stays within the description limit', () => {
    expect(prepareImport(trello(null)).document.lists[0]!.cards[0]!.description).toBe('Text');
    expect(descriptionWithLinks('', [{ name: 'a', url: 'https://x.test/a' }])).toBe(
      '**Anhänge aus Trello**\n- [a](https://x.test/a)',
    );
    const long = 'x'.repeat(16_300);
    const many = Array.from({ length: 5 }, (_, i) => ({
      name: `n${i}`,
      url: `https://x.test/${i}`,
    }));
    const kept = descriptionWithLinks(long, many);
    expect(kept.length).toBeLessThanOrEqual(16_384);
    expect(kept).toContain('- [n0](https://x.test/0)');
    expect(kept).not.toContain('n4');
    expect(descriptionWithLinks('x'.repeat(16_380), many)).toBe('x'.repeat(16_380));
  });
});

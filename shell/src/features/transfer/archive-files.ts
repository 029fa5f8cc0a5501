// The files of an export "with files": fetched from Storage into the ZIP, and from a ZIP back
// onto the imported board's cards. The transfer formats and the attachments' Storage code both
// load on demand; this module joins them (features meet in the app, not in shared).
import { MAX_ATTACHMENT_BYTES, loadAttachmentCode, type ImportedBoard } from '@taskflow/shared';
import type { BoardArchive, BoardDocument } from '@taskflow/shared/transfer';
import { loadTransfer } from './load-transfer';

/**
 * The ZIP of the board's document and its files. A file's entry is the path the document gives
 * it (files/<the object's own name>), so the files are found by their object's last segment.
 */
export const packBoardWithFiles = async (
  boardId: string,
  document: BoardDocument,
  onFile: (done: number, total: number) => void,
): Promise<Blob> => {
  const [transfer, code] = await Promise.all([loadTransfer(), loadAttachmentCode()]);
  const objects = new Map(
    (await code.boardAttachmentPaths(boardId)).map((path) => [path.split('/')[2] ?? '', path]),
  );
  const sources = document.lists.flatMap((list) =>
    list.cards.flatMap((card) =>
      card.attachments.flatMap((attachment) => {
        const object = attachment.path ? objects.get(attachment.path.slice('files/'.length)) : null;
        return object && attachment.path
          ? [
              {
                path: attachment.path,
                // A signed link streams the file from Storage into the archive chunk by chunk.
                open: async () => {
                  const response = await fetch(await code.signedUrl(object));
                  if (!response.ok || !response.body)
                    throw new Error(`download failed: ${response.status}`);
                  return response.body;
                },
              },
            ]
          : [];
      }),
    ),
  );
  onFile(0, sources.length);
  return transfer.packBoardArchive(JSON.stringify(document, null, 2), sources, onFile);
};

export interface RestoredFiles {
  restored: number;
  missing: number;
}

/**
 * Uploads the archive's files onto the imported board's cards, one at a time (each read from
 * the archive only when its turn comes), and restores each card's cover. What cannot be
 * restored (absent from the archive, over the size limit, beyond the board's quota) is counted,
 * not fatal: the board is there already.
 */
export const restoreArchiveFiles = async (
  archive: BoardArchive,
  document: BoardDocument,
  imported: ImportedBoard,
  onFile: (done: number, total: number) => void,
): Promise<RestoredFiles> => {
  const code = await loadAttachmentCode();
  const cards = (imported.attachment_cards ?? []).flatMap(({ list, card, id }) => {
    const attachments = document.lists[list]?.cards[card]?.attachments ?? [];
    return attachments.length > 0 ? [{ id, attachments }] : [];
  });
  const total = cards.reduce((sum, card) => sum + card.attachments.length, 0);
  let done = 0;
  let restored = 0;
  onFile(0, total);
  for (const card of cards) {
    let cover: string | null = null;
    let coverWanted = false;
    for (const attachment of card.attachments) {
      coverWanted ||= attachment.cover;
      try {
        const file = attachment.path
          ? archive.file(attachment.path, attachment.name, attachment.mime_type)
          : null;
        if (file && file.size <= MAX_ATTACHMENT_BYTES) {
          const row = await code.attachFile({
            boardId: imported.board.id,
            cardId: card.id,
            file,
            onProgress: () => undefined,
            signal: new AbortController().signal,
          });
          restored += 1;
          if (attachment.cover) cover = row.id;
        }
      } catch (error) {
        // The quota, a refused type or a lost connection: that file stays out, the rest goes on.
        console.info('File not restored:', attachment.path, error);
      }
      done += 1;
      onFile(done, total);
    }
    // The first image became the cover on upload; the document says which one it was, or none.
    if (cover || !coverWanted) await code.setCardCover(card.id, cover).catch(() => undefined);
  }
  return { restored, missing: total - restored };
};

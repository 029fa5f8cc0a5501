// An export "with files": one ZIP holding the board document (board.json) and every attached
// file under the path the document gives it (files/<name>). fflate writes and reads the archive.
//
// Memory: packing streams each file from its source into the archive one chunk at a time, so a
// board's files are held once (as the archive's chunks), never a second time as whole files.
// Reading needs the central directory at the end of the archive, which fflate reads from one
// buffer; so the archive is held once and each file is inflated on its own when asked for,
// uploaded, and let go before the next.
import { Zip, ZipDeflate, ZipPassThrough, strFromU8, strToU8, unzipSync } from 'fflate';
import { TransferError } from './transfer-error';
import { MAX_IMPORT_FILE_BYTES } from './limits';

/** The document's name inside the archive. */
export const ARCHIVE_DOCUMENT = 'board.json';

/**
 * The largest archive the app opens: 1 GB, a board's default attachment quota
 * (private.attachment_settings), which no restored board could exceed anyway.
 */
export const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;

export interface ArchiveSource {
  /** The entry's path, as the document names it (files/<name>). */
  path: string;
  /** The file's bytes, opened only when its turn comes. */
  open: () => Promise<ReadableStream<Uint8Array>>;
}

/**
 * The ZIP of `documentJson` and `files`, in that order. The document is deflated; the files are
 * stored as they are (images, PDFs and office files are compressed already, and deflating them
 * again would cost time for nothing).
 */
export const packBoardArchive = async (
  documentJson: string,
  files: readonly ArchiveSource[],
  onFile: (done: number, total: number) => void = () => undefined,
): Promise<Blob> => {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished!: () => void;
  const ended = new Promise<void>((resolve) => (finished = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      finished();
      return;
    }
    chunks.push(chunk);
    if (final) finished();
  });

  const document = new ZipDeflate(ARCHIVE_DOCUMENT, { level: 6 });
  zip.add(document);
  document.push(strToU8(documentJson), true);

  let done = 0;
  for (const file of files) {
    const entry = new ZipPassThrough(file.path);
    zip.add(entry);
    const reader = (await file.open()).getReader();
    for (;;) {
      const { value, done: read } = await reader.read();
      if (read) break;
      entry.push(value, false);
      if (failure) throw failure;
    }
    entry.push(new Uint8Array(0), true);
    done += 1;
    onFile(done, files.length);
  }
  zip.end();
  await ended;
  if (failure) throw failure;
  return new Blob(chunks as BlobPart[], { type: 'application/zip' });
};

/** Whether a chosen file is a ZIP (by its first bytes: a name or type may say otherwise). */
export const isZipArchive = async (file: Blob): Promise<boolean> => {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
};

export interface BoardArchive {
  /** The text of board.json. */
  documentText: string;
  /** The entry at `path` as a file of that name and type, or null when the archive lacks it. */
  file: (path: string, name: string, type: string) => File | null;
}

// fflate throws plain errors (with a numeric code) for a damaged archive; the user hears one
// German sentence for all of them.
const broken = (error: unknown): TransferError =>
  error instanceof TransferError
    ? error
    : new TransferError('brokenArchive', error instanceof Error ? error.message : String(error));

/**
 * Opens an export "with files". Refused before anything is created: an archive over
 * MAX_ARCHIVE_BYTES, one whose central directory says a file is larger than `maxFileBytes` (the
 * bucket's limit) or whose files together exceed MAX_ARCHIVE_BYTES (a "zip bomb" unpacks to far
 * more than it weighs), and a damaged archive or one without board.json.
 */
export const openBoardArchive = async (
  archive: Blob,
  maxFileBytes: number,
): Promise<BoardArchive> => {
  if (archive.size === 0) throw new TransferError('empty');
  if (archive.size > MAX_ARCHIVE_BYTES)
    throw new TransferError('archiveTooLarge', `${archive.size} bytes`);
  const bytes = new Uint8Array(await archive.arrayBuffer());

  const sizes = new Map<string, number>();
  try {
    // The filter sees each entry of the central directory and extracts none of them.
    unzipSync(bytes, {
      filter: (entry) => {
        sizes.set(entry.name, entry.originalSize);
        return false;
      },
    });
  } catch (error) {
    throw broken(error);
  }
  let total = 0;
  for (const [name, size] of sizes) {
    total += size;
    if (name !== ARCHIVE_DOCUMENT && size > maxFileBytes)
      throw new TransferError('archiveTooLarge', `${name}: ${size} bytes`);
  }
  if (total > MAX_ARCHIVE_BYTES) throw new TransferError('archiveTooLarge', `${total} bytes`);
  const documentSize = sizes.get(ARCHIVE_DOCUMENT);
  if (documentSize === undefined) throw new TransferError('brokenArchive', 'no board.json');
  if (documentSize > MAX_IMPORT_FILE_BYTES)
    throw new TransferError('tooLarge', `board.json: ${documentSize} bytes`);

  const entry = (path: string): Uint8Array | null => {
    if (!sizes.has(path)) return null;
    try {
      const found = unzipSync(bytes, { filter: (candidate) => candidate.name === path })[path];
      if (!found || found.length !== sizes.get(path)) throw new Error(`${path}: size differs`);
      return found;
    } catch (error) {
      throw broken(error);
    }
  };

  const document = entry(ARCHIVE_DOCUMENT)!;
  let documentText: string;
  try {
    documentText = strFromU8(document);
  } catch (error) {
    throw broken(error);
  }
  return {
    documentText,
    file: (path, name, type) => {
      const data = entry(path);
      return data ? new File([data as BlobPart], name, { type }) : null;
    },
  };
};

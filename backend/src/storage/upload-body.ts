/**
 * The two bodies storage-js uploads (StorageFileApi.uploadOrUpdate), read as a stream:
 * - multipart/form-data (a Blob, File or FormData): the fields `cacheControl`, `metadata`
 *   (JSON), `contentType` come first, then the file part under an empty field name; busboy
 *   parses it as it arrives;
 * - any other content type: the body is the file, with `content-type`, `cache-control` and
 *   `x-metadata` (base64 JSON) headers.
 * Only the first file part counts, as with hosted Storage (`files: 1`).
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { errors } from './errors.ts';

export interface IncomingFile {
  stream: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** Resolves once the whole request body has been read (multipart) or at once (raw). */
  done: Promise<void>;
}

/** Largest user metadata accepted; more is EntityTooLarge, as hosted answers for `user_metadata`. */
const MAX_USER_METADATA_BYTES = 64 * 1024;

const parseUserMetadata = (json: string): Record<string, unknown> | null => {
  if (Buffer.byteLength(json) > MAX_USER_METADATA_BYTES) throw errors.entityTooLarge();
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    throw errors.invalidRequest('Failed to parse metadata');
  }
};

const cacheControlFrom = (seconds: string | undefined) =>
  seconds && /^\d+$/.test(seconds) ? `max-age=${seconds}` : 'no-cache';

/**
 * `incoming` is Node's request when the app runs on @hono/node-server: reading it directly
 * spares the body two conversions (Node stream to web stream and back), which halved the upload
 * time of 100 MB here (docs/backend.md "Storage").
 */
export const readUpload = (request: Request, incoming?: IncomingMessage): Promise<IncomingFile> => {
  const contentType = request.headers.get('content-type') ?? '';
  const untouched = incoming && !request.bodyUsed && !incoming.readableEnded && incoming.readable;
  if (!untouched && !request.body) return Promise.reject(errors.noContent());
  const body: Readable = untouched ? incoming : Readable.fromWeb(request.body as never);

  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    const header = request.headers.get('x-metadata');
    let userMetadata: Record<string, unknown> | null = null;
    if (header) userMetadata = parseUserMetadata(Buffer.from(header, 'base64').toString('utf8'));
    return Promise.resolve({
      stream: body,
      mimeType: contentType || 'application/octet-stream',
      cacheControl: request.headers.get('cache-control') ?? 'no-cache',
      userMetadata,
      done: Promise.resolve(),
    });
  }

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 10, fieldSize: MAX_USER_METADATA_BYTES },
      });
    } catch {
      reject(errors.invalidRequest('Malformed multipart body'));
      return;
    }
    const fields: Record<string, string> = {};
    let gotFile = false;
    const done = new Promise<void>((resolveDone, rejectDone) => {
      parser.on('close', resolveDone);
      parser.on('error', rejectDone);
    });
    done.catch(() => undefined);
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (gotFile) {
        stream.resume();
        return;
      }
      gotFile = true;
      try {
        const metadataField = fields.metadata ?? fields.userMetadata;
        resolve({
          stream,
          mimeType: fields.contentType || info.mimeType || 'application/octet-stream',
          cacheControl: cacheControlFrom(fields.cacheControl),
          userMetadata: metadataField ? parseUserMetadata(metadataField) : null,
          done,
        });
      } catch (error) {
        stream.resume();
        reject(error);
      }
    });
    parser.on('close', () => {
      if (!gotFile) reject(errors.noContent());
    });
    parser.on('error', () => reject(errors.invalidRequest('Malformed multipart body')));
    body.on('error', (error) => parser.destroy(error));
    body.pipe(parser);
  });
};

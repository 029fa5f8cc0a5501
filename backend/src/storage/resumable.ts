/**
 * Resumable uploads (TUS 1.0) at /storage/v1/upload/resumable, as hosted Storage offers them to
 * tus-js-client: the upload's metadata names `bucketName`, `objectName`, `contentType`,
 * `cacheControl` and `metadata` (JSON); `x-upsert: true` on creation allows replacing. The
 * protocol is @tus/server's, the parts on disk are @tus/file-store's (under STORAGE_DIR/tus,
 * so every backend process sharing the folder can continue an upload another one began).
 *
 * The rules are Storage's, checked before any byte is accepted: a valid token, a valid bucket and
 * key, the policies' consent to the insert (or upsert), the bucket's MIME types and the size
 * limit. Only the user who created an upload may continue or cancel it. When the last byte
 * arrives the file is renamed into place and the row written as that user, exactly as a
 * one-shot upload; if the row is refused, the bytes are removed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { JwtService } from '../auth/jwt.ts';
import { StorageError, errors } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import { ownerOf, requesterOf } from './requester.ts';
import type { StorageService, WriteRequest } from './service.ts';

export const RESUMABLE_PATH = '/storage/v1/upload/resumable';

/** Metadata keys the server sets; a client's values for them are overwritten. */
const OWNER_KEY = 'taskflowOwner';
const UPSERT_KEY = 'taskflowUpsert';

/** Hosted's TUS answers carry Storage's error body with its status (userStatusCode). */
const tusError = (error: unknown) => {
  const failure = error instanceof StorageError ? error : errors.internal();
  return { status_code: failure.httpStatus, body: JSON.stringify(failure.render()) };
};

const eTagOf = async (file: string) => {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `"${hash.digest('hex')}"`;
};

const writeRequestOf = (meta: NonNullable<Upload['metadata']>): WriteRequest => {
  const cacheControl = meta.cacheControl ?? '';
  let userMetadata: Record<string, unknown> | null = null;
  if (meta.metadata) {
    try {
      userMetadata = JSON.parse(meta.metadata) as Record<string, unknown>;
    } catch {
      throw errors.invalidRequest('Failed to parse metadata');
    }
  }
  return {
    bucket: mustBeValidBucketName(meta.bucketName),
    key: mustBeValidKey(meta.objectName),
    upsert: meta[UPSERT_KEY] === 'true',
    mimeType: meta.contentType || 'application/octet-stream',
    cacheControl: /^\d+$/.test(cacheControl)
      ? `max-age=${cacheControl}`
      : cacheControl || 'no-cache',
    userMetadata,
  };
};

export const createResumableUploads = (
  jwt: JwtService,
  service: StorageService,
  storageDir: string,
  fileSizeLimit: number,
) => {
  const directory = path.join(storageDir, 'tus');
  // Made on the first resumable request: FileStore creates its folder when constructed.
  let server: Server | undefined;
  const start = () => {
    const datastore = new FileStore({ directory });
    return new Server({
      path: RESUMABLE_PATH,
      datastore,
      maxSize: fileSizeLimit,
      disableTerminationForFinishedUploads: true,
      relativeLocation: false,
      allowedHeaders: ['Authorization', 'X-Upsert', 'Upload-Expires', 'ApiKey', 'x-signature'],
      namingFunction: () => randomUUID(),
      async onIncomingRequest(req, id) {
        if (req.method === 'POST') return;
        try {
          const { claims } = await requesterOf(jwt, req.headers.get('authorization'));
          const upload = await datastore.getUpload(id).catch(() => undefined);
          if (!upload) throw errors.noSuchUpload();
          const owner = upload.metadata?.[OWNER_KEY] ?? '';
          if (owner !== (ownerOf(claims) ?? '')) throw errors.noSuchUpload();
        } catch (error) {
          throw tusError(error);
        }
      },
      async onUploadCreate(req, upload) {
        try {
          const { claims } = await requesterOf(jwt, req.headers.get('authorization'));
          if (upload.size === undefined) {
            throw errors.invalidRequest(
              'Upload-Length is required (deferred lengths are not supported)',
            );
          }
          const metadata = {
            ...upload.metadata,
            [OWNER_KEY]: ownerOf(claims) ?? '',
            [UPSERT_KEY]: req.headers.get('x-upsert') === 'true' ? 'true' : 'false',
          };
          const request = writeRequestOf(metadata);
          const bucket = await service.checkWrite(claims, request);
          const limit = service.sizeLimitOf(bucket);
          if (upload.size > limit) throw errors.entityTooLarge(limit);
          return { metadata };
        } catch (error) {
          throw tusError(error);
        }
      },
      async onUploadFinish(req, upload) {
        const file = path.join(directory, upload.id);
        try {
          const { claims } = await requesterOf(jwt, req.headers.get('authorization'));
          const request = writeRequestOf(upload.metadata ?? {});
          const staged = {
            tempPath: file,
            size: upload.size ?? upload.offset,
            eTag: await eTagOf(file),
          };
          await service.commitWrite(claims, request, staged);
          await fs.rm(`${file}.json`, { force: true });
          return {};
        } catch (error) {
          await fs.rm(file, { force: true });
          await fs.rm(`${file}.json`, { force: true });
          throw tusError(error);
        }
      },
    });
  };

  return { handle: (request: Request) => (server ??= start()).handleWeb(request) };
};

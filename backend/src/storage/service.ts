/**
 * What the Storage API does, apart from HTTP: each operation runs its SQL as the requester
 * (`db.asRole`), so row-level security on storage.objects decides as on hosted: select for
 * download, info, list and signing; insert for an upload; insert-or-update for an upsert;
 * update for move; delete for remove. Bytes are staged before the row is written and put in
 * place inside the row's transaction, so a refused, failed or aborted write leaves neither a
 * row nor a file; replaced and removed versions are deleted once the row no longer names them.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Db, Queryable, RequestClaims } from '../db/types.ts';
import { isDbError } from '../db/types.ts';
import type { BlobStore, StagedBlob } from './blob-store.ts';
import { StorageError, errors, fromDbError } from './errors.ts';
import * as rows from './object-rows.ts';
import type { BucketRow, NewObject, ObjectMetadata, ObjectRow } from './object-rows.ts';
import { ownerOf } from './requester.ts';

/** Thrown inside a transaction to roll a permission probe back. */
class Probe extends Error {}

export interface WriteRequest {
  bucket: string;
  key: string;
  upsert: boolean;
  /** PUT /object: the object must exist already. */
  mustExist?: boolean;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** Owner to record instead of the requester (signed upload URLs). */
  owner?: string | null;
}

export const validateMimeType = (mimeType: string, allowed: string[] | null) => {
  if (!allowed || allowed.length === 0) return;
  const [type, sub] = mimeType.split(';')[0]!.trim().toLowerCase().split('/');
  if (!type || !sub) throw errors.invalidMimeType(mimeType);
  const ok = allowed.some((entry) => {
    const [allowedType, allowedSub] = entry.toLowerCase().split('/');
    return allowedType === type && (allowedSub === '*' || allowedSub === sub);
  });
  if (!ok) throw errors.invalidMimeType(mimeType);
};

export class StorageService {
  constructor(
    private readonly db: Db,
    readonly blobs: BlobStore,
    private readonly fileSizeLimit: number,
    private readonly logger: Logger,
  ) {}

  /** Runs `fn` as the requester; database refusals become Storage's errors. */
  async as<T>(claims: RequestClaims, fn: (tx: Queryable) => Promise<T>, readOnly = false) {
    try {
      return await this.db.asRole(claims, fn, { readOnly });
    } catch (error) {
      // A StorageError thrown inside fn has a string `code` too; only a database error is mapped.
      if (isDbError(error) && !(error instanceof StorageError)) throw fromDbError(error);
      throw error;
    }
  }

  /** Buckets are read as Storage's superuser reads them: limits apply whoever uploads. */
  async bucket(id: string): Promise<BucketRow> {
    const bucket = await rows.findBucket(this.db, id);
    if (!bucket) throw errors.noSuchBucket();
    return bucket;
  }

  /** The smaller of the server's limit and the bucket's. */
  sizeLimitOf(bucket: Pick<BucketRow, 'file_size_limit'>): number {
    const own = bucket.file_size_limit;
    return own && own > 0 ? Math.min(own, this.fileSizeLimit) : this.fileSizeLimit;
  }

  private async persist(tx: Queryable, object: NewObject, req: WriteRequest) {
    if (req.upsert || req.mustExist) {
      const replaced = await rows.replaceObject(tx, object);
      if (replaced) {
        const { old_version: oldVersion, ...row } = replaced;
        return { row: row as ObjectRow, oldVersion };
      }
      if (req.mustExist) throw errors.noSuchKey();
    }
    return { row: await rows.insertObject(tx, object), oldVersion: null };
  }

  private newObject(
    claims: RequestClaims,
    req: WriteRequest,
    version: string,
    metadata: ObjectMetadata,
  ): NewObject {
    return {
      bucket: req.bucket,
      name: req.key,
      owner: req.owner !== undefined ? req.owner : ownerOf(claims),
      version,
      metadata,
      userMetadata: req.userMetadata,
    };
  }

  /**
   * Would this write pass the policies? Tried and rolled back before any byte is read, as hosted
   * does (Uploader.canUpload), so a stranger's 50 MB never reach the disk.
   */
  async checkWrite(claims: RequestClaims, req: WriteRequest): Promise<BucketRow> {
    const bucket = await this.bucket(req.bucket);
    validateMimeType(req.mimeType, bucket.allowed_mime_types);
    const probe = this.newObject(claims, req, this.blobs.newVersion(), metadataFor(req, 0, ''));
    try {
      await this.as(claims, async (tx) => {
        await this.persist(tx, probe, req);
        throw new Probe();
      });
    } catch (error) {
      if (!(error instanceof Probe)) throw error;
    }
    return bucket;
  }

  /** Stores a staged file as the object's new version and answers its row. */
  async commitWrite(
    claims: RequestClaims,
    req: WriteRequest,
    staged: StagedBlob,
  ): Promise<ObjectRow> {
    const version = this.blobs.newVersion();
    const object = this.newObject(claims, req, version, metadataFor(req, staged.size, staged.eTag));
    let placed = false;
    try {
      const { row, oldVersion } = await this.as(claims, async (tx) => {
        const result = await this.persist(tx, object, req);
        await this.blobs.commit(staged, version);
        placed = true;
        return result;
      });
      if (oldVersion && oldVersion !== version) await this.removeVersions([oldVersion]);
      return row;
    } catch (error) {
      if (placed) await this.blobs.remove(version);
      else await this.blobs.discard(staged);
      throw error;
    }
  }

  /** An upload from a request body: checked, streamed to disk within the limit, then stored. */
  async write(claims: RequestClaims, req: WriteRequest, body: Readable): Promise<ObjectRow> {
    const bucket = await this.checkWrite(claims, req);
    const staged = await this.blobs.stage(body, this.sizeLimitOf(bucket));
    return this.commitWrite(claims, req, staged);
  }

  async find(claims: RequestClaims, bucket: string, key: string): Promise<ObjectRow> {
    const row = await this.as(claims, (tx) => rows.findObject(tx, bucket, key), true);
    if (!row) throw errors.noSuchKey();
    return row;
  }

  async remove(claims: RequestClaims, bucket: string, keys: string[]): Promise<ObjectRow[]> {
    const removed = await this.as(claims, (tx) => rows.deleteObjects(tx, bucket, keys));
    await this.removeVersions(removed.map((r) => r.version));
    return removed;
  }

  async move(
    claims: RequestClaims,
    from: { bucket: string; name: string },
    to: { bucket: string; name: string },
  ) {
    if (to.bucket !== from.bucket) await this.bucket(to.bucket);
    const moved = await this.as(claims, (tx) => rows.moveObject(tx, from, to, ownerOf(claims)));
    if (!moved) throw errors.noSuchKey();
    return moved;
  }

  async copy(
    claims: RequestClaims,
    from: { bucket: string; name: string },
    to: { bucket: string; name: string },
    options: { upsert: boolean; userMetadata?: Record<string, unknown> | null },
  ): Promise<ObjectRow> {
    const source = await this.find(claims, from.bucket, from.name);
    if (!source.version) throw errors.noSuchKey();
    const target = await this.bucket(to.bucket);
    const req: WriteRequest = {
      bucket: to.bucket,
      key: to.name,
      upsert: options.upsert,
      mimeType: source.metadata?.mimetype ?? 'application/octet-stream',
      cacheControl: source.metadata?.cacheControl ?? 'no-cache',
      userMetadata:
        options.userMetadata !== undefined ? options.userMetadata : source.user_metadata,
    };
    validateMimeType(req.mimeType, target.allowed_mime_types);
    const staged = await this.blobs.stageCopy(source.version);
    if (staged.size > this.sizeLimitOf(target)) {
      await this.blobs.discard(staged);
      throw errors.entityTooLarge(this.sizeLimitOf(target));
    }
    staged.eTag = source.metadata?.eTag ?? '';
    return this.commitWrite(claims, req, staged);
  }

  async emptyBucket(claims: RequestClaims, id: string) {
    await this.bucket(id);
    const removed = await this.as(claims, (tx) => rows.deleteAllObjects(tx, id));
    await this.removeVersions(removed.map((r) => r.version));
  }

  async deleteBucket(claims: RequestClaims, id: string) {
    await this.as(claims, async (tx) => {
      if (!(await rows.findBucket(tx, id))) throw errors.noSuchBucket();
      if (await rows.bucketHasObjects(tx, id)) throw errors.bucketNotEmpty();
      if ((await rows.deleteBucket(tx, id)) === 0) throw errors.noSuchBucket();
    });
  }

  /** Files whose rows are gone; a failure leaves an orphan file, never a row without bytes. */
  async removeVersions(versions: (string | null)[]) {
    for (const version of versions) {
      await this.blobs
        .remove(version)
        .catch((error: unknown) =>
          this.logger.warn({ err: error, version }, 'could not remove a stored object file'),
        );
    }
  }
}

export const metadataFor = (
  req: Pick<WriteRequest, 'mimeType' | 'cacheControl'>,
  size: number,
  eTag: string,
): ObjectMetadata => ({
  eTag,
  size,
  mimetype: req.mimeType,
  cacheControl: req.cacheControl,
  lastModified: new Date().toISOString(),
  contentLength: size,
  httpStatusCode: 200,
});

export { StorageError };

/**
 * The SQL of the Storage API: every statement on storage.buckets and storage.objects, each with
 * bind parameters only. They run inside `db.asRole(claims, …)` (rows the caller's policies let
 * them see or change) or, where hosted Storage reads as its superuser (a bucket's limits), on the
 * connection itself. Sort columns come from fixed lists, never from the request.
 */
import type { Queryable } from '../db/types.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: string;
  updated_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit, allowed_mime_types, type::text as type, created_at, updated_at';
const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** The sort columns hosted Storage offers, mapped to SQL written here. */
const BUCKET_SORT: Record<string, string> = {
  id: 'id',
  name: 'name',
  created_at: 'created_at',
  updated_at: 'updated_at',
};
const OBJECT_SORT: Record<string, string> = {
  name: 'name collate "C"',
  updated_at: 'updated_at',
  created_at: 'created_at',
  last_accessed_at: 'last_accessed_at',
};
const direction = (order: unknown) => (String(order).toLowerCase() === 'desc' ? 'desc' : 'asc');

/** `like` pattern for text that must match literally. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const findBucket = async (db: Queryable, id: string) =>
  (await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]))
    .rows[0];

export const listBuckets = async (
  db: Queryable,
  options: {
    limit?: number;
    offset?: number;
    search?: string;
    sortColumn?: string;
    sortOrder?: string;
  },
) => {
  const order = `${BUCKET_SORT[options.sortColumn ?? 'name'] ?? 'name'} ${direction(options.sortOrder)}`;
  return (
    await db.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
       where ($1::text is null or name ilike $1 escape '\\')
       order by ${order} limit $2 offset $3`,
      [
        options.search ? likePrefix(options.search) : null,
        options.limit ?? null,
        options.offset ?? 0,
      ],
    )
  ).rows;
};

export const insertBucket = (
  db: Queryable,
  bucket: {
    id: string;
    name: string;
    owner: string | null;
    public: boolean;
    fileSizeLimit: number | null;
    allowedMimeTypes: string[] | null;
  },
) =>
  db.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3::uuid, $3::text, $4, $5, $6)`,
    [
      bucket.id,
      bucket.name,
      bucket.owner,
      bucket.public,
      bucket.fileSizeLimit,
      bucket.allowedMimeTypes,
    ],
  );

export const updateBucket = async (
  db: Queryable,
  id: string,
  changes: { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null },
) =>
  (
    await db.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3 then $4 else file_size_limit end,
         allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
         updated_at = now()
       where id = $1 returning id`,
      [
        id,
        changes.public ?? null,
        changes.fileSizeLimit !== undefined,
        changes.fileSizeLimit ?? null,
        changes.allowedMimeTypes !== undefined,
        changes.allowedMimeTypes ?? null,
      ],
    )
  ).rowCount;

/** Storage's own deletes pass its guard (storage.protect_delete) for this transaction only. */
export const allowDeletes = (db: Queryable) =>
  db.query(`select set_config('storage.allow_delete_query', 'true', true)`);

export const deleteBucket = async (db: Queryable, id: string) => {
  await allowDeletes(db);
  return (await db.query('delete from storage.buckets where id = $1', [id])).rowCount;
};

export const bucketHasObjects = async (db: Queryable, id: string) =>
  (await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rowCount > 0;

export const findObject = async (db: Queryable, bucket: string, name: string) =>
  (
    await db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, name],
    )
  ).rows[0];

export const findObjectNames = async (db: Queryable, bucket: string, names: string[]) =>
  new Set(
    (
      await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucket, names],
      )
    ).rows.map((r) => r.name),
  );

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

export const insertObject = async (db: Queryable, o: NewObject) =>
  (
    await db.query<ObjectRow>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($1, $2, $3::uuid, $3::text, $4, $5, $6) returning ${OBJECT_COLUMNS}`,
      [o.bucket, o.name, o.owner, o.version, o.metadata, o.userMetadata],
    )
  ).rows[0]!;

/**
 * Points an existing object at a new version; returns the row and the version it replaced (the
 * row is locked first, so two writers in a row each see the other's version as the old one).
 */
export const replaceObject = async (db: Queryable, o: NewObject) =>
  (
    await db.query<ObjectRow & { old_version: string | null }>(
      `update storage.objects o set version = $3, metadata = $4, user_metadata = $5,
         owner = $6::uuid, owner_id = $6::text, last_accessed_at = now()
       from (select id, version as old_version from storage.objects
             where bucket_id = $1 and name = $2 for update) prev
       where o.id = prev.id
       returning ${OBJECT_COLUMNS.split(', ')
         .map((c) => `o.${c}`)
         .join(', ')}, prev.old_version`,
      [o.bucket, o.name, o.version, o.metadata, o.userMetadata, o.owner],
    )
  ).rows[0];

export const deleteObjects = async (db: Queryable, bucket: string, names: string[]) => {
  await allowDeletes(db);
  return (
    await db.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning ${OBJECT_COLUMNS}`,
      [bucket, names],
    )
  ).rows;
};

export const deleteAllObjects = async (db: Queryable, bucket: string) => {
  await allowDeletes(db);
  return (
    await db.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning version',
      [bucket],
    )
  ).rows;
};

export const moveObject = async (
  db: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
  owner: string | null,
) =>
  (
    await db.query<ObjectRow>(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5::uuid, owner_id = $5::text
       where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      [from.bucket, from.name, to.bucket, to.name, owner],
    )
  ).rows[0];

/** One folder level under `prefix` (storage.search's result: folders with null columns). */
export const listFolder = async (
  db: Queryable,
  bucket: string,
  options: {
    prefix: string;
    search: string;
    limit: number;
    offset: number;
    column: string;
    order: string;
  },
) => {
  const sort = OBJECT_SORT[options.column] ?? OBJECT_SORT.name!;
  return (
    await db.query(
      `with matched as (
         select substr(name, $3::int + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name like $2 escape '\\'
       ), entries as (
         select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matched where position('/' in rest) > 0 group by 1
         union all
         select rest, id, updated_at, created_at, last_accessed_at, metadata
         from matched where position('/' in rest) = 0
       )
       select * from entries where name <> '' and name like $4 escape '\\'
       order by ${sort} ${direction(options.order)}, name collate "C"
       limit $5 offset $6`,
      [
        bucket,
        likePrefix(options.prefix),
        options.prefix.length,
        likePrefix(options.search),
        options.limit,
        options.offset,
      ],
    )
  ).rows;
};

/** list-v2: keys after a cursor, flat or one level deep (folders as `<prefix><name>/`). */
export const listKeys = async (
  db: Queryable,
  bucket: string,
  options: {
    prefix: string;
    delimiter: boolean;
    after: string | null;
    limit: number;
    desc: boolean;
  },
) => {
  const cmp = options.desc ? '<' : '>';
  return (
    await db.query<{
      name: string;
      id: string | null;
      updated_at: string | null;
      created_at: string | null;
      last_accessed_at: string | null;
      metadata: ObjectMetadata | null;
    }>(
      `with matched as (
         select name, substr(name, $3::int + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name like $2 escape '\\'
       ), entries as (
         select $6::text || split_part(rest, '/', 1) || '/' as name, null::uuid as id,
                null::timestamptz as updated_at, null::timestamptz as created_at,
                null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matched where $4 and position('/' in rest) > 0 group by 1
         union all
         select name, id, updated_at, created_at, last_accessed_at, metadata
         from matched where not $4 or position('/' in rest) = 0
       )
       select * from entries
       where $5::text is null or name collate "C" ${cmp} $5::text collate "C"
       order by name collate "C" ${options.desc ? 'desc' : 'asc'} limit $7`,
      [
        bucket,
        likePrefix(options.prefix),
        options.prefix.length,
        options.delimiter,
        options.after,
        options.prefix,
        options.limit + 1,
      ],
    )
  ).rows;
};

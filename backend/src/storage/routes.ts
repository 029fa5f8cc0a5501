/**
 * Storage's HTTP surface under /storage/v1, route for route as supabase/storage serves what
 * storage-js 2.119 calls (src/http/routes/{bucket,object}). Paths are read from the raw URL
 * (bucket = first segment, key = the rest, percent-decoded once) and validated (keys.ts) before
 * anything else happens. Bodies of uploads are streams; JSON bodies are small.
 */
import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import type { NodeBindings } from '../http/node-listener.ts';
import { isDbError } from '../db/types.ts';
import { StorageError, errors, fromDbError } from './errors.ts';
import { bucketAndKey, decodePathPart, mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import * as rows from './object-rows.ts';
import type { ObjectRow } from './object-rows.ts';
import { SERVICE, ownerOf, requesterOf } from './requester.ts';
import { serveObject } from './serve-object.ts';
import type { StorageService, WriteRequest } from './service.ts';
import { mustBeExpiry, type UrlSigner } from './signed-urls.ts';
import { readUpload } from './upload-body.ts';
import { ImageRenderer, signedTransformClaims, transformFromBody } from './image-transform.ts';
import { renderRoutes } from './render-routes.ts';

export const STORAGE_BASE = '/storage/v1';

/** Hosted's default lifetime of a signed upload URL (UPLOAD_SIGNED_URL_EXPIRATION_TIME). */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;
/** At most this many keys per remove or createSignedUrls (hosted's MAX_OBJECTS_PER_REQUEST). */
const MAX_KEYS_PER_REQUEST = 1000;

/** The raw (still percent-encoded) path after `/storage/v1<prefix>`. */
const rawAfter = (c: Context, prefix: string) =>
  new URL(c.req.url).pathname.slice(STORAGE_BASE.length + prefix.length);

const jsonBody = async (c: Context): Promise<Record<string, unknown>> => {
  const text = await c.req.text();
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw errors.invalidRequest('Body is not a JSON object');
};

const stringArray = (value: unknown, name: string): string[] => {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw errors.invalidParameter(name, `${name} must be an array of strings`);
  }
  if (value.length === 0 || value.length > MAX_KEYS_PER_REQUEST) {
    throw errors.invalidParameter(name, `${name} must hold 1 to ${MAX_KEYS_PER_REQUEST} entries`);
  }
  return value as string[];
};

const optionalInt = (value: unknown, name: string, fallback: number) => {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw errors.invalidParameter(name);
  return n;
};

/** `file_size_limit` as hosted accepts it: bytes, or a string such as '50MB'. */
const parseSizeLimit = (value: unknown): number | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value || null;
  const match = typeof value === 'string' ? /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(value) : null;
  if (!match)
    throw new StorageError(
      422,
      'InvalidRequest',
      'Invalid file size format',
      'Invalid file size format',
    );
  const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
  return Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]! || null;
};

const mimeTypes = (value: unknown): string[] | null | undefined => {
  if (value === undefined || value === null) return value;
  return stringArray(value, 'allowed_mime_types').filter(Boolean);
};

const objectResult = (row: ObjectRow) => ({ Id: row.id, Key: `${row.bucket_id}/${row.name}` });

export const storageRoutes = (
  ctx: BackendContext,
  service: StorageService,
  signer: UrlSigner,
): Hono => {
  const app = new Hono();
  const who = (c: Context, optional = false) =>
    requesterOf(ctx.jwt, c.req.header('authorization'), { optional });

  app.onError((error, c) => {
    let failure: StorageError;
    if (error instanceof StorageError) failure = error;
    else if (isDbError(error)) failure = fromDbError(error);
    else {
      ctx.logger.error({ err: error }, 'storage request failed');
      failure = errors.internal();
    }
    return c.json(
      failure.render(),
      failure.httpStatus,
      failure.closeConnection ? { Connection: 'close' } : {},
    );
  });

  // ---- image transformation (render-routes.ts) ----
  app.route(
    '/render/image',
    renderRoutes({
      base: `${STORAGE_BASE}/render/image`,
      db: ctx.db,
      jwt: ctx.jwt,
      service,
      signer,
      renderer: new ImageRenderer((version) => service.blobs.rendersOf(version)),
    }),
  );

  // ---- buckets ----
  app.get('/bucket', async (c) => {
    const { claims } = await who(c);
    const q = c.req.query();
    const list = await service.as(
      claims,
      (tx) =>
        rows.listBuckets(tx, {
          limit: q.limit === undefined ? undefined : optionalInt(q.limit, 'limit', 0),
          offset: optionalInt(q.offset, 'offset', 0),
          search: q.search,
          sortColumn: q.sortColumn,
          sortOrder: q.sortOrder,
        }),
      true,
    );
    return c.json(list);
  });

  app.get('/bucket/:id', async (c) => {
    const { claims } = await who(c);
    const id = mustBeValidBucketName(c.req.param('id'));
    const bucket = await service.as(claims, (tx) => rows.findBucket(tx, id), true);
    if (!bucket) throw errors.noSuchBucket();
    return c.json(bucket);
  });

  app.post('/bucket', async (c) => {
    const { claims } = await who(c);
    const body = await jsonBody(c);
    const id = mustBeValidBucketName(body.id ?? body.name);
    const name = body.name === undefined ? id : mustBeValidBucketName(body.name);
    await service.as(claims, async (tx) => {
      if (await rows.findBucket(tx, id)) throw errors.bucketAlreadyExists();
      await rows.insertBucket(tx, {
        id,
        name,
        owner: ownerOf(claims),
        public: body.public === true,
        fileSizeLimit: parseSizeLimit(body.file_size_limit) ?? null,
        allowedMimeTypes: mimeTypes(body.allowed_mime_types) ?? null,
      });
    });
    return c.json({ name });
  });

  app.put('/bucket/:id', async (c) => {
    const { claims } = await who(c);
    const id = mustBeValidBucketName(c.req.param('id'));
    const body = await jsonBody(c);
    const updated = await service.as(claims, (tx) =>
      rows.updateBucket(tx, id, {
        public: typeof body.public === 'boolean' ? body.public : undefined,
        fileSizeLimit: parseSizeLimit(body.file_size_limit),
        allowedMimeTypes: mimeTypes(body.allowed_mime_types),
      }),
    );
    if (!updated) throw errors.noSuchBucket();
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const { claims } = await who(c);
    await service.emptyBucket(claims, mustBeValidBucketName(c.req.param('id')));
    return c.json({ message: 'Successfully emptied' });
  });

  app.delete('/bucket/:id', async (c) => {
    const { claims } = await who(c);
    await service.deleteBucket(claims, mustBeValidBucketName(c.req.param('id')));
    return c.json({ message: 'Successfully deleted' });
  });

  // ---- signed URLs ----
  app.post('/object/sign/*', async (c) => {
    const { claims } = await who(c);
    const rest = rawAfter(c, '/object/sign/');
    const body = await jsonBody(c);
    const expiresIn = mustBeExpiry(body.expiresIn);
    if (!rest.includes('/')) {
      const bucket = mustBeValidBucketName(decodePathPart(rest));
      const paths = stringArray(body.paths, 'paths');
      const visible = await service.as(
        claims,
        (tx) => rows.findObjectNames(tx, bucket, paths),
        true,
      );
      return c.json(
        await Promise.all(
          paths.map(async (path) =>
            visible.has(path)
              ? {
                  error: null,
                  path,
                  signedURL: `/object/sign/${bucket}/${path}?token=${await signer.sign({ url: `${bucket}/${path}`, scope: 'download' }, expiresIn)}`,
                }
              : {
                  error: 'Either the object does not exist or you do not have access to it',
                  path,
                  signedURL: null,
                },
          ),
        ),
      );
    }
    const { bucket, key } = bucketAndKey(rest);
    const transform = transformFromBody(body.transform);
    await service.find(claims, bucket, key);
    // With `transform` the URL is a rendition's (hosted: when image transformation is on).
    const rendition = Object.keys(transform).length > 0 ? signedTransformClaims(transform) : null;
    const token = await signer.sign(
      {
        url: `${bucket}/${key}`,
        scope: 'download',
        ...(rendition?.transformations ? { transformations: rendition.transformations } : {}),
        ...(rendition?.format ? { format: rendition.format } : {}),
      },
      expiresIn,
    );
    const base = rendition ? '/render/image' : '/object';
    return c.json({ signedURL: `${base}/sign/${bucket}/${key}?token=${token}` });
  });

  const signedDownload = async (c: Context, headOnly: boolean) => {
    const { bucket, key } = bucketAndKey(rawAfter(c, '/object/sign/'));
    const token = c.req.query('token');
    if (!token) throw errors.missingParameter('token');
    await signer.verify(token, `${bucket}/${key}`, 'download');
    return serveObject(c, service, await service.find(SERVICE, bucket, key), headOnly);
  };
  app.on('HEAD', '/object/sign/*', (c) => signedDownload(c, true));
  app.get('/object/sign/*', (c) => signedDownload(c, false));

  app.post('/object/upload/sign/*', async (c) => {
    const requester = await who(c);
    const { bucket, key } = bucketAndKey(rawAfter(c, '/object/upload/sign/'));
    const upsert = c.req.header('x-upsert') === 'true';
    const owner = ownerOf(requester.claims);
    await service.checkWrite(requester.claims, {
      bucket,
      key,
      upsert,
      mimeType: c.req.header('content-type') ?? 'application/octet-stream',
      cacheControl: 'no-cache',
      userMetadata: null,
    });
    const token = await signer.sign(
      { url: `${bucket}/${key}`, scope: 'upload', upsert, ...(owner ? { owner } : {}) },
      UPLOAD_URL_SECONDS,
    );
    return c.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
  });

  app.put('/object/upload/sign/*', async (c) => {
    const { bucket, key } = bucketAndKey(rawAfter(c, '/object/upload/sign/'));
    const token = c.req.query('token');
    if (!token) throw errors.missingParameter('token');
    const signed = await signer.verify(token, `${bucket}/${key}`, 'upload');
    const file = await readUpload(
      c.req.raw,
      (c.env as Partial<NodeBindings> | undefined)?.incoming,
    );
    const row = await service.write(
      SERVICE,
      {
        bucket,
        key,
        upsert: signed.upsert === true,
        owner: signed.owner ?? null,
        mimeType: file.mimeType,
        cacheControl: file.cacheControl,
        userMetadata: file.userMetadata,
      },
      file.stream,
    );
    await file.done;
    return c.json({ ...objectResult(row) });
  });

  // ---- listing ----
  app.post('/object/list/:bucket', async (c) => {
    const { claims } = await who(c);
    const bucket = mustBeValidBucketName(c.req.param('bucket'));
    const body = await jsonBody(c);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const list = await service.as(
      claims,
      (tx) =>
        rows.listFolder(tx, bucket, {
          prefix,
          search: typeof body.search === 'string' ? body.search : '',
          limit: Math.min(optionalInt(body.limit, 'limit', 100), 1000),
          offset: optionalInt(body.offset, 'offset', 0),
          column: String(sortBy.column ?? 'name'),
          order: String(sortBy.order ?? 'asc'),
        }),
      true,
    );
    return c.json(list);
  });

  app.post('/object/list-v2/:bucket', async (c) => {
    const { claims } = await who(c);
    const bucket = mustBeValidBucketName(c.req.param('bucket'));
    const body = await jsonBody(c);
    const limit = Math.min(Math.max(optionalInt(body.limit, 'limit', 1000), 1), 1000);
    const sortBy = (body.sortBy ?? {}) as { order?: unknown };
    let after: string | null = null;
    if (typeof body.cursor === 'string' && body.cursor) {
      try {
        after = String(JSON.parse(Buffer.from(body.cursor, 'base64url').toString('utf8')).after);
      } catch {
        throw errors.invalidParameter('cursor');
      }
    }
    const found = await service.as(
      claims,
      (tx) =>
        rows.listKeys(tx, bucket, {
          prefix: typeof body.prefix === 'string' ? body.prefix : '',
          delimiter: body.with_delimiter === true,
          after,
          limit,
          desc: String(sortBy.order).toLowerCase() === 'desc',
        }),
      true,
    );
    const hasNext = found.length > limit;
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return c.json({
      hasNext,
      nextCursor:
        hasNext && last
          ? Buffer.from(JSON.stringify({ after: last.name })).toString('base64url')
          : undefined,
      folders: page.filter((e) => e.id === null).map((e) => ({ key: e.name, name: e.name })),
      objects: page.filter((e) => e.id !== null).map((e) => ({ ...e, key: e.name })),
    });
  });

  // ---- move, copy ----
  const moveOrCopyKeys = (body: Record<string, unknown>) => {
    const bucket = mustBeValidBucketName(body.bucketId);
    return {
      from: { bucket, name: mustBeValidKey(body.sourceKey) },
      to: {
        bucket:
          body.destinationBucket == null ? bucket : mustBeValidBucketName(body.destinationBucket),
        name: mustBeValidKey(body.destinationKey),
      },
    };
  };

  app.post('/object/move', async (c) => {
    const { claims } = await who(c);
    const { from, to } = moveOrCopyKeys(await jsonBody(c));
    await service.move(claims, from, to);
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const { claims } = await who(c);
    const body = await jsonBody(c);
    const { from, to } = moveOrCopyKeys(body);
    const header = c.req.header('x-metadata');
    let userMetadata: Record<string, unknown> | null | undefined;
    if (body.copyMetadata === false) {
      userMetadata = (body.metadata as Record<string, unknown> | undefined) ?? null;
    }
    if (header) {
      try {
        userMetadata = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        throw errors.invalidRequest('Failed to parse metadata');
      }
    }
    const row = await service.copy(claims, from, to, {
      upsert: c.req.header('x-upsert') === 'true',
      userMetadata,
    });
    return c.json({ ...objectResult(row), ...row });
  });

  // ---- info ----
  const info = async (c: Context, prefix: string, publicOnly: boolean) => {
    const requester = await who(c, true);
    const { bucket, key } = bucketAndKey(rawAfter(c, prefix));
    const found = await rows.findBucket(ctx.db, bucket);
    if (!found || (!requester.authenticated && !found.public)) throw errors.noSuchBucket();
    const readAs = found.public || publicOnly ? SERVICE : requester.claims;
    if (publicOnly && !found.public) throw errors.noSuchBucket();
    return service.find(readAs, bucket, key);
  };
  const infoBody = (row: ObjectRow) => ({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
  app.get('/object/info/public/*', async (c) =>
    c.json(infoBody(await info(c, '/object/info/public/', true))),
  );
  app.get('/object/info/authenticated/*', async (c) =>
    c.json(infoBody(await info(c, '/object/info/authenticated/', false))),
  );
  app.get('/object/info/*', async (c) => c.json(infoBody(await info(c, '/object/info/', false))));

  // ---- downloads ----
  const publicDownload = async (c: Context, headOnly: boolean) => {
    const { bucket, key } = bucketAndKey(rawAfter(c, '/object/public/'));
    const found = await rows.findBucket(ctx.db, bucket);
    if (!found?.public) throw errors.noSuchBucket();
    return serveObject(c, service, await service.find(SERVICE, bucket, key), headOnly);
  };
  app.on('HEAD', '/object/public/*', (c) => publicDownload(c, true));
  app.get('/object/public/*', (c) => publicDownload(c, false));

  const authenticatedDownload = async (c: Context, prefix: string, headOnly: boolean) => {
    const { bucket, key } = bucketAndKey(rawAfter(c, prefix));
    if (headOnly) return serveObject(c, service, await info(c, prefix, false), true);
    const { claims } = await who(c);
    return serveObject(c, service, await service.find(claims, bucket, key), false);
  };
  app.on('HEAD', '/object/authenticated/*', (c) =>
    authenticatedDownload(c, '/object/authenticated/', true),
  );
  app.get('/object/authenticated/*', (c) =>
    authenticatedDownload(c, '/object/authenticated/', false),
  );

  // ---- upload, update, remove, and the generic download ----
  const upload = async (c: Context, method: 'POST' | 'PUT') => {
    const { claims } = await who(c);
    const { bucket, key } = bucketAndKey(rawAfter(c, '/object/'));
    const declared = Number(c.req.header('content-length'));
    const limit = service.sizeLimitOf(await service.bucket(bucket));
    if (
      Number.isFinite(declared) &&
      declared > limit &&
      !c.req.header('content-type')?.startsWith('multipart/')
    ) {
      throw errors.entityTooLarge(limit);
    }
    const file = await readUpload(
      c.req.raw,
      (c.env as Partial<NodeBindings> | undefined)?.incoming,
    );
    const req: WriteRequest = {
      bucket,
      key,
      upsert: method === 'PUT' || c.req.header('x-upsert') === 'true',
      mustExist: method === 'PUT',
      mimeType: file.mimeType,
      cacheControl: file.cacheControl,
      userMetadata: file.userMetadata,
    };
    try {
      const row = await service.write(claims, req, file.stream);
      await file.done;
      return c.json(objectResult(row));
    } catch (error) {
      file.stream.resume();
      throw error;
    }
  };
  app.post('/object/*', (c) => upload(c, 'POST'));
  app.put('/object/*', (c) => upload(c, 'PUT'));

  app.delete('/object/*', async (c) => {
    const { claims } = await who(c);
    const rest = rawAfter(c, '/object/');
    if (!rest.includes('/')) {
      const bucket = mustBeValidBucketName(decodePathPart(rest));
      const prefixes = stringArray((await jsonBody(c)).prefixes, 'prefixes');
      return c.json(await service.remove(claims, bucket, prefixes));
    }
    const { bucket, key } = bucketAndKey(rest);
    const removed = await service.remove(claims, bucket, [key]);
    if (removed.length === 0) throw errors.noSuchKey();
    return c.json({ message: 'Successfully deleted' });
  });

  app.on('HEAD', '/object/*', (c) => authenticatedDownload(c, '/object/', true));
  app.get('/object/*', (c) => authenticatedDownload(c, '/object/', false));

  app.notFound((c) =>
    c.json(
      {
        statusCode: '404',
        code: 'NotFound',
        error: 'Not Found',
        message: `Route ${c.req.method}:${c.req.path} not found`,
      },
      404,
    ),
  );
  return app;
};

/**
 * Storage's image transformation routes (supabase/storage src/http/routes/render), as
 * storage-js 2.119 calls them: `download(path, { transform })` asks
 * `GET /render/image/authenticated/<bucket>/<key>?width=…`, `getPublicUrl(path, { transform })`
 * `GET /render/image/public/…`, and `createSignedUrl(path, s, { transform })` gets a
 * `/render/image/sign/<bucket>/<key>?token=…` whose token carries the options. Access is decided
 * as for downloads: the requester's row-level security, the token, or a public bucket.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { JwtService } from '../auth/jwt.ts';
import { bucketAndKey } from './keys.ts';
import * as rows from './object-rows.ts';
import type { ObjectRow } from './object-rows.ts';
import { SERVICE, requesterOf } from './requester.ts';
import type { Db } from '../db/types.ts';
import { errors } from './errors.ts';
import { transformFromClaims, transformFromQuery } from './image-transform.ts';
import type { ImageRenderer, TransformOptions } from './image-transform.ts';
import type { StorageService } from './service.ts';
import type { UrlSigner } from './signed-urls.ts';

/** RFC 6266, as downloads name their file. */
const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

export const renderRoutes = (deps: {
  /** The routes' own path from the server's root (`/storage/v1/render/image`). */
  base: string;
  db: Db;
  jwt: JwtService;
  service: StorageService;
  signer: UrlSigner;
  renderer: ImageRenderer;
}): Hono => {
  const { base, db, jwt, service, signer, renderer } = deps;
  const app = new Hono();

  const target = (c: Context, kind: string) =>
    bucketAndKey(new URL(c.req.url).pathname.slice(`${base}/${kind}/`.length));

  const send = async (c: Context, row: ObjectRow, options: TransformOptions, expires?: number) => {
    if (!row.version || (await service.blobs.size(row.version)) === undefined) {
      throw errors.noSuchKey();
    }
    const rendition = await renderer.render(
      service.blobs.pathOf(row.version),
      row.version,
      options,
      c.req.header('accept') ?? '',
    );
    const headers: Record<string, string> = {
      'Content-Type': rendition.contentType,
      'Content-Length': String(rendition.size),
      'Cache-Control': row.metadata?.cacheControl ?? 'no-cache',
      ETag: rendition.eTag,
      'Last-Modified': new Date(row.metadata?.lastModified ?? row.updated_at).toUTCString(),
      // The format follows Accept unless one was asked for.
      Vary: 'Accept',
    };
    if (expires) headers.Expires = new Date(expires * 1000).toUTCString();
    const download = c.req.query('download');
    if (download !== undefined) {
      headers['Content-Disposition'] = attachment(
        download || (row.name.split('/').at(-1) ?? row.name),
      );
    }
    if (c.req.header('if-none-match') === rendition.eTag) {
      delete headers['Content-Length'];
      return new Response(null, { status: 304, headers });
    }
    const stream = Readable.toWeb(fs.createReadStream(rendition.file)) as ReadableStream;
    return new Response(stream, { status: 200, headers });
  };

  app.get('/authenticated/*', async (c) => {
    const options = transformFromQuery(c.req.query());
    const { claims } = await requesterOf(jwt, c.req.header('authorization'));
    const { bucket, key } = target(c, 'authenticated');
    return send(c, await service.find(claims, bucket, key), options);
  });

  app.get('/public/*', async (c) => {
    const options = transformFromQuery(c.req.query());
    const { bucket, key } = target(c, 'public');
    const found = await rows.findBucket(db, bucket);
    if (!found?.public) throw errors.noSuchBucket();
    return send(c, await service.find(SERVICE, bucket, key), options);
  });

  app.get('/sign/*', async (c) => {
    const { bucket, key } = target(c, 'sign');
    const token = c.req.query('token');
    if (!token) throw errors.missingParameter('token');
    const signed = await signer.verify(token, `${bucket}/${key}`, 'download');
    return send(
      c,
      await service.find(SERVICE, bucket, key),
      transformFromClaims(signed.transformations, signed.format),
      signed.exp,
    );
  });

  return app;
};

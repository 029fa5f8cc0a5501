/**
 * The Storage API (`/storage/v1`): what storage-js 2.119 calls, on the tables hosted Storage
 * keeps (storage.buckets, storage.objects, created by db/bootstrap.sql) and files under
 * STORAGE_DIR. See docs/backend.md "Storage".
 */
import path from 'node:path';
import os from 'node:os';
import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { BlobStore } from './blob-store.ts';
import { createResumableUploads } from './resumable.ts';
import { storageRoutes } from './routes.ts';
import { StorageService } from './service.ts';
import { createUrlSigner } from './signed-urls.ts';

/** The folder of the bytes: STORAGE_DIR, else DATA_DIR/storage, else (in-memory PGlite) a temporary one. */
export const storageDirOf = (config: BackendContext['config']) =>
  config.storageDir ??
  (config.dataDir
    ? path.join(config.dataDir, 'storage')
    : path.join(os.tmpdir(), `taskflow-storage-${process.pid}-${config.port}`));

/** The Storage API apart from HTTP, for the routes and for workers that remove objects. */
export const createStorageService = (ctx: Pick<BackendContext, 'config' | 'db' | 'logger'>) =>
  new StorageService(
    ctx.db,
    new BlobStore(storageDirOf(ctx.config)),
    ctx.config.storageFileSizeLimit,
    ctx.logger,
  );

export const storageApp = (ctx: BackendContext): Hono => {
  const dir = storageDirOf(ctx.config);
  const service = createStorageService(ctx);
  const resumable = createResumableUploads(ctx.jwt, service, dir, ctx.config.storageFileSizeLimit);
  const app = new Hono();
  app.all('/upload/resumable', (c) => resumable.handle(c.req.raw));
  app.all('/upload/resumable/*', (c) => resumable.handle(c.req.raw));
  app.route('/', storageRoutes(ctx, service, createUrlSigner(ctx.config.jwtSecret)));
  return app;
};

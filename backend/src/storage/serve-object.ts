/**
 * An object's bytes as a response: the headers hosted Storage sends (content type, cache
 * control, ETag, Last-Modified, length), a single byte range (`Range: bytes=a-b`, `a-`, `-n`)
 * as 206, `If-None-Match` as 304, and `?download[=name]` as an attachment. The file is streamed.
 */
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { StorageError, errors } from './errors.ts';
import type { ObjectRow } from './object-rows.ts';
import type { StorageService } from './service.ts';

const parseRange = (
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
};

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

export const serveObject = async (
  c: Context,
  service: StorageService,
  row: ObjectRow,
  headOnly: boolean,
): Promise<Response> => {
  const size = row.version ? await service.blobs.size(row.version) : undefined;
  if (size === undefined || !row.version) throw errors.noSuchKey();
  const meta = row.metadata;
  const headers: Record<string, string> = {
    'Content-Type': meta?.mimetype ?? 'application/octet-stream',
    'Cache-Control': meta?.cacheControl ?? 'no-cache',
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(meta?.lastModified ?? row.updated_at).toUTCString(),
  };
  if (meta?.eTag) headers.ETag = meta.eTag;
  const download = c.req.query('download');
  if (download !== undefined) {
    headers['Content-Disposition'] = attachment(
      download || (row.name.split('/').at(-1) ?? row.name),
    );
  }
  if (meta?.eTag && c.req.header('if-none-match') === meta.eTag) {
    return new Response(null, { status: 304, headers });
  }

  const rangeHeader = c.req.header('range');
  const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
  if (range === 'unsatisfiable') {
    const failure = new StorageError(
      416,
      'InvalidRange',
      'invalid range provided',
      'invalid_range',
    );
    return c.json(failure.render(), 416, { 'Content-Range': `bytes */${size}` });
  }
  const status = range ? 206 : 200;
  headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  if (headOnly) return new Response(null, { status, headers });
  const stream = service.blobs.read(row.version, range);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
};

/**
 * Storage's image transformation (`/render/image`), done locally with sharp where hosted
 * Storage asks imgproxy (supabase/storage src/storage/renderer/image.ts):
 *
 * - options as storage-js 2.119 sends them: `width`, `height` (whole pixels, clamped to
 *   1–2000 as hosted's IMAGE_TRANSFORMATION_LIMIT_MIN/MAX_SIZE), `resize` (`cover`, the default,
 *   crops to fill the box; `contain` fits inside it; `fill` stretches), `quality` (20–100,
 *   default 80) and `format` (`origin` keeps the source's format; otherwise WebP when the
 *   client's Accept header takes it, as hosted's automatic optimisation does, or AVIF/WebP when
 *   asked for); anything else is Storage's InvalidRequest;
 * - signed URLs carry the options in the token as hosted writes them
 *   (`height:…,width:…,resize:…,quality:…`, plus `format`);
 * - renditions are cached on disk under STORAGE_DIR/renders/<object version>/ by their options,
 *   so a tile's cover is rendered once per version; a new version (upsert) renders anew, and
 *   removing a version removes its renditions (BlobStore.remove).
 * Never enlarges: a picture smaller than the box is sent at its own size.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { StorageError, errors } from './errors.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
}

const SIZE = { min: 1, max: 2000 };
const DEFAULT_QUALITY = 80;
const RESIZES = ['cover', 'contain', 'fill'] as const;
const FORMATS = ['origin', 'avif', 'webp'] as const;

/** As hosted answers a query its schema refuses (Fastify validation → InvalidRequest). */
const invalid = (message: string) => errors.invalidRequest(`querystring/${message}`);

const integer = (name: string, raw: string | undefined, min: number, max?: number) => {
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw invalid(`${name} must be integer`);
  const value = Number(raw);
  if (value < min) throw invalid(`${name} must be >= ${min}`);
  if (max !== undefined && value > max) throw invalid(`${name} must be <= ${max}`);
  return value;
};

const oneOf = <T extends string>(name: string, raw: string | undefined, allowed: readonly T[]) => {
  if (raw === undefined || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw invalid(`${name} must be equal to one of the allowed values`);
  }
  return raw as T;
};

/** The options of `/render/image/authenticated|public/...?width=…` (unknown names are ignored). */
export const transformFromQuery = (query: Record<string, string | undefined>): TransformOptions => {
  const options: TransformOptions = {
    width: integer('width', query.width, 0),
    height: integer('height', query.height, 0),
    resize: oneOf('resize', query.resize, RESIZES),
    format: oneOf('format', query.format, FORMATS),
    quality: integer('quality', query.quality, 20, 100),
  };
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as TransformOptions;
};

/** The `transform` of a createSignedUrl body, checked as the query is. */
export const transformFromBody = (value: unknown): TransformOptions => {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('transform must be object');
  const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const body = value as Record<string, unknown>;
  return transformFromQuery({
    width: text(body.width),
    height: text(body.height),
    resize: text(body.resize),
    format: text(body.format),
    quality: text(body.quality),
  });
};

const clamp = (value: number) => Math.min(Math.max(value, SIZE.min), SIZE.max);

/** The claims a signed render URL carries, as hosted signs them (applyTransformation(…, true)). */
export const signedTransformClaims = (options: TransformOptions) => {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${clamp(options.height)}`);
  if (options.width) parts.push(`width:${clamp(options.width)}`);
  if ((options.width || options.height) && options.resize) parts.push(`resize:${options.resize}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`);
  return { transformations: parts.join(','), format: options.format ?? '' };
};

/** The options back from a signed token's claims (hosted's setTransformationsFromString). */
export const transformFromClaims = (
  transformations: unknown,
  format: unknown,
): TransformOptions => {
  const options: TransformOptions = {};
  for (const part of String(transformations ?? '').split(',')) {
    const [name, value] = part.split(':');
    if (!value) continue;
    if (name === 'width') options.width = Number.parseInt(value, 10);
    else if (name === 'height') options.height = Number.parseInt(value, 10);
    else if (name === 'quality') options.quality = Number.parseInt(value, 10);
    else if (name === 'resize' && (RESIZES as readonly string[]).includes(value))
      options.resize = value as TransformOptions['resize'];
    else if (name === 'format' && (FORMATS as readonly string[]).includes(value))
      options.format = value as TransformOptions['format'];
  }
  if (typeof format === 'string' && (FORMATS as readonly string[]).includes(format)) {
    options.format = format as TransformOptions['format'];
  }
  return options;
};

type Output = 'webp' | 'avif' | 'jpeg' | 'png' | 'gif';

const CONTENT_TYPES: Record<Output, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** What to encode: the asked format, else WebP for a client that takes it, else the source's. */
const outputFormat = (options: TransformOptions, accept: string, source: string | undefined) => {
  if (options.format === 'webp' || options.format === 'avif') return options.format;
  if (options.format !== 'origin' && /image\/webp/i.test(accept)) return 'webp';
  if (source === 'jpeg' || source === 'png' || source === 'webp' || source === 'gif') return source;
  if (source === 'heif') return 'avif';
  return 'png';
};

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

export interface Rendition {
  file: string;
  contentType: string;
  size: number;
  /** Differs per version and options, so a cached copy of another size is never taken for it. */
  eTag: string;
}

const unsupported = () =>
  new StorageError(
    400,
    'InvalidRequest',
    'The source image is invalid or unsupported for rendering',
    'InvalidRequest',
  );

export class ImageRenderer {
  /** `dirOf`: where the renditions of one object version live (BlobStore.rendersOf). */
  constructor(private readonly dirOf: (version: string) => string) {}

  /**
   * The rendition of `source` (the version's file) for these options and Accept header, from
   * the cache or made now. The cache key names the output format, so WebP for one client and
   * the original format for another do not mix.
   */
  async render(
    source: string,
    version: string,
    options: TransformOptions,
    accept: string,
  ): Promise<Rendition> {
    let meta: Metadata;
    try {
      meta = await sharp(source).metadata();
    } catch {
      throw unsupported();
    }
    const format = outputFormat(options, accept, meta.format);
    const width = options.width ? clamp(options.width) : undefined;
    const height = options.height ? clamp(options.height) : undefined;
    const resize = options.resize ?? 'cover';
    const quality = options.quality ?? DEFAULT_QUALITY;
    const key = createHash('sha256')
      .update(JSON.stringify([width, height, resize, quality, format]))
      .digest('hex')
      .slice(0, 32);
    const dir = this.dirOf(version);
    const file = path.join(dir, `${key}.${format}`);
    const eTag = `"${version.slice(0, 8)}-${key.slice(0, 16)}"`;
    const contentType = CONTENT_TYPES[format];
    try {
      return { file, contentType, eTag, size: (await fs.stat(file)).size };
    } catch {
      // not rendered yet
    }

    let pipeline = sharp(source, { animated: format === 'gif' || format === 'webp' }).rotate();
    if (width || height) {
      pipeline = pipeline.resize({ width, height, fit: FIT[resize], withoutEnlargement: true });
    }
    pipeline =
      format === 'webp'
        ? pipeline.webp({ quality })
        : format === 'avif'
          ? pipeline.avif({ quality })
          : format === 'jpeg'
            ? pipeline.jpeg({ quality, mozjpeg: true })
            : format === 'png'
              ? pipeline.png()
              : pipeline.gif();
    let bytes: Buffer;
    try {
      bytes = await pipeline.toBuffer();
    } catch {
      throw unsupported();
    }
    // Written aside and renamed: two requests rendering the same picture both end with a whole file.
    await fs.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${randomUUID()}`);
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
    return { file, contentType, eTag, size: bytes.length };
  }
}

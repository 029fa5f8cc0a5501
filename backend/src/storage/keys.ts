/**
 * Which bucket names and object keys the API accepts. The character sets are hosted Storage's
 * (supabase/storage src/storage/limits.ts: S3-safe characters only, so no backslash, NUL or
 * control character); on top, a key may not climb or be absolute (`..`, `.`, a leading or
 * doubled `/`), whatever its percent-encoding was. Keys never name files on disk (blob-store.ts
 * names them by version), so this guards the names policies and clients see.
 */
import { errors } from './errors.ts';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
/** S3's limit, which hosted Storage inherits. */
const MAX_KEY_BYTES = 1024;

export const mustBeValidBucketName = (name: unknown): string => {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100) {
    throw errors.invalidBucketName();
  }
  if (!VALID_BUCKET_NAME.test(name) || name === '.' || name === '..') {
    throw errors.invalidBucketName();
  }
  return name;
};

export const mustBeValidKey = (key: unknown): string => {
  if (typeof key !== 'string' || key.length === 0) throw errors.invalidKey(String(key ?? ''));
  const valid =
    VALID_OBJECT_KEY.test(key) &&
    Buffer.byteLength(key) <= MAX_KEY_BYTES &&
    !key.startsWith('/') &&
    key.split('/').every((segment, i, all) => {
      if (segment === '.' || segment === '..') return false;
      // A trailing slash marks a folder placeholder; an empty segment elsewhere is '//'.
      return segment !== '' || i === all.length - 1;
    });
  if (!valid) throw errors.invalidKey(key);
  return key;
};

/** Percent-decodes one path part; malformed encodings are an invalid key, not a crash. */
export const decodePathPart = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errors.invalidKey(raw);
  }
};

/**
 * Splits `<bucket>/<key…>` as it follows a route prefix in the raw (still encoded) URL path.
 * The bucket is the first segment; the key is the rest, decoded once.
 */
export const bucketAndKey = (rawRest: string): { bucket: string; key: string } => {
  const slash = rawRest.indexOf('/');
  const bucket = mustBeValidBucketName(
    decodePathPart(slash < 0 ? rawRest : rawRest.slice(0, slash)),
  );
  const key = mustBeValidKey(slash < 0 ? '' : decodePathPart(rawRest.slice(slash + 1)));
  return { bucket, key };
};

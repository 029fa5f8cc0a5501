/**
 * Storage's error vocabulary, as supabase/storage renders it (src/internal/errors): the body is
 * `{statusCode, code, error, message}` with `statusCode` the error's own status as a string, and
 * the HTTP status is 400 for every client error (500 stays 500). storage-js reads `statusCode`,
 * `code` and `message` from the body; `exists()` tells a missing object by `code: 'NoSuchKey'`.
 */
import type { DbError } from '../db/types.ts';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Storage's older `error` field; the code when unset. */
    readonly error: string = code,
    /** The unread rest of a refused upload body makes the connection unusable. */
    readonly closeConnection = false,
  ) {
    super(message);
  }

  render() {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }

  get httpStatus(): 400 | 500 {
    return this.status === 500 ? 500 : 400;
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  noSuchUpload: () => new StorageError(404, 'NoSuchUpload', 'Upload not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  accessDenied: (message = 'Access denied') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  rlsDenied: () =>
    new StorageError(
      403,
      'AccessDenied',
      'new row violates row-level security policy',
      'Unauthorized',
    ),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  entityTooLarge: (limit?: number) =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The object exceeded the maximum allowed size${limit === undefined ? '' : ` of ${limit} bytes`}`,
      'Payload too large',
      true,
    ),
  invalidRange: () =>
    new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message = `Invalid Parameter ${name}`) =>
    new StorageError(400, 'InvalidParameter', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  aborted: () => new StorageError(400, 'Aborted', 'The upload was aborted', 'Aborted', true),
  internal: () => new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
};

/** A database refusal in Storage's words (supabase/storage src/storage/database/errors.ts). */
export const fromDbError = (error: DbError): StorageError => {
  switch (error.code) {
    case '42501':
      return error.message.includes('row-level security')
        ? errors.rlsDenied()
        : errors.accessDenied(error.message);
    case '23505':
      return new StorageError(
        409,
        'ResourceAlreadyExists',
        'The resource already exists',
        'Duplicate',
      );
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out');
    case '22P02':
      return errors.invalidParameter('value', 'Invalid value format or type conversion failed');
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`);
  }
};

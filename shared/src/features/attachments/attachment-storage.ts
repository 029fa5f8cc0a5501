// The bytes of attachments, through the real Storage client (@supabase/storage-js). Loaded on
// demand: the page's supabase-js leaves its storage client out (kernel/backend/
// left-out-clients.ts), so this module makes its own with the same URL, key and session.
import { StorageClient } from '@supabase/storage-js';
import { backendSettings } from '../../kernel/backend/backend-config';
import { getSupabase } from '../../kernel/backend/supabase-client';
import { ATTACHMENTS_BUCKET } from './attachment-rules';

/** An hour: long enough for a preview left open, short enough that a leaked link dies. */
const SIGNED_URL_SECONDS = 3600;

/** Why a transfer failed, in the terms the user is told about. */
export type StorageFailure = 'tooLarge' | 'aborted' | 'failed';

export class AttachmentStorageError extends Error {
  constructor(readonly reason: StorageFailure) {
    super(reason);
    this.name = 'AttachmentStorageError';
  }
}

const bucket = async () => {
  const { url, anonKey } = backendSettings();
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token ?? anonKey;
  const client = new StorageClient(`${url}/storage/v1`, {
    apikey: anonKey,
    Authorization: `Bearer ${token}`,
  });
  return client.from(ATTACHMENTS_BUCKET);
};

/** Storage answers 413 (or its JSON says "Payload too large") for a file over the limit. */
const failureOf = (status: number, body: string): StorageFailure =>
  status === 413 || /too large|exceeded the maximum/i.test(body) ? 'tooLarge' : 'failed';

/**
 * Stores `file` as `path`, reporting progress as a fraction. storage-js has no progress
 * callback, so the bytes go by XMLHttpRequest to a signed upload URL (storage-js makes it, for
 * the signed-in user, whose insert policy decides). Aborting `signal` stops the transfer.
 */
export const uploadObject = async (
  path: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> => {
  const { data, error } = await (await bucket()).createSignedUploadUrl(path);
  if (error || !data) throw new AttachmentStorageError('failed');
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    if (signal.aborted) {
      reject(new AttachmentStorageError('aborted'));
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    const settle = (result: 'ok' | StorageFailure) => {
      signal.removeEventListener('abort', abort);
      if (result === 'ok') resolve();
      else reject(new AttachmentStorageError(result));
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      settle(
        request.status >= 200 && request.status < 300
          ? 'ok'
          : failureOf(request.status, String(request.responseText)),
      );
    request.onerror = () => settle('failed');
    request.onabort = () => settle('aborted');
    request.open('PUT', data.signedUrl);
    request.setRequestHeader('x-upsert', 'false');
    request.setRequestHeader('cache-control', 'max-age=3600');
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.send(file);
  });
};

/** A link to open the file (or, with `download`, to save it under its name). */
export const signedUrl = async (path: string, download?: string): Promise<string> => {
  const { data, error } = await (
    await bucket()
  ).createSignedUrl(path, SIGNED_URL_SECONDS, download ? { download } : undefined);
  if (error || !data) throw new AttachmentStorageError('failed');
  return data.signedUrl;
};

/**
 * A small rendition of an image (Storage's image transformation: `/render/image` on a hosted
 * project, sharp in the local backend), so a tile or a list never loads the full-size photo.
 */
export const thumbnailUrl = async (
  path: string,
  width: number,
  height: number,
): Promise<string> => {
  const { data, error } = await (
    await bucket()
  ).createSignedUrl(path, SIGNED_URL_SECONDS, {
    transform: { width, height, resize: 'cover', quality: 70 },
  });
  if (error || !data) throw new AttachmentStorageError('failed');
  return data.signedUrl;
};

/** Signed renditions already asked for, by path and size, until shortly before they expire. */
const renditions = new Map<string, { url: Promise<string>; until: number }>();

/**
 * The cover of a tile: one signed rendition per image and size, asked for once while it is
 * valid, so that a tile scrolled out of view and back (the list is windowed) signs nothing new.
 */
export const coverUrl = (path: string, width: number, height: number): Promise<string> => {
  const key = `${width}x${height}:${path}`;
  const known = renditions.get(key);
  if (known && known.until > Date.now()) return known.url;
  const url = thumbnailUrl(path, width, height);
  renditions.set(key, { url, until: Date.now() + (SIGNED_URL_SECONDS - 300) * 1000 });
  url.catch(() => renditions.delete(key));
  return url;
};

/** Removes stored objects (an upload whose row was refused); the policy decides. */
export const removeObjects = async (paths: string[]): Promise<void> => {
  const { error } = await (await bucket()).remove(paths);
  if (error) throw new AttachmentStorageError('failed');
};

/**
 * The bytes of objects, in files under one folder (STORAGE_DIR, by default DATA_DIR/storage).
 *
 * A file is named by the object's `version` (a UUID the server makes for every write), never by
 * anything a client sent: keys, buckets and `..` cannot reach the disk. A write goes to
 * `tmp/<uuid>` first, is fsynced, and is renamed into `objects/<v0><v1>/<version>` only once it
 * is complete and within its limit, so a reader never sees half a file and a failed or aborted
 * upload leaves nothing behind. An upsert writes a new version and removes the old one after the
 * database row points at the new one. Several backend processes on one PostgreSQL can share the
 * folder: the database row decides which version is current, and renames are atomic.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { errors } from './errors.ts';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StagedBlob {
  /** The file in tmp/ that commit() renames into place. */
  tempPath: string;
  size: number;
  /** Quoted MD5 of the bytes, as Storage's file backend reports it. */
  eTag: string;
}

class LimitExceeded extends Error {}

/**
 * Bytes per read and buffered write. Node's defaults (64 KB reads, 16 KB write buffer) cost a
 * web-stream hop, a copy and a syscall per chunk: 1,600 of each for 100 MB, which bounded
 * downloads at a fraction of the disk's speed (bench:storage, docs/backend.md "Storage").
 */
const IO_CHUNK = 1024 * 1024;

export class BlobStore {
  constructor(readonly root: string) {}

  private get tmpDir() {
    return path.join(this.root, 'tmp');
  }

  /** Where a version lives; a version that is not a server-made UUID is refused. */
  pathOf(version: string): string {
    if (!VERSION.test(version)) throw errors.noSuchKey();
    return path.join(this.root, 'objects', version.slice(0, 2), version);
  }

  /** The folder of a version's image renditions (image-transform.ts), removed with it. */
  rendersOf(version: string): string {
    if (!VERSION.test(version)) throw errors.noSuchKey();
    return path.join(this.root, 'renders', version.slice(0, 2), version);
  }

  newVersion(): string {
    return randomUUID();
  }

  /**
   * Streams `body` into a temporary file, counting and hashing; more than `maxBytes` stops the
   * stream and removes the file (413), as does any failure or abort of the body.
   */
  async stage(body: Readable, maxBytes: number): Promise<StagedBlob> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tempPath = path.join(this.tmpDir, randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new LimitExceeded());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const file = createWriteStream(tempPath, { flags: 'wx', highWaterMark: IO_CHUNK });
    try {
      await pipeline(body, meter, file);
      await this.fsyncFile(tempPath);
    } catch (error) {
      await fs.rm(tempPath, { force: true });
      if (error instanceof LimitExceeded) throw errors.entityTooLarge(maxBytes);
      throw error;
    }
    return { tempPath, size, eTag: `"${hash.digest('hex')}"` };
  }

  /** Moves a staged file into place as `version` (atomic: same file system, one rename). */
  async commit(staged: StagedBlob, version: string): Promise<void> {
    const target = this.pathOf(version);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(staged.tempPath, target);
    await this.fsyncDir(path.dirname(target));
  }

  async discard(staged: StagedBlob): Promise<void> {
    await fs.rm(staged.tempPath, { force: true });
  }

  /** Copies a version's bytes to a new staged file (for copy()). */
  async stageCopy(version: string): Promise<StagedBlob> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tempPath = path.join(this.tmpDir, randomUUID());
    await fs.copyFile(this.pathOf(version), tempPath);
    await this.fsyncFile(tempPath);
    const { size } = await fs.stat(tempPath);
    return { tempPath, size, eTag: '' };
  }

  /** Takes over a finished file from elsewhere on the same disk (the TUS store's). */
  async adopt(file: string, version: string): Promise<void> {
    await this.commit({ tempPath: file, size: 0, eTag: '' }, version);
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !VERSION.test(version)) return;
    await fs.rm(this.pathOf(version), { force: true });
    await fs.rm(this.rendersOf(version), { recursive: true, force: true });
  }

  async size(version: string): Promise<number | undefined> {
    try {
      return (await fs.stat(this.pathOf(version))).size;
    } catch {
      return undefined;
    }
  }

  read(version: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(version), { ...range, highWaterMark: IO_CHUNK });
  }

  private async fsyncFile(file: string) {
    const handle = await fs.open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  private async fsyncDir(dir: string) {
    // Directories cannot be opened for fsync on Windows; the rename is still atomic there.
    if (process.platform === 'win32') return;
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

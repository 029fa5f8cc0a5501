/**
 * The attachment removal worker inside the backend: every tick it purges the cards whose undo
 * window is over and what the archive holds longer than 30 days, deleted boards included
 * (private.purge_deleted_cards and private.purge_archived; their triggers run them only when
 * another card is deleted or archived, so a board where nobody does that again would keep them
 * and their files forever), then removes the due files of the removal queue (./removal.ts) through the
 * Storage service as the service role, the same code path as `DELETE /storage/v1/object`.
 * Several backend processes on one PostgreSQL may all run it: the queue's claim gives each path
 * to one of them.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types.ts';
import { SERVICE } from '../storage/requester.ts';
import type { StorageService } from '../storage/service.ts';
import { ATTACHMENTS_BUCKET, runRemovalRound, type RemovalQueue } from './removal.ts';

export interface AttachmentRemovalWorkerOptions {
  db: Db;
  storage: StorageService;
  logger: Logger;
  /** How often the worker looks; 0 runs nothing on its own (tests call `tick`). */
  intervalMs: number;
}

export interface AttachmentRemovalWorker {
  /** One round now; resolves to the object paths this worker removed. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

export const localRemovalQueue = (db: Db, storage: StorageService): RemovalQueue => ({
  claim: async (limit) =>
    (
      await db.query<{ path: string }>(
        'select public.claim_attachment_objects_to_remove($1) as path',
        [limit],
      )
    ).rows.map((row) => row.path),
  remove: async (paths) => {
    await storage.remove(SERVICE, ATTACHMENTS_BUCKET, paths);
  },
  complete: async (paths) => {
    await db.query('select public.complete_attachment_object_removal($1::text[])', [paths]);
  },
});

export const startAttachmentRemovalWorker = (
  options: AttachmentRemovalWorkerOptions,
): AttachmentRemovalWorker => {
  const { db, logger } = options;
  const queue = localRemovalQueue(db, options.storage);
  let running: Promise<string[]> | undefined;
  let stopped = false;

  const round = async () => {
    await db.query('select private.purge_deleted_cards(), private.purge_archived()');
    return runRemovalRound(queue);
  };

  // One round at a time per process.
  const tick = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          if (stopped) return;
          tick().catch((error: unknown) =>
            logger.warn({ err: error }, 'attachment removal round failed; retried next round'),
          );
        }, options.intervalMs)
      : undefined;
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};

/**
 * One round of the attachment removal (issue 24): the files of deleted attachments, cards and
 * boards leave Storage once their undo window is over. The database keeps the queue
 * (private.attachment_objects_to_remove, filled by a trigger when a card_attachments row goes);
 * this module only drives it, through three calls the local backend's worker and the hosted
 * Edge Function (supabase/functions/attachment-removal) provide each in their own way:
 *
 * - `claim`: public.claim_attachment_objects_to_remove leases due paths (SKIP LOCKED, so each
 *   path goes to one worker however many run);
 * - `remove`: the Storage API deletes the objects (hosted forbids deleting storage.objects rows
 *   in SQL; its own code path also deletes the bytes);
 * - `complete`: public.complete_attachment_object_removal takes the removed paths off the queue.
 *
 * A failed removal leaves its paths queued: the lease runs out and a later round tries again.
 * Removing an object that is gone already removes nothing, so a retry is harmless.
 *
 * No Node-only imports: the Edge Function runs this file in Deno.
 */

export const ATTACHMENTS_BUCKET = 'attachments';

/** Paths per claim: one Storage remove call takes at most 1,000 keys. */
export const REMOVAL_BATCH = 100;

export interface RemovalQueue {
  claim(limit: number): Promise<string[]>;
  remove(paths: string[]): Promise<void>;
  complete(paths: string[]): Promise<void>;
}

/**
 * Claims and removes batches until nothing is due; resolves to the paths this caller removed.
 * A batch whose removal fails ends the round (its paths wait out their lease).
 */
export const runRemovalRound = async (
  queue: RemovalQueue,
  { batch = REMOVAL_BATCH, maxBatches = 50 } = {},
): Promise<string[]> => {
  const removed: string[] = [];
  for (let round = 0; round < maxBatches; round += 1) {
    const paths = await queue.claim(batch);
    if (paths.length === 0) break;
    await queue.remove(paths);
    await queue.complete(paths);
    removed.push(...paths);
    if (paths.length < batch) break;
  }
  return removed;
};

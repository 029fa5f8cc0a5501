/**
 * Who may use a private channel, decided by row-level security on `realtime.messages`, as
 * hosted Realtime decides it: with `realtime.topic()` returning the channel's sub-topic, a
 * member may read the channel's broadcast or presence when a SELECT policy lets them see a
 * message row of that extension, and write (send, track) when an INSERT policy lets them add
 * one. The probe rows never outlive the check: the transaction always rolls back. So policies
 * written for hosted Supabase (see the board channel migration) work here unchanged.
 */
import { applyRoleSettings } from '../db/role-settings.ts';
import { isDbError } from '../db/types.ts';
import type { BoundedTransaction } from '../db/bounded-transaction.ts';
import type { RequestClaims } from '../db/types.ts';

export interface ChannelAccess {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

export const PUBLIC_ACCESS: Readonly<ChannelAccess> = {
  broadcastRead: true,
  broadcastWrite: true,
  presenceRead: true,
  presenceWrite: true,
};

export const canRead = (access: ChannelAccess): boolean =>
  access.broadcastRead || access.presenceRead;

/** Hosted Realtime's refusal, which supabase-js reports as the channel error. */
export const unauthorized = (subTopic: string, what: 'read from' | 'write to'): string =>
  `Unauthorized: You do not have permissions to ${what} this Channel topic: ${subTopic}`;

const EXTENSIONS = ['broadcast', 'presence'] as const;
const INSUFFICIENT_PRIVILEGE = '42501';

class Rollback extends Error {}

export const privateChannelAccess = async (
  checks: BoundedTransaction,
  claims: RequestClaims,
  subTopic: string,
): Promise<ChannelAccess> => {
  const access: ChannelAccess = {
    broadcastRead: false,
    broadcastWrite: false,
    presenceRead: false,
    presenceWrite: false,
  };
  try {
    await checks(async (tx) => {
      // Written as the backend, so SELECT policies have rows to decide on.
      const { rows: probes } = await tx.query<{ id: string }>(
        `insert into realtime.messages (topic, extension, private)
         select $1, e, true from unnest($2::text[]) as e returning id`,
        [subTopic, EXTENSIONS],
      );
      await tx.query(`select set_config('realtime.topic', $1, true)`, [subTopic]);
      await applyRoleSettings(tx, claims);
      const { rows: readable } = await tx.query<{ extension: string }>(
        'select extension from realtime.messages where id = any($1::uuid[])',
        [probes.map((p) => p.id)],
      );
      access.broadcastRead = readable.some((r) => r.extension === 'broadcast');
      access.presenceRead = readable.some((r) => r.extension === 'presence');
      for (const extension of EXTENSIONS) {
        await tx.query('savepoint realtime_write_probe');
        try {
          await tx.query(
            'insert into realtime.messages (topic, extension, private) values ($1, $2, true)',
            [subTopic, extension],
          );
          if (extension === 'broadcast') access.broadcastWrite = true;
          else access.presenceWrite = true;
        } catch (error) {
          if (!isDbError(error) || error.code !== INSUFFICIENT_PRIVILEGE) throw error;
        }
        await tx.query('rollback to savepoint realtime_write_probe');
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return access;
};

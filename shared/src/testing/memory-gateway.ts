// A board gateway without a server, for the apps' component tests and the stores' own tests:
// every write succeeds and answers, as PostgREST does, with the whole row as now stored, unless
// the test refuses it or has taken the backend away; the realtime stream is pushed by hand.
// Exported as @taskflow/shared/testing, never from the package's main entry, so no app bundle
// carries it.
import { Subject } from 'rxjs';
import type { BoardChannelEvent } from '../features/board/board-realtime';
import type { BoardGateway, BoardWriteApi } from '../features/board/board-gateway';
import type { RowChange } from '../features/board/row-change';
import { ApiError } from '../kernel/backend/api-error';
import type { InviteResult } from '../features/board/api/members-api';
import type { BoardMember, BoardSnapshot, Profile } from '../domain/types';

export interface MemoryGateway {
  gateway: BoardGateway;
  /** Every write, in order: the data-access function's name and its arguments. */
  calls: { name: keyof BoardWriteApi; args: unknown[] }[];
  /** Makes the named write fail, as a refusal by row-level security would. */
  refuse(name: keyof BoardWriteApi): void;
  /** Delivers a change as the realtime channel would. */
  push(change: RowChange): void;
  /**
   * The backend goes away: the channel errors, and every request fails as supabase-js reports
   * a fetch that threw (status 0) until `reconnect`.
   */
  disconnect(): void;
  /** The backend is back: requests get through again and the channel rejoins. */
  reconnect(): void;
  /** Requests only get through again; the socket has not noticed yet. */
  answerRequests(): void;
}

/** Someone with an account who is on no board of the sample: invitable by e-mail. */
export const registeredOutsider: Profile = {
  id: 'user-clara',
  full_name: 'Clara Weber',
  email: 'clara@beispiel.de',
};

/** The invite function's answers as the server gives them, for the members it knows. */
const inviteAnswer = (members: BoardMember[], email: string): InviteResult =>
  members.some((member) => member.profile?.email === email)
    ? { status: 'already_member' }
    : { status: 'invited', email };

export const createMemoryGateway = (
  snapshot: BoardSnapshot | null,
  userId = snapshot?.board.owner_id ?? 'user',
): MemoryGateway => {
  const realtime = new Subject<BoardChannelEvent>();
  const refused = new Set<string>();
  let away = false;
  const unreachable = () => new ApiError('TypeError: Failed to fetch', null, 0);
  const calls: MemoryGateway['calls'] = [];
  const members = [...(snapshot?.members ?? [])];
  /** The rows by id, so that an update answers with the whole row. */
  const rows = new Map<string, object>(
    [
      ...(snapshot?.lists ?? []),
      ...(snapshot?.labels ?? []),
      ...(snapshot?.cards ?? []),
      ...(snapshot?.cards ?? []).flatMap((card) => [...card.checklist, ...card.comments]),
    ].map((row) => [row.id, row]),
  );
  const api = new Proxy({} as BoardWriteApi, {
    get:
      (_target, name: string) =>
      async (...args: unknown[]) => {
        if (away) throw unreachable();
        calls.push({ name: name as keyof BoardWriteApi, args });
        if (refused.has(name)) {
          throw new ApiError('new row violates row-level security policy', '42501');
        }
        if (name === 'inviteMemberByEmail') {
          return inviteAnswer(members, args[1] as string);
        }
        const [first, second] = args;
        if (typeof first === 'string' && typeof second === 'object' && second !== null) {
          // Row versions as the server checks them (migration 20261126015000_row_versions).
          const stored = rows.get(first) as { version?: number } | undefined;
          const { version, ...patch } = second as { version?: number };
          // (a row it was given without a version, as an insert, is not checked)
          if (
            version !== undefined &&
            stored?.version !== undefined &&
            stored.version !== version
          ) {
            throw new ApiError('The row was changed meanwhile', 'PT409', 409);
          }
          const bumped = stored?.version === undefined ? {} : { version: stored.version + 1 };
          const row = { ...stored, ...patch, id: first, ...bumped };
          rows.set(first, row);
          return row;
        }
        if (typeof first !== 'object' || first === null) return undefined;
        if ('id' in first && typeof first.id === 'string') rows.set(first.id, first);
        return first;
      },
  });
  return {
    gateway: {
      fetchSnapshot: async () => {
        if (away) throw unreachable();
        return snapshot;
      },
      changes: () => realtime.asObservable(),
      fetchProfile: async () => null,
      fetchRow: async (_table, id) => {
        if (away) throw unreachable();
        return (rows.get(id) as Record<string, unknown> | undefined) ?? null;
      },
      currentUserId: () => userId,
      api,
    },
    calls,
    refuse: (name) => refused.add(name),
    push: (change) => realtime.next({ kind: 'change', change }),
    disconnect: () => {
      away = true;
      realtime.next({ kind: 'status', status: 'CHANNEL_ERROR' });
    },
    reconnect: () => {
      away = false;
      realtime.next({ kind: 'status', status: 'SUBSCRIBED' });
    },
    answerRequests: () => {
      away = false;
    },
  };
};

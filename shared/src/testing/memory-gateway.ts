// A board gateway without a server, for the apps' component tests and the stores' own tests:
// every write succeeds and answers with the row it was sent, unless the test refuses it; the
// realtime stream is pushed by hand. Exported as @taskflow/shared/testing, never from the
// package's main entry, so no app bundle carries it.
import { Subject } from 'rxjs';
import type { BoardChannelEvent } from '../board/board-realtime';
import type { BoardGateway, BoardWriteApi } from '../board/board-gateway';
import type { RowChange } from '../board/row-change';
import { ApiError } from '../data/api-error';
import type { BoardSnapshot } from '../domain/types';

export interface MemoryGateway {
  gateway: BoardGateway;
  /** Every write, in order: the data-access function's name and its arguments. */
  calls: { name: keyof BoardWriteApi; args: unknown[] }[];
  /** Makes the named write fail, as a refusal by row-level security would. */
  refuse(name: keyof BoardWriteApi): void;
  /** Delivers a change as the realtime channel would. */
  push(change: RowChange): void;
}

export const createMemoryGateway = (
  snapshot: BoardSnapshot | null,
  userId = snapshot?.board.owner_id ?? 'user',
): MemoryGateway => {
  const realtime = new Subject<BoardChannelEvent>();
  const refused = new Set<string>();
  const calls: MemoryGateway['calls'] = [];
  const api = new Proxy({} as BoardWriteApi, {
    get:
      (_target, name: string) =>
      async (...args: unknown[]) => {
        calls.push({ name: name as keyof BoardWriteApi, args });
        if (refused.has(name)) {
          throw new ApiError('new row violates row-level security policy', '42501');
        }
        if (name === 'inviteMemberByEmail') return { status: 'not_found' };
        const [first, second] = args;
        if (typeof first === 'string' && typeof second === 'object' && second !== null) {
          return { id: first, ...second };
        }
        return typeof first === 'object' ? first : undefined;
      },
  });
  return {
    gateway: {
      fetchSnapshot: async () => snapshot,
      changes: () => realtime.asObservable(),
      fetchProfile: async () => null,
      currentUserId: () => userId,
      api,
    },
    calls,
    refuse: (name) => refused.add(name),
    push: (change) => realtime.next({ kind: 'change', change }),
  };
};

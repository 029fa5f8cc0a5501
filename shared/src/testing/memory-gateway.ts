// A board gateway without a server, for the apps' component tests and the stores' own tests:
// every write succeeds and answers with the row it was sent, unless the test refuses it; the
// realtime stream is pushed by hand. Exported as @taskflow/shared/testing, never from the
// package's main entry, so no app bundle carries it.
import { Subject } from 'rxjs';
import type { BoardChannelEvent } from '../board/board-realtime';
import type { BoardGateway, BoardWriteApi } from '../board/board-gateway';
import type { RowChange } from '../board/row-change';
import { ApiError } from '../data/api-error';
import type { InviteResult } from '../data/members-api';
import { newMember } from '../data/new-rows';
import type { BoardMember, BoardSnapshot, Profile } from '../domain/types';

export interface MemoryGateway {
  gateway: BoardGateway;
  /** Every write, in order: the data-access function's name and its arguments. */
  calls: { name: keyof BoardWriteApi; args: unknown[] }[];
  /** Makes the named write fail, as a refusal by row-level security would. */
  refuse(name: keyof BoardWriteApi): void;
  /** Delivers a change as the realtime channel would. */
  push(change: RowChange): void;
}

/** Someone with an account who is on no board of the sample: invitable by e-mail. */
export const registeredOutsider: Profile = {
  id: 'user-clara',
  full_name: 'Clara Weber',
  email: 'clara@beispiel.de',
};

/** The invite function's answers as the server gives them, for the members it knows. */
const inviteAnswer = (members: BoardMember[], boardId: string, email: string): InviteResult => {
  if (members.some((member) => member.profile?.email === email)) {
    return { status: 'already_member' };
  }
  if (email !== registeredOutsider.email) return { status: 'not_found' };
  const member = newMember({
    id: `member-${registeredOutsider.id}`,
    board_id: boardId,
    user_id: registeredOutsider.id,
    created_at: new Date(0).toISOString(),
    profile: registeredOutsider,
  });
  members.push(member);
  return { status: 'added', member };
};

export const createMemoryGateway = (
  snapshot: BoardSnapshot | null,
  userId = snapshot?.board.owner_id ?? 'user',
): MemoryGateway => {
  const realtime = new Subject<BoardChannelEvent>();
  const refused = new Set<string>();
  const calls: MemoryGateway['calls'] = [];
  const members = [...(snapshot?.members ?? [])];
  const api = new Proxy({} as BoardWriteApi, {
    get:
      (_target, name: string) =>
      async (...args: unknown[]) => {
        calls.push({ name: name as keyof BoardWriteApi, args });
        if (refused.has(name)) {
          throw new ApiError('new row violates row-level security policy', '42501');
        }
        if (name === 'inviteMemberByEmail') {
          return inviteAnswer(members, args[0] as string, args[1] as string);
        }
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

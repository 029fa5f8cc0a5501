import { displayName } from '../domain/avatar';
import type { BoardMember } from '../domain/types';

export interface MemberOptionsProps {
  members: readonly BoardMember[];
  /** The first option, value '': nobody, or no choice made. */
  emptyLabel: string;
}

/** The options of a select that picks one of the board's members, by name. */
export const MemberOptions = ({ members, emptyLabel }: MemberOptionsProps) => (
  <>
    <option value="">{emptyLabel}</option>
    {members.map((member) => (
      <option key={member.user_id} value={member.user_id}>
        {displayName(member.profile ?? undefined) || member.user_id}
      </option>
    ))}
  </>
);

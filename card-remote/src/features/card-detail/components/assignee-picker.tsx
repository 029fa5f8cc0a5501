import { Avatar, boardStore, displayName, t, type BoardMember, type Card } from '@taskflow/shared';

/** Only members of the board can be assigned (docs/product-spec.md §5); a click toggles. */
export const AssigneePicker = ({
  card,
  members,
}: {
  card: Card;
  members: readonly BoardMember[];
}) => (
  <div role="group" aria-label={t('card.assignees')} className="flex flex-wrap gap-2">
    {members.map((member, index) => {
      const assigned = card.assignee_ids.includes(member.user_id);
      const name = displayName(member.profile ?? undefined);
      return (
        <button
          key={member.user_id}
          type="button"
          aria-pressed={assigned}
          onClick={() => void boardStore.setAssigned(card.id, member.user_id, !assigned)}
          className={`flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm ring-1 transition ${
            assigned
              ? 'bg-indigo-50 text-indigo-800 ring-indigo-300'
              : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50'
          }`}
        >
          <Avatar name={name} index={index} size="sm" />
          {name || '?'}
        </button>
      );
    })}
    {members.length === 0 ? (
      <p className="text-sm text-slate-500">{t('card.noAssignees')}</p>
    ) : null}
  </div>
);

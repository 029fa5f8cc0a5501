import { Avatar, Button, displayName, t, type BoardMember } from '@taskflow/shared';

interface MemberRowProps {
  member: BoardMember;
  index: number;
  isMe: boolean;
  canRemove: boolean;
  onRemove: () => void;
}

export const MemberRow = ({ member, index, isMe, canRemove, onRemove }: MemberRowProps) => {
  const name = displayName(member.profile ?? undefined);
  return (
    <li className="flex items-center gap-3 py-2.5">
      <Avatar name={name} index={index} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium text-slate-900">
          <span className="truncate">{member.profile?.full_name || name || '?'}</span>
          {isMe ? (
            <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-700">
              {t('team.you')}
            </span>
          ) : null}
          {member.role === 'owner' ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
              {t('team.owner')}
            </span>
          ) : null}
        </p>
        <p className="truncate text-xs text-slate-500">{member.profile?.email}</p>
      </div>
      {canRemove ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          className="text-rose-600 hover:bg-rose-50 hover:text-rose-700"
        >
          {t('team.remove')}
        </Button>
      ) : null}
    </li>
  );
};

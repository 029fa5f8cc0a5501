import './remote.css';
import { Modal, StyleScope, t, type TeamManagementProps } from '@taskflow/shared';
import { InviteForm } from './features/team/components/invite-form';
import { MemberRow } from './features/team/components/member-row';
import { useTeam } from './features/team/hooks/use-team';

/** The team-management modal (docs/product-spec.md §2, screen 5). */
const TeamManagement = ({ boardId, onClose }: TeamManagementProps) => {
  const team = useTeam(boardId);
  return (
    <Modal title={t('team.title')} onClose={onClose}>
      <div className="space-y-5">
        {team.isOwner ? (
          <InviteForm busy={team.inviting} error={team.inviteError} onInvite={team.invite} />
        ) : null}
        <section>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('team.members')} ({team.members.length})
          </h3>
          {team.members.length === 0 ? (
            <p className="py-3 text-sm text-slate-500">
              {team.status === 'ready' ? t('team.empty') : t('boards.loading')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {team.members.map((member, index) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  index={index}
                  isMe={member.user_id === team.me?.id}
                  // The owner removes others, never himself or another owner (docs/product-spec.md §6).
                  canRemove={
                    team.isOwner && member.role !== 'owner' && member.user_id !== team.me?.id
                  }
                  onRemove={() => void team.remove(member.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
};

/** Exposed as team_remote/TeamManagement, in the remote's style scope (src/remote.css). */
const ScopedTeamManagement = (props: TeamManagementProps) => (
  <StyleScope name="team_remote">
    <TeamManagement {...props} />
  </StyleScope>
);

export default ScopedTeamManagement;

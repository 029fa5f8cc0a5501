import './remote.css';
import {
  Button,
  ConfirmDialog,
  Modal,
  StyleScope,
  displayName,
  t,
  type BoardMember,
  type TeamManagementProps,
} from '@taskflow/shared';
import { useState } from 'react';
import { InviteForm } from './features/team/components/invite-form';
import { MemberRow } from './features/team/components/member-row';
import { useTeam } from './features/team/hooks/use-team';

/** The team-management modal (docs/product-spec.md §2, screen 5). */
const TeamManagement = ({ boardId, onClose }: TeamManagementProps) => {
  const team = useTeam(boardId);
  // Asked in the app, not with window.confirm: the browser's dialog speaks its own language and
  // cannot say who is meant.
  const [removing, setRemoving] = useState<BoardMember | null>(null);
  return (
    <Modal title={t('team.title')} onClose={onClose}>
      <div className="space-y-5">
        {team.isOwner ? (
          <InviteForm busy={team.inviting} error={team.inviteError} onInvite={team.invite} />
        ) : null}
        {team.isOwner && (team.invitations.length > 0 || team.invitationsError) ? (
          <section aria-labelledby="team-pending-invitations">
            <h3
              id="team-pending-invitations"
              className="text-xs font-semibold uppercase tracking-wide text-slate-500"
            >
              {t('team.pendingTitle')} ({team.invitations.length})
            </h3>
            {team.invitationsError ? (
              <p role="alert" className="py-2 text-sm text-red-700">
                {t('team.invitationsFailed')}
              </p>
            ) : null}
            <ul className="divide-y divide-slate-100">
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 truncate text-sm text-slate-700">
                    {invitation.email}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('team.withdrawLabel', { email: invitation.email })}
                    onClick={() => void team.withdraw(invitation)}
                  >
                    {t('team.withdraw')}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
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
                  onRemove={() => setRemoving(member)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      {removing ? (
        <ConfirmDialog
          title={t('team.confirmRemoveTitle')}
          message={t('team.confirmRemove')}
          hint={t('team.confirmRemoveWho', {
            name: removing.profile?.full_name || displayName(removing.profile ?? undefined),
            email: removing.profile?.email ?? '',
          })}
          confirmLabel={t('team.remove')}
          cancelLabel={t('boards.cancel')}
          onConfirm={() => void team.remove(removing.id)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
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

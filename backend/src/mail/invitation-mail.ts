/**
 * The board invitation mail and its outbox, without a dependency: the local backend's mailer
 * (invitation-mailer.ts) and the hosted Edge Function (supabase/functions/invitation-mail) run
 * the same claim and write the same mail.
 */

/**
 * Claims up to 20 unmailed invitations (`for update skip locked`: with several senders on one
 * database each row goes to one of them) and marks them mailed; a failed send gives the row
 * back with RELEASE_INVITATION_SQL.
 */
export const CLAIM_INVITATIONS_SQL = `update public.board_invitations i set mailed_at = now()
  from public.boards b
  where b.id = i.board_id and i.id in (
    select id from public.board_invitations where mailed_at is null
    order by created_at limit 20 for update skip locked)
  returning i.id, i.email, i.board_id, b.title as board_title,
    (select p.full_name from public.profiles p where p.id = i.invited_by) as inviter_name`;

/** Gives a claimed invitation back ($1: its id), for the next round to try again. */
export const RELEASE_INVITATION_SQL =
  'update public.board_invitations set mailed_at = null where id = $1';

export interface ClaimedInvitation {
  id: string;
  email: string;
  board_id: string;
  board_title: string;
  inviter_name: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * The German invitation: who invites to which board, and the link to the board, where a
 * signed-in invitee accepts or declines and someone without an account registers. It reads the
 * same for both, so the mail does not depend on who has an account either.
 */
export const invitationMail = (
  invitation: Pick<ClaimedInvitation, 'email' | 'board_id' | 'board_title' | 'inviter_name'>,
  siteUrl: string,
) => {
  const inviter = invitation.inviter_name?.trim() || 'Jemand';
  const link = `${siteUrl}/b/${invitation.board_id}`;
  const subject = `TaskFlow: ${inviter} lädt Sie zum Board „${invitation.board_title}“ ein`;
  const html = `<!doctype html>
<html lang="de">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
    <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
      <p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#4f46e5">TaskFlow</p>
      <h1 style="margin:0 0 12px;font-size:18px">Einladung zum Board „${escapeHtml(invitation.board_title)}“</h1>
      <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(inviter)} hat Sie eingeladen, im Board „${escapeHtml(invitation.board_title)}“ mitzuarbeiten. Öffnen Sie die Einladung, um sie anzunehmen. Wenn Sie noch kein TaskFlow-Konto haben, registrieren Sie sich mit dieser Adresse (${escapeHtml(invitation.email)}); danach sind Sie Mitglied des Boards.</p>
      <p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px">Einladung öffnen</a></p>
      <p style="margin:0;font-size:13px;line-height:1.5;color:#475569">Wenn Sie die Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.</p>
    </div>
  </body>
</html>`;
  return { to: invitation.email, subject, html };
};

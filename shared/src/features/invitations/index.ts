// Invitations as the invitee meets them (accept or decline): loaded when a board the user is
// not on is opened, never with the app.
export type { MyInvitation } from './invitation-code';

export const loadInvitationCode = () => import('./invitation-code');

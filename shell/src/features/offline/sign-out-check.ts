import { boardStore, t } from '@taskflow/shared';
import { forgetDeviceBoardPictures } from '../board-picture/keep-board-picture';

/**
 * Before sign-out: edits still waiting on this device would be lost with the user, so the user
 * is told how many and asked; on yes, the device forgets them (the next person to sign in here
 * must not send them). Resolves whether to sign out.
 */
export const confirmSignOut = async (): Promise<boolean> => {
  const unsent = await boardStore.unsentEdits();
  if (unsent > 0) {
    const question =
      unsent === 1
        ? t('connection.signOutLosesOne')
        : t('connection.signOutLoses', { count: unsent });
    if (!window.confirm(question)) return false;
  }
  await boardStore.forgetDevice();
  forgetDeviceBoardPictures();
  return true;
};

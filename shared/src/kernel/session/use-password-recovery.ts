import { useSyncExternalStore } from 'react';
import { isRecoveringPassword, subscribePasswordRecovery } from './session';

/** True while a recovery link's session waits for its new password ('Neues Passwort festlegen'). */
export const usePasswordRecovery = (): boolean =>
  useSyncExternalStore(subscribePasswordRecovery, isRecoveringPassword, isRecoveringPassword);

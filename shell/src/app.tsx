import { ToastViewport, usePasswordRecovery, useSession } from '@taskflow/shared';
import { useEffect } from 'react';
import { dismissBoardPicture } from './features/board-picture/keep-board-picture';
import { AuthScreen } from './features/auth/components/auth-screen';
import { LoadingScreen } from './features/loading/components/loading-screen';
import { lazyView } from './features/loading/lazy-view';
import { MainScreen } from './features/workspace/components/main-screen';

// Only a recovery link's session shows it, so it loads then (lazyView).
const NewPasswordScreen = lazyView(
  () => import('./features/auth/components/new-password-screen'),
  'NewPasswordScreen',
);

/**
 * The screen follows the session state; signed in, the address names the board and card
 * (src/routing). Signed out, the address is left as it is, so after signing in the user lands
 * where a link pointed.
 */
export const App = () => {
  const session = useSession();
  const recovering = usePasswordRecovery();
  // A board's picture (features/board-picture) never stands in front of another screen.
  const boardShowable = session.status !== 'signedOut' && !recovering;
  useEffect(() => {
    if (!boardShowable) dismissBoardPicture();
  }, [boardShowable]);
  return (
    <>
      {session.status === 'loading' ? <LoadingScreen /> : null}
      {session.status === 'signedOut' ? <AuthScreen /> : null}
      {session.status === 'signedIn' && recovering ? <NewPasswordScreen /> : null}
      {session.status === 'signedIn' && !recovering ? <MainScreen user={session.user} /> : null}
      <ToastViewport />
    </>
  );
};

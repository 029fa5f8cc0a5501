import { ToastViewport, useSession } from '@taskflow/shared';
import { AuthScreen } from './features/auth/components/auth-screen';
import { LoadingScreen } from './features/loading/components/loading-screen';
import { MainScreen } from './features/workspace/components/main-screen';

/**
 * The screen follows the session state; signed in, the address names the board and card
 * (src/routing). Signed out, the address is left as it is, so after signing in the user lands
 * where a link pointed.
 */
export const App = () => {
  const session = useSession();
  return (
    <>
      {session.status === 'loading' ? <LoadingScreen /> : null}
      {session.status === 'signedOut' ? <AuthScreen /> : null}
      {session.status === 'signedIn' ? <MainScreen user={session.user} /> : null}
      <ToastViewport />
    </>
  );
};

import { ToastViewport, useSession } from '@taskflow/shared';
import { AuthScreen } from './features/auth/components/auth-screen';
import { LoadingScreen } from './features/loading/components/loading-screen';
import { MainScreen } from './features/workspace/components/main-screen';

/** No routes (docs/product-spec.md §2): the screen follows the session state. */
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

import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
// The harness reaches the session and the stores through the package's public entry, never by
// a relative path: a remote receives '@taskflow/shared' as a federation singleton, and a second,
// bundled copy of the session here would sign in a client the feature never sees.
import {
  addTexts,
  boardsStore,
  Button,
  signIn,
  signOut,
  t,
  ToastViewport,
  useBoards,
  useSession,
} from '@taskflow/shared';
import { deOnDemand } from '../kernel/i18n/de-on-demand';
import { demoAccount } from './demo-account';

// The harness's texts (dev.*) are not on the composed page's first load.
addTexts(deOnDemand);

export interface StandaloneHarnessProps {
  /** The remote's name, shown in the harness bar. */
  name: string;
  children: (boardId: string) => ReactNode;
}

/**
 * The frame a remote runs in when served on its own (`npm run dev -w board-remote`): it signs
 * in to the local backend (the seeded demo account by default), picks a board and renders the
 * remote's component with it, so a feature can be built without the shell.
 */
export const StandaloneHarness = ({ name, children }: StandaloneHarnessProps) => {
  const session = useSession();
  const boards = useBoards();
  const [email, setEmail] = useState<string>(demoAccount.email);
  const [password, setPassword] = useState<string>(demoAccount.password);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (session.status === 'signedIn' && boards.status === 'idle') void boardsStore.load();
  }, [session.status, boards.status]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError((await signIn(email, password)).error);
  };

  let body: ReactNode;
  if (session.status === 'loading') {
    body = <p className="p-6 text-slate-500">{t('app.loading')}</p>;
  } else if (session.status === 'signedOut') {
    body = (
      <form onSubmit={submit} className="mx-auto mt-16 flex max-w-sm flex-col gap-3 p-6">
        <input
          className="rounded-lg border border-slate-300 px-3 py-2"
          aria-label={t('auth.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <input
          className="rounded-lg border border-slate-300 px-3 py-2"
          type="password"
          aria-label={t('auth.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <p className="rounded-lg bg-red-50 p-2 text-sm text-red-700">{error}</p> : null}
        <Button type="submit">{t('auth.submitSignIn')}</Button>
      </form>
    );
  } else if (boards.status === 'ready' && !boards.selectedId) {
    body = <p className="p-6 text-slate-500">{t('dev.noBoards')}</p>;
  } else if (boards.selectedId) {
    body = children(boards.selectedId);
  } else {
    body = <p className="p-6 text-slate-500">{t('boards.loading')}</p>;
  }

  return (
    // As tall as the screen, as the shell's page: a board's lists are bounded by what is left.
    <div className="flex h-screen flex-col bg-slate-50">
      <div className="flex flex-wrap items-center gap-3 border-b border-dashed border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
        <strong>{t('dev.harnessTitle', { name })}</strong>
        {boards.boards.length > 1 ? (
          <select
            aria-label={t('topBar.boardSelector')}
            className="rounded border border-amber-300 bg-white px-2 py-1"
            value={boards.selectedId ?? ''}
            onChange={(e) => boardsStore.select(e.target.value)}
          >
            {boards.boards.map((board) => (
              <option key={board.id} value={board.id}>
                {board.title}
              </option>
            ))}
          </select>
        ) : null}
        {session.status === 'signedIn' ? (
          <button type="button" className="ml-auto underline" onClick={() => void signOut()}>
            {t('topBar.signOut')}
          </button>
        ) : null}
      </div>
      {body}
      <ToastViewport />
    </div>
  );
};

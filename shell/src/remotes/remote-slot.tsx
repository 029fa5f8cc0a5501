import { Button, t, type RemoteKey, type RemoteProps } from '@taskflow/shared';
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { loadRemoteModule, REMOTE_SLOW_MS } from './load-remote-module';
import { takeArrived, takePrefetched } from './prefetch-remotes';
import { RemoteErrorBoundary } from './remote-error-boundary';

type AnyProps = object;

// React.lazy caches a rejection forever, so every retry needs a new lazy component. They are
// kept here, outside the components, so a re-render never creates one (which would remount).
// A remote whose prefetch has already arrived is its component itself: rendered at once.
const lazyByAttempt = new Map<
  string,
  LazyExoticComponent<ComponentType<AnyProps>> | ComponentType<AnyProps>
>();

/** Forgets the remote components made so far, as a new page would (for component tests). */
export const forgetRemoteComponents = (): void => {
  lazyByAttempt.clear();
};

const lazyRemote = (remote: RemoteKey, attempt: number) => {
  const key = `${remote}#${attempt}`;
  let component = lazyByAttempt.get(key);
  if (!component) {
    const arrived = takeArrived(remote) as { default: ComponentType<AnyProps> } | undefined;
    component = arrived?.default;
  }
  if (!component) {
    component = lazy(
      () =>
        (takePrefetched(remote) ?? loadRemoteModule(remote)) as Promise<{
          default: ComponentType<AnyProps>;
        }>,
    );
  }
  lazyByAttempt.set(key, component);
  return component;
};

interface RemoteSlotProps<K extends RemoteKey> {
  /** The remote's key in shared/federation/remotes.json. */
  remote: K;
  props: RemoteProps<K>;
  /** 'inline' fills its area; 'overlay' is for modals, which draw their own frame. */
  variant?: 'inline' | 'overlay';
}

/**
 * While a remote loads: a line where it will show (a modal's, in a box of its own, so a click on a
 * card answers at once). Once it takes longer than REMOTE_SLOW_MS it says so and offers to load
 * it again, while the load goes on.
 */
const Loading = ({ variant, retry }: { variant: 'inline' | 'overlay'; retry: () => void }) => {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), REMOTE_SLOW_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      className={`flex justify-center px-4 ${variant === 'inline' ? 'flex-1 py-8' : 'fixed inset-x-0 top-24 z-40'}`}
    >
      <div
        role="status"
        className="flex max-w-md flex-col items-center gap-3 rounded-xl bg-white p-5 text-center text-sm text-slate-600 shadow-lg ring-1 ring-slate-200"
      >
        <p>{t('errors.remoteLoading')}</p>
        {slow ? (
          <>
            <p>{t('errors.remoteSlow')}</p>
            <Button variant="secondary" size="sm" onClick={retry}>
              {t('errors.remoteRetry')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
};

const Fallback = ({ retry, variant }: { retry: () => void; variant: 'inline' | 'overlay' }) => {
  const box = (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 text-center text-sm text-amber-900"
    >
      <p>{t('errors.remoteFailed')}</p>
      <Button variant="secondary" size="sm" onClick={retry}>
        {t('errors.remoteRetry')}
      </Button>
    </div>
  );
  return variant === 'inline' ? (
    <div className="flex flex-1 items-start justify-center p-8">{box}</div>
  ) : (
    <div className="fixed inset-x-0 top-24 z-40 px-4">{box}</div>
  );
};

/** A remote component inside its error boundary, with a loading line and a retry. */
export const RemoteSlot = <K extends RemoteKey>({
  remote,
  props,
  variant = 'inline',
}: RemoteSlotProps<K>) => {
  const [attempt, setAttempt] = useState(0);
  const Remote = lazyRemote(remote, attempt);
  const loadAgain = () => setAttempt((n) => n + 1);
  return (
    <RemoteErrorBoundary
      onRetry={loadAgain}
      fallback={(retry) => <Fallback retry={retry} variant={variant} />}
    >
      <Suspense fallback={<Loading variant={variant} retry={loadAgain} />}>
        <Remote {...(props as AnyProps)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
};

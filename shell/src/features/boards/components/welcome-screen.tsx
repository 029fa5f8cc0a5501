import { Button, FALLBACK_ATTRIBUTE, t, useTakeLostFocus } from '@taskflow/shared';
import { useRef } from 'react';

interface WelcomeScreenProps {
  onCreateFirst: () => void;
  /** A board deleted by mistake waits there for 30 days. */
  onOpenArchive: () => void;
}

export const WelcomeScreen = ({ onCreateFirst, onOpenArchive }: WelcomeScreenProps) => {
  // Its first action is where a lost focus goes (after sign-in, the last board deleted).
  const first = useRef<HTMLButtonElement>(null);
  useTakeLostFocus(first);
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-5 grid h-16 w-16 grid-cols-3 gap-1 rounded-2xl bg-indigo-50 p-3">
          <span className="rounded bg-indigo-400" />
          <span className="h-2/3 rounded bg-indigo-300" />
          <span className="h-1/3 rounded bg-indigo-200" />
        </div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('boards.welcomeTitle')}
        </h2>
        <p className="mt-2 text-slate-500">{t('boards.welcomeText')}</p>
        <Button
          ref={first}
          {...{ [FALLBACK_ATTRIBUTE]: true }}
          className="mt-6"
          onClick={onCreateFirst}
        >
          {t('boards.createFirst')}
        </Button>
        <Button className="mt-6 ml-2" variant="secondary" onClick={onOpenArchive}>
          {t('archive.open')}
        </Button>
      </div>
    </section>
  );
};

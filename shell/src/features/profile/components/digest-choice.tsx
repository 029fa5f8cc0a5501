import {
  FieldGroup,
  digestFrequencies,
  fetchDigestFrequency,
  setDigestFrequency,
  showToast,
  t,
  type DigestFrequency,
} from '@taskflow/shared';
import { useEffect, useState } from 'react';

/**
 * 'E-Mail-Zusammenfassung': how often unread notifications are mailed, at most ('Sofort' batches
 * over a few minutes). Saved on the server at once, for every device.
 */
export const DigestChoice = () => {
  const [digest, setDigest] = useState<DigestFrequency | null>(null);
  useEffect(() => {
    let current = true;
    fetchDigestFrequency().then(
      (value) => {
        if (current) setDigest(value);
      },
      () => {
        if (current) setDigest('daily');
      },
    );
    return () => {
      current = false;
    };
  }, []);
  const choose = (next: DigestFrequency) => {
    const before = digest;
    setDigest(next);
    setDigestFrequency(next).then(
      () => showToast(t('notifications.digestSaved'), 'success'),
      () => {
        setDigest(before);
        showToast(t('notifications.digestFailed'), 'error');
      },
    );
  };
  return (
    <FieldGroup legend={t('notifications.digestTitle')}>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-4">
        {digestFrequencies.map((option) => (
          <label
            key={option}
            className={`flex min-h-10 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 sm:min-h-8 ${
              digest === option
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            <input
              type="radio"
              name="digest"
              value={option}
              className="sr-only"
              disabled={digest === null}
              checked={digest === option}
              onChange={() => choose(option)}
            />
            {t(`notifications.digest.${option}`)}
          </label>
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-500">{t('notifications.digestIntro')}</p>
    </FieldGroup>
  );
};

import { useState } from 'react';
import { t } from '../kernel/i18n/t';
import { Field, type FieldedProps } from './field';
import { TextInput, type TextInputProps } from './text-field';

export type PasswordFieldProps = FieldedProps<Omit<TextInputProps, 'type'>>;

/**
 * A password with a visible label and a toggle that shows what was typed: on a phone a typo in
 * a hidden password is the commonest reason a sign-in fails. The toggle is a real button (40 px,
 * always visible) with aria-pressed, so it is announced as on or off under one name.
 */
export const PasswordField = ({
  label,
  hint,
  error,
  layout,
  className,
  ...input
}: PasswordFieldProps) => {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} layout={layout}>
      {(a11y) => (
        <div className="relative">
          <TextInput
            {...input}
            {...a11y}
            type={visible ? 'text' : 'password'}
            className={`pr-12 ${className ?? ''}`}
          />
          <button
            type="button"
            onClick={() => setVisible((current) => !current)}
            aria-pressed={visible}
            aria-label={t('auth.showPassword')}
            title={t('auth.showPassword')}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <svg
              viewBox="0 0 20 20"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              aria-hidden="true"
            >
              <path
                d="M1.5 10S4.5 4 10 4s8.5 6 8.5 6-3 6-8.5 6S1.5 10 1.5 10Z"
                strokeWidth="1.5"
                strokeLinejoin="round"
              />
              <circle cx="10" cy="10" r="2.5" strokeWidth="1.5" />
              {visible ? <path d="m3 17 14-14" strokeWidth="1.5" strokeLinecap="round" /> : null}
            </svg>
          </button>
        </div>
      )}
    </Field>
  );
};

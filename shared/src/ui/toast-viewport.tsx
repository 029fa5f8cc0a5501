import { useEffect, useRef } from 'react';
import { useToasts } from '../kernel/toast/use-toasts';
import {
  dismissToast,
  holdToast,
  releaseToast,
  type Toast,
  type ToastTone,
} from '../kernel/toast/toast-store';
import { t } from '../kernel/i18n/t';

const tones: Record<ToastTone, string> = {
  error: 'border-rose-200 bg-rose-50 text-rose-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-slate-200 bg-white text-slate-800',
};

/**
 * Where the focus goes when a toast that holds it closes: back where it was before the toast
 * took it, or, when that is gone (the deleted card's dialog), to the page's main region.
 */
const focusAfter = (before: Element | null): void => {
  if (before instanceof HTMLElement && before.isConnected && before !== document.body) {
    before.focus();
    return;
  }
  const main = document.querySelector('main');
  if (!(main instanceof HTMLElement)) return;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus();
};

const ToastItem = ({ toast }: { toast: Toast }) => {
  const box = useRef<HTMLDivElement>(null);
  const action = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  const hovered = useRef(false);
  const before = useRef<Element | null>(null);

  useEffect(() => {
    if (toast.focus) {
      before.current = document.activeElement;
      action.current?.focus();
    }
    return () => {
      // Removed while it held the focus (undone, closed or expired): the focus must not fall
      // to the page's body.
      if (focused.current) focusAfter(before.current);
    };
  }, [toast.focus]);

  const leaveIfFree = () => {
    if (!focused.current && !hovered.current) releaseToast(toast.id);
  };

  return (
    <div
      ref={box}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-xl border py-2 pr-2 pl-4 text-sm shadow-lg ${tones[toast.tone]}`}
      onMouseEnter={() => {
        hovered.current = true;
        holdToast(toast.id);
      }}
      onMouseLeave={() => {
        hovered.current = false;
        leaveIfFree();
      }}
      onFocus={() => {
        focused.current = true;
        holdToast(toast.id);
      }}
      onBlur={(event) => {
        if (box.current?.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        leaveIfFree();
      }}
    >
      <p className="flex-1 self-center">{toast.message}</p>
      {toast.action ? (
        <button
          ref={action}
          type="button"
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.run();
          }}
          className="min-h-10 shrink-0 rounded-lg px-3 font-semibold text-indigo-700 hover:bg-indigo-50 sm:min-h-8"
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={t('toast.dismiss')}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-current opacity-60 hover:opacity-100 sm:h-8 sm:w-8"
      >
        ×
      </button>
    </div>
  );
};

/**
 * Where toasts appear; rendered once by the shell (and by each standalone harness). Never over
 * a dialog's footer, where 'Aufgabe löschen' and 'Speichern' sit: bottom left on a wide screen
 * (a dialog is centred, its footer buttons at the right), at the top on a phone (a dialog
 * rises from the bottom edge there).
 */
export const ToastViewport = () => {
  const toasts = useToasts();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-4 sm:top-auto sm:right-auto sm:bottom-4 sm:items-start"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
};

import { useToasts } from '../kernel/toast/use-toasts';
import { dismissToast, type ToastTone } from '../kernel/toast/toast-store';
import { t } from '../kernel/i18n/t';

const tones: Record<ToastTone, string> = {
  error: 'border-rose-200 bg-rose-50 text-rose-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-slate-200 bg-white text-slate-800',
};

/** Where toasts appear; rendered once by the shell (and by each standalone harness). */
export const ToastViewport = () => {
  const toasts = useToasts();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-xl border py-2 pr-2 pl-4 text-sm shadow-lg ${tones[toast.tone]}`}
        >
          <p className="flex-1 self-center">{toast.message}</p>
          {toast.action ? (
            <button
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
      ))}
    </div>
  );
};

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../kernel/i18n/t';
import { Button } from './button';
import { recoverLostFocus } from './lost-focus';
import { usePortalStyleScope } from './style-scope';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Footer actions, right-aligned. */
  footer?: ReactNode;
  /** Puts a secondary button with this label first in the footer; it closes like Escape. */
  cancelLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /**
   * The id of the element that names the dialog, when that is not the heading (the card detail
   * is named after its card, and its heading shows the list as context).
   */
  labelledBy?: string;
  /**
   * Where the focus goes on closing when the element that opened the dialog is gone (a new
   * card's composer): by default the page's fallback (lost-focus.ts).
   */
  returnFocus?: () => HTMLElement | null;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Modals can stack (the label modal opens over the card detail): only the top one answers
// Escape and keeps the focus.
const openModals: string[] = [];

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * A dialog: Escape and a click on the backdrop close it, Tab stays inside, the first field (or
 * the element marked data-autofocus) gets the focus, and the focus returns where it was.
 */
export const Modal = ({
  title,
  onClose,
  children,
  footer,
  cancelLabel,
  size = 'md',
  labelledBy,
  returnFocus,
}: ModalProps) => {
  const id = useId();
  // In document.body, outside the opening remote's root: the backdrop carries its scope.
  const styleScope = usePortalStyleScope();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocus;
  }, [onClose, returnFocus]);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    openModals.push(id);
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ??
      node?.querySelector<HTMLElement>(focusableSelector);
    (first ?? node)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== id || !node) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = Array.from(node.querySelectorAll<HTMLElement>(focusableSelector));
      if (focusables.length === 0) return;
      const firstItem = focusables[0] as HTMLElement;
      const lastItem = focusables[focusables.length - 1] as HTMLElement;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(id), 1);
      if (previouslyFocused?.isConnected) previouslyFocused.focus?.();
      // The dialog is gone from the page already: the body has the focus now.
      else recoverLostFocus(returnFocusRef.current?.());
    };
  }, [id]);

  return createPortal(
    <div
      className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/40 p-0 backdrop-blur-[2px] sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="modal-backdrop"
      {...styleScope}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? `${id}-title`}
        tabIndex={-1}
        className={`flex max-h-[92dvh] w-full ${sizes[size]} flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl`}
      >
        <div className="flex shrink-0 items-center justify-between gap-4 border-b border-slate-100 px-5 py-3 sm:py-4">
          <h2
            id={`${id}-title`}
            className="min-w-0 text-base font-semibold break-words text-slate-900"
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('modal.close')}
            className="shrink-0 rounded-md p-2.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 sm:p-1"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        </div>
        {/* Only the body scrolls: title and actions stay reachable with the keyboard open. */}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">
          {children}
        </div>
        {footer || cancelLabel ? (
          <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">
            {cancelLabel ? (
              <Button variant="secondary" onClick={onClose}>
                {cancelLabel}
              </Button>
            ) : null}
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
};

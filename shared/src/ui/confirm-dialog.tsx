import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  /** The question, naming what goes (a paragraph; `hint` adds a quieter one below). */
  message: ReactNode;
  hint?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A question before something that cannot be undone (deleting a board or a list). The cancel
 * button has the focus, so Enter right after opening keeps everything; confirming also closes.
 */
export const ConfirmDialog = ({
  title,
  message,
  hint,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) => (
  <Modal
    title={title}
    onClose={onClose}
    size="sm"
    footer={
      <>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {cancelLabel}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </Button>
      </>
    }
  >
    <p className="text-sm break-words text-slate-700">{message}</p>
    {hint !== undefined && <p className="mt-2 text-sm text-slate-500">{hint}</p>}
  </Modal>
);

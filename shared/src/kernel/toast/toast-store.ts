import { createStateCell } from '../state/state-cell';

export type ToastTone = 'error' | 'success' | 'info';

/** A button in the toast, e.g. 'Rückgängig'; the toast closes when it is pressed. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long the toast stays; an undo offer stays exactly as long as undo is offered. */
  durationMs?: number;
}

const AUTO_DISMISS_MS = 6000;

const cell = createStateCell<readonly Toast[]>([]);
let serial = 0;

export const toasts$ = cell.value$;
export const getToasts = (): readonly Toast[] => cell.get();
export const subscribeToasts = cell.subscribe;

export const dismissToast = (id: number): void =>
  cell.update((list) => list.filter((toast) => toast.id !== id));

/**
 * Shows a short message; the same message twice in a row is shown once. A toast with an action
 * (undo) is never merged: each undo belongs to its own deletion.
 */
export const showToast = (
  message: string,
  tone: ToastTone = 'info',
  options: ToastOptions = {},
): number => {
  const existing = options.action
    ? undefined
    : cell.get().find((toast) => toast.message === message && toast.tone === tone && !toast.action);
  if (existing) return existing.id;
  serial += 1;
  const id = serial;
  const toast: Toast = { id, message, tone, ...(options.action && { action: options.action }) };
  cell.update((list) => [...list, toast]);
  setTimeout(() => dismissToast(id), options.durationMs ?? AUTO_DISMISS_MS);
  return id;
};

export const clearToasts = (): void => cell.set([]);

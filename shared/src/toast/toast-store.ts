import { createStateCell } from '../state/state-cell';

export type ToastTone = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const AUTO_DISMISS_MS = 6000;

const cell = createStateCell<readonly Toast[]>([]);
let serial = 0;

export const toasts$ = cell.value$;
export const getToasts = (): readonly Toast[] => cell.get();
export const subscribeToasts = cell.subscribe;

export const dismissToast = (id: number): void =>
  cell.update((list) => list.filter((toast) => toast.id !== id));

/** Shows a short message; the same message twice in a row is shown once. */
export const showToast = (message: string, tone: ToastTone = 'info'): number => {
  const existing = cell.get().find((toast) => toast.message === message && toast.tone === tone);
  if (existing) return existing.id;
  serial += 1;
  const id = serial;
  cell.update((list) => [...list, { id, message, tone }]);
  setTimeout(() => dismissToast(id), AUTO_DISMISS_MS);
  return id;
};

export const clearToasts = (): void => cell.set([]);

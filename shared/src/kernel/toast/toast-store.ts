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
  /** The action takes the keyboard focus when shown (an undo right after a deletion). */
  focus?: boolean;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long the toast stays; an undo offer stays exactly as long as undo is offered. */
  durationMs?: number;
  /** Move the focus to the action, so that undo is one key away (Enter). */
  focus?: boolean;
}

const AUTO_DISMISS_MS = 6000;

const cell = createStateCell<readonly Toast[]>([]);
let serial = 0;

/** Each open toast's timer, and how long it stays once released (see holdToast). */
const timers = new Map<number, { timer: ReturnType<typeof setTimeout> | null; ms: number }>();

export const toasts$ = cell.value$;
export const getToasts = (): readonly Toast[] => cell.get();
export const subscribeToasts = cell.subscribe;

export const dismissToast = (id: number): void => {
  const entry = timers.get(id);
  if (entry?.timer) clearTimeout(entry.timer);
  timers.delete(id);
  cell.update((list) => list.filter((toast) => toast.id !== id));
};

/**
 * A toast does not go while the pointer is on it or the focus in it (WCAG 2.2.1: the user
 * gets the time they need); released, it stays its whole duration again.
 */
export const holdToast = (id: number): void => {
  const entry = timers.get(id);
  if (entry?.timer) clearTimeout(entry.timer);
  if (entry) entry.timer = null;
};

export const releaseToast = (id: number): void => {
  const entry = timers.get(id);
  if (!entry || entry.timer) return;
  entry.timer = setTimeout(() => dismissToast(id), entry.ms);
};

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
  const toast: Toast = {
    id,
    message,
    tone,
    ...(options.action && { action: options.action }),
    ...(options.action && options.focus && { focus: true }),
  };
  cell.update((list) => [...list, toast]);
  timers.set(id, { timer: null, ms: options.durationMs ?? AUTO_DISMISS_MS });
  releaseToast(id);
  return id;
};

export const clearToasts = (): void => {
  for (const { timer } of timers.values()) if (timer) clearTimeout(timer);
  timers.clear();
  cell.set([]);
};

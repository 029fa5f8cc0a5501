import type { Priority } from './types';
import { t } from '../kernel/i18n/t';

export const priorities: readonly Priority[] = ['low', 'medium', 'high', 'urgent'];

const isPriority = (value: unknown): value is Priority =>
  typeof value === 'string' && (priorities as readonly string[]).includes(value);

/** Any stored value maps to a known priority; an unknown one is shown as medium (docs/product-spec.md §3). */
export const normalizePriority = (value: unknown): Priority =>
  isPriority(value) ? value : 'medium';

export const priorityName = (value: unknown): string => t(`priority.${normalizePriority(value)}`);

/** Calm badge colours per priority; the strings are complete so Tailwind generates them. */
export const priorityBadgeClass: Record<Priority, string> = {
  low: 'bg-slate-100 text-slate-700',
  medium: 'bg-sky-100 text-sky-800',
  high: 'bg-amber-100 text-amber-800',
  urgent: 'bg-rose-100 text-rose-800',
};

export const priorityBadge = (value: unknown): string =>
  priorityBadgeClass[normalizePriority(value)];

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A `date` column ('2025-03-07') in German format ('07.03.2025'). Formatted in UTC because a
 * calendar date has no time zone: local midnight would show the previous day west of UTC.
 */
export const formatDate = (isoDate: string | null | undefined): string => {
  if (!isoDate) return '';
  const parsed = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? '' : dateFormat.format(parsed);
};

/** A timestamp (comments) in German format with the viewer's local time. */
export const formatDateTime = (isoTimestamp: string | null | undefined): string => {
  if (!isoTimestamp) return '';
  const parsed = new Date(isoTimestamp);
  return Number.isNaN(parsed.getTime()) ? '' : dateTimeFormat.format(parsed);
};

/** The calendar date of `moment` in the viewer's time zone, as a `date` column writes it. */
export const localDateKey = (moment: Date = new Date()): string =>
  `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(
    moment.getDate(),
  ).padStart(2, '0')}`;

/** True when a due date lies before today (in the viewer's calendar). */
export const isOverdue = (isoDate: string | null | undefined, now: Date = new Date()): boolean => {
  if (!isoDate) return false;
  return isoDate.slice(0, 10) < localDateKey(now);
};

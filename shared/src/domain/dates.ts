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

/** A local calendar date ('2026-11-23') as a Date at that day's local midnight. */
const localDate = (day: string): Date => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/** The calendar date `days` after `day` (negative: before); the Date constructor rolls over. */
const addDays = (day: string, days: number): string => {
  const date = localDate(day);
  return localDateKey(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days));
};

/**
 * The first day (Monday) of the week that `today` (a local calendar date) lies in: German weeks
 * start on Monday (DIN 1355 / ISO 8601). Calendar arithmetic, not milliseconds, so no daylight
 * saving change can slip a day.
 */
export const startOfWeek = (today: string): string =>
  // getDay(): Sunday 0 … Saturday 6; days back to Monday: Monday 0 … Sunday 6.
  addDays(today, -((localDate(today).getDay() + 6) % 7));

/** The last day (Sunday) of the week that `today` (a local calendar date) lies in. */
export const endOfWeek = (today: string): string =>
  // Days left until Sunday: Monday 6 … Sunday 0.
  addDays(today, (7 - localDate(today).getDay()) % 7);

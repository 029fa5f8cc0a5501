import { TextField, t, type FieldLayout } from '@taskflow/shared';
import { isExists } from 'date-fns/isExists';
import { useState, type KeyboardEvent } from 'react';

/*
 * A date is typed as dd.mm.yyyy, whatever the browser's language: a native <input type="date">
 * shows mm/dd/yyyy in an English browser and reports every keystroke as a new value (year 1,
 * 12, 122, …), each of which was saved. Here the typed text is a draft: it becomes a value only
 * when the user is done (blur or Enter) and the text is a complete, real date.
 *
 * Only date-fns' calendar check is used: its parse and format cost 8 KB (Brotli) in the card
 * detail's chunk, which the delivery budget counts (docs/frontend.md, e2e/delivery.test.ts),
 * for a fixed numeric pattern that a regular expression reads as well.
 */

const TYPED = /^(\d{1,2})\.(\d{1,2})\.([1-9]\d{3})$/;
const STORED = /^(\d{4})-(\d{2})-(\d{2})/;
const pad = (n: number) => String(n).padStart(2, '0');

/** What the typed text means: no date (cleared), a `date` column value, or neither. */
export type DateText = { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'invalid' };

/** Reads '24.12.2026' (day and month with one or two digits, a four-digit year) as '2026-12-24'. */
export const readDate = (text: string): DateText => {
  const typed = text.trim();
  if (!typed) return { kind: 'empty' };
  const match = TYPED.exec(typed);
  if (!match) return { kind: 'invalid' };
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  // Strict: '31.02.2026' is no date, rather than 3 March.
  if (!isExists(year, month - 1, day)) return { kind: 'invalid' };
  return { kind: 'date', iso: `${year}-${pad(month)}-${pad(day)}` };
};

/** A `date` column value ('2026-12-24') as it is typed and shown ('24.12.2026'). */
export const showDate = (iso: string | null | undefined): string => {
  const match = iso ? STORED.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
};

/**
 * The draft of a date field bound to a stored value. `commit()` reads the text: a valid date or
 * an empty field is returned (and the error cleared), anything else shows the German message
 * and returns undefined.
 */
export const useDateDraft = (stored: string | null) => {
  const [text, setText] = useState(() => showDate(stored));
  const [dirty, setDirty] = useState(false);
  const [invalid, setInvalid] = useState(false);

  // A new stored value (saved here, or changed by another member) replaces the text unless the
  // user is typing; a committed draft that is not stored yet (the subtask editor's) stays.
  const [shown, setShown] = useState(stored);
  if (stored !== shown) {
    setShown(stored);
    if (!dirty) setText(showDate(stored));
  }

  const restore = () => {
    setText(showDate(stored));
    setDirty(false);
    setInvalid(false);
  };

  return {
    text,
    invalid,
    dirty,
    restore,
    change: (value: string) => {
      setText(value);
      setDirty(true);
      setInvalid(false);
    },
    /** The value the text stands for (null: cleared), or undefined when it is no date. */
    commit: (): string | null | undefined => {
      const read = readDate(text);
      if (read.kind === 'invalid') {
        setInvalid(true);
        return undefined;
      }
      const value = read.kind === 'date' ? read.iso : null;
      setText(showDate(value));
      setDirty(false);
      setInvalid(false);
      return value;
    },
  };
};

export type DateDraft = ReturnType<typeof useDateDraft>;

interface DateFieldProps {
  label: string;
  draft: DateDraft;
  /** Called on blur and on Enter with a valid date or null (cleared); never while typing. */
  onCommit?: (value: string | null) => void;
  layout?: FieldLayout;
  className?: string;
}

/** A labelled date field for dd.mm.yyyy; an invalid entry is marked and explained (aria). */
export const DateField = ({ label, draft, onCommit, layout, className }: DateFieldProps) => {
  const commit = () => {
    if (!draft.dirty) return;
    const value = draft.commit();
    if (value !== undefined) onCommit?.(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Inside a form Enter submits it; an invalid date must not be submitted with it.
      if (readDate(draft.text).kind === 'invalid') event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && (draft.dirty || draft.invalid)) {
      // The first Escape gives back the stored date; only the next one closes the dialog.
      event.stopPropagation();
      draft.restore();
    }
  };

  return (
    <TextField
      className={className}
      layout={layout}
      label={label}
      error={draft.invalid ? t('card.dateInvalid') : undefined}
      value={draft.text}
      placeholder={t('card.datePlaceholder')}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => draft.change(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
};

import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';

/** Which unsaved text of a card: the comment being written, the description being edited. */
export type DraftField = 'comment' | 'description';

const keyOf = (userId: string, cardId: string, field: DraftField) =>
  `taskflow.draft.${userId}.${cardId}.${field}`;

const read = (key: string | null): string => {
  if (!key) return '';
  try {
    return globalThis.sessionStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
};

const write = (key: string | null, value: string): void => {
  if (!key) return;
  try {
    if (value) globalThis.sessionStorage?.setItem(key, value);
    else globalThis.sessionStorage?.removeItem(key);
  } catch {
    // Storage full or disabled: the draft then lasts as long as the page.
  }
};

/**
 * A text field's state that outlives a reload of the tab: kept in sessionStorage per user and
 * card while it is not empty, gone when it is emptied (sent, saved or cleared by the user).
 * sessionStorage, not localStorage: a draft belongs to the tab it was typed in, and is not left
 * on a shared computer after the browser closes.
 */
export const useStoredDraft = (
  userId: string | null,
  cardId: string,
  field: DraftField,
): [string, Dispatch<SetStateAction<string>>] => {
  const key = userId ? keyOf(userId, cardId, field) : null;
  const [text, setText] = useState(() => read(key));
  const set = useCallback<Dispatch<SetStateAction<string>>>(
    (next) =>
      setText((current) => {
        const value = typeof next === 'function' ? next(current) : next;
        write(key, value);
        return value;
      }),
    [key],
  );
  return [text, set];
};

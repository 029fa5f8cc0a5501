import { useCallback, useEffect, useRef, useState } from 'react';

const SAVE_AFTER_MS = 400;

/**
 * A text field bound to a stored value that saves while the user types (docs/product-spec.md §4: saved on each
 * change), bundled into one write per pause instead of one per keystroke. While the field has
 * the focus, changes from elsewhere do not overwrite what is being typed.
 */
export const useDraft = (stored: string, save: (value: string) => void) => {
  const [draft, setDraft] = useState(stored);
  const [editing, setEditing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, stored, save });
  latest.current = { draft, stored, save };

  useEffect(() => {
    if (!editing) setDraft(stored);
  }, [stored, editing]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { draft: value, stored: current, save: write } = latest.current;
    if (value !== current) write(value);
  }, []);

  // A pending change is saved when the modal closes.
  useEffect(() => flush, [flush]);

  return {
    value: draft,
    onFocus: () => setEditing(true),
    // Not reset to `stored` here: until the next render that is still the value from before the
    // save, and a modal closed in that moment saved it back over what was just typed. Once not
    // editing, the effect above shows the stored value (the saved one, or the old one when the
    // save was declined, e.g. a blank title).
    onBlur: () => {
      flush();
      setEditing(false);
    },
    onChange: (value: string) => {
      setDraft(value);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
  };
};

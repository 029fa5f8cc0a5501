import { useCallback, useEffect, useRef, useState } from 'react';

const SAVE_AFTER_MS = 400;

/**
 * A text that saves while the user types, like useDraft, but that does not overwrite what
 * another member saved meanwhile. Why: a description is long, two members may edit it at once,
 * and a save writes the whole text, so the last one to type would silently erase the other's.
 *
 * `base` is the stored text this user's draft builds on: the text when they started, or their
 * own last save. A stored value that is neither (it came from someone else) while the user edits
 * and has typed (saved or not) is a conflict: saving stops and `theirs` holds the other text
 * until the user keeps theirs or mine. Without typing of their own, the new text is taken over.
 */
export const useGuardedDraft = (stored: string, save: (value: string) => void) => {
  const [draft, setDraft] = useState(stored);
  const [editing, setEditing] = useState(false);
  const [theirs, setTheirs] = useState<string | null>(null);
  const base = useRef(stored);
  /** Whether the user typed since they entered the field. */
  const touched = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, theirs, save });
  latest.current = { draft, theirs, save };

  useEffect(() => {
    if (stored === base.current) return;
    const { draft: mine, theirs: pending } = latest.current;
    if (stored === mine) {
      // The same text (their save matched, or the echo of my own): agreed, no conflict.
      base.current = stored;
      setTheirs(null);
    } else if (pending !== null || (editing && touched.current)) {
      setTheirs(stored);
    } else {
      // Not editing, or nothing typed yet: theirs is taken over, nothing of mine is lost.
      base.current = stored;
      setDraft(stored);
    }
  }, [stored, editing]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { draft: value, theirs: pending, save: write } = latest.current;
    // While another member's text waits for the user's choice, nothing is written.
    if (pending !== null || value === base.current) return;
    base.current = value;
    write(value);
  }, []);

  // A pending change is saved when the card closes (unless it conflicts).
  useEffect(() => flush, [flush]);

  return {
    value: draft,
    /** Another member's text, saved while this user edited; null without a conflict. */
    theirs,
    onFocus: () => {
      touched.current = false;
      setEditing(true);
    },
    onBlur: () => {
      flush();
      setEditing(false);
    },
    onChange: (value: string) => {
      touched.current = true;
      setDraft(value);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    /** 'Meine behalten': my text replaces theirs. */
    keepMine: () => {
      const { draft: value, save: write } = latest.current;
      base.current = value;
      setTheirs(null);
      write(value);
    },
    /** 'Ihre übernehmen': their text replaces my draft. */
    takeTheirs: () => {
      const { theirs: pending } = latest.current;
      if (pending === null) return;
      base.current = pending;
      setDraft(pending);
      setTheirs(null);
    },
  };
};

import { displayName, mentionToken, type MemberProfile } from '@taskflow/shared';
import { useMemo, useState, type KeyboardEvent } from 'react';

/** '@' at the start or after a space, then the name typed so far, right before the caret. */
const QUERY = /(^|\s)@([^\s@[\]]{0,30})$/;

const MAX_OPTIONS = 8;

/** An option's element id, for the combobox's aria-activedescendant. */
export const mentionOptionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * Mentions while typing: after '@' the board's members whose name starts a word with what
 * follows; arrows move, Enter or Tab chooses, Escape closes. A chosen member goes into the text
 * as its stored form `@[<user id>]` (shown as the highlighted name once sent).
 */
export const useMentionQuery = (
  text: string,
  setText: (text: string) => void,
  members: readonly MemberProfile[],
) => {
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const before = caret === null ? '' : text.slice(0, caret);
  const match = QUERY.exec(before);
  const query = match && before !== dismissed ? match[2]!.toLocaleLowerCase('de-DE') : null;
  const options = useMemo(
    () =>
      query === null
        ? []
        : members
            .filter((m) =>
              displayName(m)
                .toLocaleLowerCase('de-DE')
                .split(/\s+/)
                .some((word) => word.startsWith(query)),
            )
            .slice(0, MAX_OPTIONS),
    [members, query],
  );
  const open = options.length > 0;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const pick = (member: MemberProfile) => {
    if (caret === null || !match) return;
    const start = caret - match[2]!.length - 1;
    const inserted = `${mentionToken(member.id)} `;
    setText(text.slice(0, start) + inserted + text.slice(caret));
    setCaret(start + inserted.length);
    setActive(0);
  };

  return {
    open,
    options,
    active: current,
    pick,
    /** Keeps the caret known: call from the field's onChange, onSelect and onClick. */
    track: (field: HTMLInputElement | HTMLTextAreaElement) => {
      setCaret(field.selectionStart);
      setActive(0);
    },
    /** Handles the keys of an open list; true when the key was used. */
    onKeyDown: (event: KeyboardEvent) => {
      if (!open) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + options.length) % options.length);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        pick(options[current]!);
      } else if (event.key === 'Escape') {
        setDismissed(before);
      } else return false;
      event.preventDefault();
      event.stopPropagation();
      return true;
    },
  };
};

import { shortcutOf } from '@taskflow/shared';
import { useContext, useEffect, useRef } from 'react';
import { KeyboardCarryContext } from '../hooks/use-keyboard-carry';

interface BoardShortcutsProps {
  /** Opens the card composer of a list. */
  onAddCard: (listId: string) => void;
  onOpenCard: (cardId: string) => void;
}

/** The card and the list the focus is in, by the tiles' and the lists' data attributes. */
export const focusOnBoard = (element: Element | null) => ({
  cardId: element?.closest<HTMLElement>('[data-card-id]')?.dataset.cardId ?? null,
  listId: element?.closest<HTMLElement>('[data-list-id]')?.dataset.listId ?? null,
});

/**
 * The board's keyboard shortcuts (shared's keymap): 'n' adds a card to the list the focus is
 * in, 'e' opens the focused card, '<' and '>' move it to the list before or after. A key acts
 * only with the focus on the board; the shell answers '?', '/' and 'f'. Renders nothing.
 */
export const BoardShortcuts = ({ onAddCard, onOpenCard }: BoardShortcutsProps) => {
  const { moveAcross } = useContext(KeyboardCarryContext);
  // One listener for the board's life, reading the latest handlers.
  const latest = useRef({ onAddCard, onOpenCard, moveAcross });
  useEffect(() => {
    latest.current = { onAddCard, onOpenCard, moveAcross };
  }, [onAddCard, onOpenCard, moveAcross]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      const { cardId, listId } = focusOnBoard(document.activeElement);
      if (!listId) return;
      const act = latest.current;
      if (shortcut === 'addCard') act.onAddCard(listId);
      else if (shortcut === 'openCard' && cardId) act.onOpenCard(cardId);
      else if (shortcut === 'movePrevious' && cardId) act.moveAcross(cardId, 'ArrowLeft');
      else if (shortcut === 'moveNext' && cardId) act.moveAcross(cardId, 'ArrowRight');
      else return;
      // The key is spent: 'n' must not type itself into the composer it opens.
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return null;
};

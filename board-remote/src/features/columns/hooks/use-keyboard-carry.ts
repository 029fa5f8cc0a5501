import { boardStore, t } from '@taskflow/shared';
import { createContext, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { neighboursIn } from '../lib/drop-target';
import { carriedColumns, stepCarry, type Carry, type CarryKey } from '../lib/keyboard-carry';
import { focusTile } from '../lib/tile-focus';
import type { Column } from './use-board-columns';

/**
 * What a tile needs to be picked up by the keyboard, and the shortcuts '<' and '>' to move a
 * card to the list before or after its own; stable, so tiles stay memoised.
 */
export interface KeyboardCarryHandle {
  pickUp(cardId: string): void;
  moveAcross(cardId: string, step: 'ArrowLeft' | 'ArrowRight'): void;
}

export const KeyboardCarryContext = createContext<KeyboardCarryHandle>({
  pickUp: () => {},
  moveAcross: () => {},
});

const STEPS: readonly string[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** The words of a step: the card, its place and count in its list as shown, the list. */
const where = (columns: Column[], carry: Carry) => {
  const column = carriedColumns(columns, carry).find((c) => c.list.id === carry.listId);
  return {
    title: column?.cards[carry.index]?.title ?? '',
    position: carry.index + 1,
    count: column?.cards.length ?? 0,
    list: column?.list.title ?? '',
  };
};

/**
 * Carrying a card with the keyboard (lib/keyboard-carry.ts says why not dnd-kit's sensor):
 * the lists as shown meanwhile, what to announce, and `pickUp` for the tiles. While a card is
 * carried, the page's keys go here first: arrows move it, Space puts it down (one row written,
 * as a drop), Escape or a click anywhere puts it back. Focus stays on the card, its list
 * scrolls to show it (list-column.tsx), and the board scrolls to show its list.
 */
export const useKeyboardCarry = (columns: Column[]) => {
  const [carry, setCarry] = useState<Carry | null>(null);
  const [message, setMessage] = useState('');
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const carryRef = useRef(carry);
  carryRef.current = carry;
  const homeRef = useRef('');
  // Whether the carry is a move by '<' or '>' that puts itself down (moveAcross).
  const acrossRef = useRef(false);

  const pickUp = useCallback((cardId: string) => {
    const column = columnsRef.current.find((c) => c.cards.some((card) => card.id === cardId));
    if (!column || carryRef.current) return;
    const next = {
      cardId,
      listId: column.list.id,
      index: column.cards.findIndex((c) => c.id === cardId),
    };
    homeRef.current = column.list.title;
    setCarry(next);
    setMessage(t('dnd.pickedUp', where(columnsRef.current, next)));
  }, []);

  const putBack = useCallback(() => {
    const current = carryRef.current;
    if (!current) return;
    acrossRef.current = false;
    setMessage(
      t('dnd.cancelled', {
        title: where(columnsRef.current, current).title,
        list: homeRef.current,
      }),
    );
    setCarry(null);
  }, []);

  const putDown = useCallback((words: 'dnd.dropped' | 'dnd.movedTo' = 'dnd.dropped') => {
    const current = carryRef.current;
    if (!current) return;
    const shown = carriedColumns(columnsRef.current, current).find(
      (c) => c.list.id === current.listId,
    );
    setMessage(t(words, where(columnsRef.current, current)));
    setCarry(null);
    // Between its neighbours as shown; the store writes nothing when it lands where it lies.
    void boardStore.moveCard(current.cardId, {
      listId: current.listId,
      ...neighboursIn(shown?.cards ?? [], current.cardId),
    });
  }, []);

  /**
   * '<' and '>': the card goes to the same place in the list before or after (its end, if that
   * list is shorter). It is carried there for two frames, so that its new list shows it (a
   * windowed list scrolls to it) and the focus follows, as with the arrow keys; then it is put
   * down: one write, announced as a move. A second press meanwhile carries it one list further,
   * and while Space carries a card, '<' and '>' step like the arrow keys.
   */
  const moveAcross = useCallback(
    (cardId: string, step: 'ArrowLeft' | 'ArrowRight') => {
      const columns = columnsRef.current;
      const current = carryRef.current;
      if (current) {
        if (current.cardId !== cardId) return;
        const next = stepCarry(carriedColumns(columns, current), current, step);
        carryRef.current = next;
        setCarry(next);
        if (!acrossRef.current) setMessage(t('dnd.over', where(columns, next)));
        return;
      }
      const column = columns.find((c) => c.cards.some((card) => card.id === cardId));
      if (!column) return;
      const from = {
        cardId,
        listId: column.list.id,
        index: column.cards.findIndex((c) => c.id === cardId),
      };
      const to = stepCarry(columns, from, step);
      if (to.listId === from.listId) {
        const { title } = where(columns, from);
        setMessage(t(step === 'ArrowLeft' ? 'dnd.noListBefore' : 'dnd.noListAfter', { title }));
        return;
      }
      homeRef.current = column.list.title;
      acrossRef.current = true;
      carryRef.current = to;
      setCarry(to);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (!acrossRef.current) return;
          acrossRef.current = false;
          putDown('dnd.movedTo');
        }),
      );
    },
    [putDown],
  );

  const carrying = carry !== null;
  // A layout effect: bound before the pick-up is painted (and announced), so a key pressed as
  // soon as it is heard is not lost.
  useLayoutEffect(() => {
    if (!carrying) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const current = carryRef.current;
      if (!current) return;
      const step = STEPS.includes(event.key) ? (event.key as CarryKey) : null;
      if (!step && event.code !== 'Space' && event.key !== 'Escape' && event.key !== 'Enter') {
        return;
      }
      // Nothing else acts on these keys meanwhile (no page scroll, no click on the card).
      event.preventDefault();
      event.stopPropagation();
      if (event.key === 'Escape') putBack();
      else if (event.code === 'Space' && !event.repeat) putDown();
      else if (step) {
        const next = stepCarry(carriedColumns(columnsRef.current, current), current, step);
        setCarry(next);
        setMessage(t('dnd.over', where(columnsRef.current, next)));
      }
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', putBack, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', putBack, true);
    };
  }, [carrying, putBack, putDown]);

  // Focus follows the card (its tile remounts in another list) and the board shows its list.
  const carriedId = carry?.cardId ?? null;
  const carriedList = carry?.listId ?? null;
  useLayoutEffect(() => {
    if (!carriedId || !carriedList) return;
    focusTile(carriedId, false);
    document
      .querySelector(`[data-list-id="${carriedList}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [carriedId, carriedList, carry?.index]);
  // After the drop or Escape, focus is on the card where it now lies.
  const lastCarried = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (carriedId) lastCarried.current = carriedId;
    else if (lastCarried.current) {
      const id = lastCarried.current;
      lastCarried.current = null;
      requestAnimationFrame(() => focusTile(id));
    }
  }, [carriedId]);

  const view = useMemo(() => carriedColumns(columns, carry), [columns, carry]);
  const handle = useMemo(() => ({ pickUp, moveAcross }), [pickUp, moveAcross]);
  return { carry, view, message, handle };
};

import { t, type Board } from '@taskflow/shared';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';

/**
 * When the board on screen leaves the user's list (archived or deleted, by the user or its
 * owner, or the user removed from it), what was open on it closes: an open card does not say
 * 'Diese Aufgabe gibt es nicht mehr.', the boards store has said what happened (boards-store.ts).
 * The focus then goes to the board selector, or to 'Erstes Board erstellen' when no board is
 * left, unless something (the undo toast) has taken it already.
 */
export const useBoardLoss = <Overlay extends { kind: string }>(
  boards: readonly Board[],
  selectedId: string | null,
  setOverlay: Dispatch<SetStateAction<Overlay>>,
): void => {
  const shown = useRef<string | null>(selectedId);
  useEffect(() => {
    const before = shown.current;
    shown.current = selectedId;
    if (!before || before === selectedId || boards.some((board) => board.id === before)) return;
    setOverlay((current) =>
      current.kind === 'card' || current.kind === 'team' ? ({ kind: 'none' } as Overlay) : current,
    );
    // After the overlay's dialog has closed and handed the focus back (to nothing, now).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const target =
        document.querySelector<HTMLElement>(`[aria-label="${t('topBar.boardSelector')}"]`) ??
        [...document.querySelectorAll<HTMLElement>('main button')].find(
          (button) => button.textContent === t('boards.createFirst'),
        );
      target?.focus();
    });
  }, [boards, selectedId, setOverlay]);
};

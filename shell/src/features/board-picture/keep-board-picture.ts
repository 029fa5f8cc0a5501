// The live app's side of the board picture (show-board-picture.ts paints it at boot): the
// picture leaves once the app shows the board itself or anything else, and the device keeps a
// new picture of the board whenever the page is hidden or left.
import { useEffect } from 'react';
import { boardPictureSettings } from './picture-record';
import { forgetBoardPictures, keepBoardPicture, takeBoardPicture } from './take-board-picture';

const settings = boardPictureSettings(import.meta.env.BASE_URL);

/** The live board is on screen: its columns are drawn (board-remote's board-columns.tsx). */
const liveBoardShown = (root: HTMLElement): boolean =>
  root.querySelector('[data-testid="board-columns"] > *') !== null;

/** Takes the boot script's picture away (the live app now shows the screen). */
export const dismissBoardPicture = (): void => {
  document.getElementById(settings.hostId)?.remove();
};

/**
 * Removes the picture in the very task in which React draws the live board (a mutation
 * observer's callback runs before the next task), so the two never stand side by side.
 */
export const dismissBoardPictureWhenLive = (root: HTMLElement): void => {
  if (!document.getElementById(settings.hostId)) return;
  const observer = new MutationObserver(() => {
    if (!document.getElementById(settings.hostId)) observer.disconnect();
    else if (liveBoardShown(root)) {
      observer.disconnect();
      dismissBoardPicture();
    }
  });
  observer.observe(root, { childList: true, subtree: true });
};

/** Sign-out: this device forgets the pictures with the rest of the user's copies. */
export const forgetDeviceBoardPictures = (): void => {
  try {
    forgetBoardPictures(localStorage, settings);
  } catch {
    // Storage blocked (privacy settings): nothing was kept.
  }
};

const takeNow = (userId: string, boardId: string): void => {
  const root = document.getElementById('root');
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  if (!root || !entry || !liveBoardShown(root)) return;
  const styles = Array.from(
    document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
    (link) => ({ href: link.href, crossOrigin: link.getAttribute('crossorigin') }),
  );
  const picture = takeBoardPicture(root, { userId, boardId, build: entry.src, styles, settings });
  try {
    if (picture) keepBoardPicture(localStorage, picture, settings);
  } catch {
    // Storage blocked or full: the next visit waits for the app, as without a picture.
  }
};

/**
 * While the user's board is shown (`boardId`), the device keeps its picture: when the page is
 * hidden or left (closing the tab, a reload, switching apps on a phone), the moments after
 * which a visit starts again. `settled` says the screen is the live app's, whatever it shows
 * (the board, or its absence): the boot script's picture gives way then. `lostBoardId`, a board
 * that is gone or closed to the user (the address's, which need not be the one selected),
 * loses its picture.
 */
export const useBoardPicture = ({
  userId,
  boardId,
  settled,
  lostBoardId,
}: {
  userId: string;
  /** The board shown, null while none is. */
  boardId: string | null;
  settled: boolean;
  lostBoardId: string | null;
}): void => {
  useEffect(() => {
    if (settled) dismissBoardPicture();
  }, [settled]);

  useEffect(() => {
    if (!lostBoardId) return;
    try {
      localStorage.removeItem(settings.keyPrefix + lostBoardId);
    } catch {
      // Storage blocked: nothing was kept.
    }
  }, [lostBoardId]);

  useEffect(() => {
    if (!import.meta.env.PROD || !boardId) return;
    const take = () => takeNow(userId, boardId);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') take();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', take);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', take);
    };
  }, [userId, boardId]);
};

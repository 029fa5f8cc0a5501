import {
  pictureIndexKey,
  picturesKept,
  type BoardPicture,
  type BoardPictureSettings,
  type PictureStyle,
} from './picture-record';

/**
 * What a picture leaves out: what covers the board for a moment (dialogs, menus, pickers,
 * tooltips, messages and live announcements, which would be stale), and anything that runs or
 * loads (scripts, frames, media).
 */
const leftOut = [
  'script',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'template',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="alert"]',
  '[role="status"]',
  '[role="tooltip"]',
  '[role="menu"]',
  '[role="listbox"]',
  '[aria-live]',
].join(',');

/** A larger first screen is not worth its parse on the next visit (nor the device's storage). */
const MAX_HTML_CHARS = 600_000;

/**
 * The app root's markup as a picture to paint again (show-board-picture.ts): a clone, cleaned of
 * what must never run or be fetched again (event handler attributes, image sources, which are
 * signed Storage URLs that expire) and of what covered the board for a moment. Inline styles
 * (the virtualised lists' positions) move to `settings.styleAttribute`, because the page's
 * Content-Security-Policy would drop them from markup. Null when there is nothing to keep.
 */
export const takeBoardPicture = (
  root: HTMLElement,
  context: {
    userId: string;
    boardId: string;
    build: string;
    styles: PictureStyle[];
    settings: BoardPictureSettings;
    now?: Date;
  },
): BoardPicture | null => {
  const clone = root.cloneNode(true) as HTMLElement;
  for (const element of Array.from(clone.querySelectorAll(leftOut))) element.remove();
  for (const element of Array.from(clone.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      if (/^on/i.test(name)) element.removeAttribute(name);
      else if (name === 'style') {
        element.setAttribute(context.settings.styleAttribute, value);
        element.removeAttribute(name);
      }
    }
    if (element.localName === 'img' || element.localName === 'source') {
      element.removeAttribute('src');
      element.removeAttribute('srcset');
    }
  }
  const html = clone.innerHTML;
  if (html.length === 0 || html.length > MAX_HTML_CHARS) return null;
  return {
    version: context.settings.version,
    build: context.build,
    userId: context.userId,
    boardId: context.boardId,
    savedAt: (context.now ?? new Date()).toISOString(),
    styles: context.styles,
    html,
  };
};

const readIndex = (storage: Storage): string[] => {
  try {
    const index: unknown = JSON.parse(storage.getItem(pictureIndexKey) ?? '[]');
    return Array.isArray(index) ? index.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/** Keeps `picture` as its board's, and the last `picturesKept` boards' pictures only. */
export const keepBoardPicture = (
  storage: Storage,
  picture: BoardPicture,
  settings: BoardPictureSettings,
): void => {
  const index = [picture.boardId, ...readIndex(storage).filter((id) => id !== picture.boardId)];
  for (const stale of index.splice(picturesKept)) storage.removeItem(settings.keyPrefix + stale);
  const value = JSON.stringify(picture);
  try {
    storage.setItem(settings.keyPrefix + picture.boardId, value);
  } catch {
    // Full: the other boards' pictures make room for the one in use, once.
    for (const other of index.splice(1)) storage.removeItem(settings.keyPrefix + other);
    try {
      storage.setItem(settings.keyPrefix + picture.boardId, value);
    } catch {
      index.length = 0;
    }
  }
  storage.setItem(pictureIndexKey, JSON.stringify(index));
};

/** Sign-out: the device forgets every board picture (the next user must not see them). */
export const forgetBoardPictures = (storage: Storage, settings: BoardPictureSettings): void => {
  for (const id of readIndex(storage)) storage.removeItem(settings.keyPrefix + id);
  storage.removeItem(pictureIndexKey);
  // Pictures a lost index no longer names.
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) if (key?.startsWith(settings.keyPrefix)) storage.removeItem(key);
};

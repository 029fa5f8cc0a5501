// What the device keeps of a board's first screen so that a second visit paints it at once:
// the markup of the app's root as the user last saw it, with what it needs to be drawn again.
// Written by take-board-picture.ts, shown by the page's boot script (show-board-picture.ts),
// forgotten on sign-out.

/** One board's picture, stored as JSON under `pictureKeyPrefix + boardId`. */
export interface BoardPicture {
  /** The record's shape; a page that reads another version shows nothing. */
  version: number;
  /** The page's module entry: another deploy may draw differently, so it shows nothing. */
  build: string;
  /** The user who saw it: a picture is only ever shown to the same signed-in user. */
  userId: string;
  boardId: string;
  savedAt: string;
  /**
   * The stylesheets the page had loaded (the shell's and the remotes'), fetched the way the page
   * fetched them: the service worker's copy of a stylesheet loaded without CORS serves no CORS
   * request.
   */
  styles: PictureStyle[];
  /** The app root's markup, cleaned (take-board-picture.ts): no scripts, handlers or images. */
  html: string;
}

export interface PictureStyle {
  href: string;
  /** The <link>'s crossorigin attribute, null without one. */
  crossOrigin: string | null;
}

/** What the boot script is given (a self-contained function cannot import these). */
export interface BoardPictureSettings {
  version: number;
  keyPrefix: string;
  hostId: string;
  /** The app's base path ('/' or '/sub/'). */
  base: string;
  /**
   * Where the app remembers the selected board (shared's boards-store): at the start address the
   * app opens that board, so its picture is the one to paint.
   */
  selectedBoardKey: string;
  /** The attribute that carries a captured inline style (applied through the CSSOM: CSP). */
  styleAttribute: string;
  /** The class that lets theme.css apply the dark palette inside the picture. */
  themedClass: string;
  /** How long the picture may stand without the live board replacing it. */
  maxShownMs: number;
}

export const boardPictureSettings = (base: string): BoardPictureSettings => ({
  version: 1,
  keyPrefix: 'taskflow.boardPicture.',
  hostId: 'taskflow-board-picture',
  base,
  selectedBoardKey: 'taskflow.selected-board',
  styleAttribute: 'data-picture-style',
  themedClass: 'board-picture',
  maxShownMs: 10_000,
});

/** The index of kept pictures, most recent first: a device keeps the last few boards only. */
export const pictureIndexKey = 'taskflow.boardPictures';
export const picturesKept = 3;

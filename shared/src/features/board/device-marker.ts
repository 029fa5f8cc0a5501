// A synchronous note (localStorage) that the device may keep waiting edits of a user, so that a
// page where none ever had to wait does not load the device's outbox (kernel/offline/
// outbox-db.ts, IndexedDB) just to find it empty: the first load and every board opened stay
// without it. Set before the first record is written, removed only on sign-out, when the records
// go too: a note left over costs one small import, a missing one would lose edits, so it errs on
// the side of being there. Without localStorage (private mode, full) every user may have edits.

const key = (userId: string) => `taskflow-device-edits:${userId}`;

/** Whether the device may hold waiting edits of this user. */
export const mayHaveStoredEdits = (userId: string): boolean => {
  try {
    return globalThis.localStorage?.getItem(key(userId)) !== null;
  } catch {
    return true;
  }
};

/** Before an edit of this user is stored on the device. */
export const noteStoredEdits = (userId: string): void => {
  try {
    globalThis.localStorage?.setItem(key(userId), '1');
  } catch {
    // Not kept: mayHaveStoredEdits answers yes without localStorage.
  }
};

/** Sign-out, once the device forgot the user's edits. */
export const forgetStoredEditsNote = (userId: string): void => {
  try {
    globalThis.localStorage?.removeItem(key(userId));
  } catch {
    // Nothing kept.
  }
};

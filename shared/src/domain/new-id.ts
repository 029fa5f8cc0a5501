/**
 * Ids are made on the client so that an optimistic row and its realtime echo share the same
 * primary key: the echo then updates the row instead of adding a second one.
 */
export const newId = (): string => {
  const id = replaying?.shift() ?? freshId();
  recording?.push(id);
  return id;
};

/** Ids handed out again, in order, while an edit stored on the device is made anew. */
let replaying: string[] | null = null;
/** Ids handed out while an edit is made, to store with it. */
let recording: string[] | null = null;

/**
 * Makes something (an edit) and says which ids it took, so that the same edit made again later
 * (after a reload, from the device's outbox) takes the same ids: `withIds(ids, make)`.
 */
export const recordIds = <T>(make: () => T): { made: T; ids: string[] } => {
  const ids: string[] = [];
  recording = ids;
  try {
    return { made: make(), ids };
  } finally {
    recording = null;
  }
};

/** Makes it again with the ids it took the first time (see recordIds). */
export const withIds = <T>(ids: readonly string[], make: () => T): T => {
  replaying = [...ids];
  try {
    return make();
  } finally {
    replaying = null;
  }
};

const freshId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts (https, localhost); a plain-http LAN
  // address still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

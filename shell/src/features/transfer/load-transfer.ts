// The formats (zod schemas, papaparse, the Trello mapper) load when an export or import starts,
// not with the app: the first-load budget (e2e/delivery.test.ts) stays as it was.
// Their messages (transfer.* in de-on-demand.ts) come along.
export const loadTransfer = async () =>
  (
    await Promise.all([import('@taskflow/shared/transfer'), import('../loading/on-demand-texts')])
  )[0];

/** Hands a text to the browser as a download. */
export const downloadText = (fileName: string, text: string, type: string): void =>
  downloadBlob(fileName, new Blob([text], { type }));

/** Hands a file's bytes to the browser as a download. */
export const downloadBlob = (fileName: string, blob: Blob): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once cancels the download in Firefox.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * A download's file name from a board title: characters that Windows, macOS or Linux refuse in
 * a name (and control characters) become '-', runs of spaces and dashes collapse, umlauts stay.
 */
export const exportFileName = (title: string, extension: 'json' | 'csv' | 'zip'): string => {
  const base = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${base || 'board'}.${extension}`;
};

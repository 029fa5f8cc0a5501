/**
 * Puts a text on the clipboard: the Clipboard API where the page may use it (a secure context,
 * the user's click), else a hidden textarea and `execCommand('copy')`, which older browsers and
 * plain-http hosts still allow. True when one of them succeeded.
 */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): the fallback below may still work.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  // Off screen but in the document: selection needs a rendered element.
  field.style.position = 'fixed';
  field.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    // The dialog's focus trap must not lose the button that was pressed.
    focused?.focus();
  }
};

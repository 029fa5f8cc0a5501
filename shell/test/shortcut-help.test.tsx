import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shortcutKeys } from '@taskflow/shared';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ShortcutHelpDialog } from '../src/features/shortcuts/components/shortcut-help-dialog';
import { useGlobalShortcuts } from '../src/features/shortcuts/hooks/use-global-shortcuts';

/** The shell's part as the main screen wires it: '?' opens the help, '/' and 'f' the search. */
const Page = ({ onShowSearch = vi.fn() }: { onShowSearch?: () => void }) => {
  const [help, setHelp] = useState(false);
  useGlobalShortcuts({ onHelp: () => setHelp(true), onShowSearch });
  return (
    <>
      <input type="search" aria-label="Aufgaben durchsuchen..." />
      <button type="button">Karte</button>
      {help ? <ShortcutHelpDialog onClose={() => setHelp(false)} /> : null}
    </>
  );
};

describe('keyboard shortcut help', () => {
  it("opens on '?', lists every shortcut in German, and closes on Escape", async () => {
    render(<Page />);
    await userEvent.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Tastenkürzel' });
    const keys = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(keys).toContain('/oderFSuche aufrufen');
    expect(keys).toContain('NKarte zur Liste mit dem Fokus hinzufügen');
    expect(keys).toContain('EoderEingabetasteKarte mit dem Fokus öffnen');
    expect(keys).toContain('<Karte mit dem Fokus in die vorige Liste verschieben');
    expect(keys).toContain('>Karte mit dem Fokus in die nächste Liste verschieben');
    expect(keys).toContain('EscDialog oder Eingabe schließen');
    // Every key of the keymap is listed.
    const shown = Array.from(dialog.querySelectorAll('kbd'), (kbd) =>
      kbd.textContent?.toLowerCase(),
    );
    for (const key of Object.keys(shortcutKeys)) expect(shown).toContain(key);

    // While it is open, keys belong to the dialog: '?' again opens nothing more.
    await userEvent.keyboard('?');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("focuses the search on '/' or 'f' without typing the key into it", async () => {
    render(<Page />);
    const search = screen.getByRole('searchbox');
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('');
    // In the search box, '/' and 'f' are text.
    await userEvent.keyboard('f/');
    expect((search as HTMLInputElement).value).toBe('f/');
    screen.getByRole('button', { name: 'Karte' }).focus();
    await userEvent.keyboard('f');
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('f/');
  });

  it('shows the filter panel first where the search box lives there (a phone)', async () => {
    const onShowSearch = vi.fn();
    const Phone = () => {
      const [panel, setPanel] = useState(false);
      useGlobalShortcuts({
        onHelp: vi.fn(),
        onShowSearch: () => {
          onShowSearch();
          setPanel(true);
        },
      });
      return panel ? <input type="search" aria-label="Aufgaben durchsuchen..." /> : null;
    };
    render(<Phone />);
    await userEvent.keyboard('/');
    expect(onShowSearch).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox')));
  });
});

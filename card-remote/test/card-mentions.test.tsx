import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';
import { Markdown } from '../src/components/markdown';

// Signed in as Ben on the sample board (members Anna Schmidt and Ben Keller).
vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal(), {
    currentUser: () => ({ id: 'user-ben', email: 'ben@beispiel.de', fullName: 'Ben Keller' }),
  }),
);

const { boardStore } = await import('@taskflow/shared');

describe('typing @ in a comment', () => {
  beforeEach(async () => {
    render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  });
  afterEach(() => boardStore.close());

  it("offers the board's members in a listbox, chosen by keyboard and stored by id", async () => {
    const field = screen.getByRole('combobox', { name: 'Kommentar schreiben...' });
    await userEvent.type(field, 'Bitte @');
    const list = await screen.findByRole('listbox', { name: 'Mitglieder zum Erwähnen' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ASAnna Schmidt', 'BKBen Keller']);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    await userEvent.type(field, 'k');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['BKBen Keller']);
    await userEvent.keyboard('{Backspace}{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(
      within(list).getAllByRole('option')[1]!.id,
    );
    await userEvent.keyboard('{Enter}');
    expect((field as HTMLInputElement).value).toBe('Bitte @[user-ben] ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape and keeps the text', async () => {
    const field = screen.getByRole('combobox', { name: 'Kommentar schreiben...' });
    await userEvent.clear(field);
    await userEvent.type(field, '@an');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('@an');
  });
});

describe('typing @ in the description and in a comment being edited', () => {
  beforeEach(async () => {
    render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  });
  afterEach(() => boardStore.close());

  it('the description offers the members as the comment field does, and keeps Enter for them', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Beschreibung bearbeiten' }));
    const field = screen.getByRole('combobox', { name: 'Beschreibung' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(field, ' für @an');
    const list = await screen.findByRole('listbox', { name: 'Mitglieder zum Erwähnen' });
    expect(within(list).getByRole('option', { selected: true }).textContent).toBe('ASAnna Schmidt');
    expect(field.getAttribute('aria-activedescendant')).toBe(
      within(list).getAllByRole('option')[0]!.id,
    );
    await userEvent.keyboard('{Enter}');
    expect((field as HTMLTextAreaElement).value).toBe(
      'Wasser, Saft und Limonade für @[user-anna] ',
    );
    expect(screen.queryByRole('listbox')).toBeNull();
    // With the list closed, Enter is a new line again.
    await userEvent.keyboard('{Enter}x');
    expect((field as HTMLTextAreaElement).value).toBe(
      'Wasser, Saft und Limonade für @[user-anna] \nx',
    );
  });

  it('editing a comment offers the members; Escape closes the list before the editor', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const field = screen.getByRole('combobox', { name: 'Kommentar bearbeiten' });
    await userEvent.type(field, ' Danke @be');
    await screen.findByRole('listbox', { name: 'Mitglieder zum Erwähnen' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Kommentar bearbeiten' })).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'Danke @be');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Tab}');
    expect((field as HTMLTextAreaElement).value).toBe('Danke @[user-ben] ');
  });
});

describe('a stored mention', () => {
  it('shows as the highlighted current name, or Unbekannt', () => {
    const id = '0b7c2f9e-8d7e-4b8a-9a51-3f2a1c0d4e5f';
    const other = '1b7c2f9e-8d7e-4b8a-9a51-3f2a1c0d4e5f';
    render(
      <Markdown
        text={`Danke @[${id}], und @[${other}]!`}
        nameOf={(userId) => (userId === id ? 'Max Mustermann' : undefined)}
      />,
    );
    expect(screen.getByText('@Max Mustermann').getAttribute('data-mention')).toBe(id);
    expect(screen.getByText('@Unbekannt')).toBeTruthy();
    expect(screen.queryByText(/@\[/)).toBeNull();
  });
});

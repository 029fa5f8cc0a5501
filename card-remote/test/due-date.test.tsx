import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSampleCard } from './open-sample-card';
import { readDate } from '../src/components/date-field';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

let onClose: ReturnType<typeof vi.fn<() => void>>;
const writes = (name: string) => memoryGateway().calls.filter((call) => call.name === name);
const dueDateField = () => screen.getByRole('textbox', { name: 'Fälligkeitsdatum' });
const message = 'Bitte ein Datum im Format TT.MM.JJJJ eingeben.';

beforeEach(async () => {
  onClose = await openSampleCard();
});

afterEach(() => boardStore.close());

describe('the due date', () => {
  it('is written once, when 24.12.2026 is typed character by character and confirmed', async () => {
    const field = dueDateField();
    await userEvent.clear(field);
    await userEvent.type(field, '24.12.2026');
    expect(writes('updateCardRow')).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(writes('updateCardRow').map((call) => call.args)).toEqual([
      ['card-drinks', { due_date: '2026-12-24' }],
    ]);
    expect((field as HTMLInputElement).value).toBe('24.12.2026');
    expect(field.hasAttribute('aria-invalid')).toBe(false);
  });

  it.each(['31.02.2026', '12/24/2026', '24.12.26', '2026-12-24'])(
    "writes nothing for '%s' and says in German what is expected",
    async (typed) => {
      const field = dueDateField();
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      await userEvent.tab();
      expect(writes('updateCardRow')).toEqual([]);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toEqual([message]);
      expect(screen.getByRole('alert').textContent).toBe(message);
      // Enter does not save it either.
      field.focus();
      await userEvent.keyboard('{Enter}');
      expect(writes('updateCardRow')).toEqual([]);
    },
  );

  it('gives back the stored date on Escape and keeps the dialog open', async () => {
    const field = dueDateField();
    await userEvent.clear(field);
    await userEvent.type(field, '3.1.20');
    await userEvent.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('20.06.2025');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(writes('updateCardRow')).toEqual([]);
  });

  it('is removed when the field is cleared', async () => {
    await userEvent.clear(dueDateField());
    await userEvent.keyboard('{Enter}');
    expect(writes('updateCardRow').map((call) => call.args)).toEqual([
      ['card-drinks', { due_date: null }],
    ]);
  });

  it('writes nothing when the same date is confirmed again', async () => {
    const field = dueDateField();
    await userEvent.clear(field);
    await userEvent.type(field, '20.6.2025{Enter}');
    expect(writes('updateCardRow')).toEqual([]);
  });
});

describe('a subtask deadline', () => {
  it('is typed as dd.mm.yyyy and saved with Speichern', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    const editor = screen.getByPlaceholderText('Unteraufgabe beschreiben...').closest('form')!;
    const deadline = within(editor).getByRole('textbox', { name: 'Fälligkeitsdatum' });
    await userEvent.type(deadline, '18.06.2025');
    await userEvent.click(within(editor).getByRole('button', { name: 'Speichern' }));
    expect(writes('updateChecklistItemRow').at(-1)?.args[1]).toMatchObject({
      due_date: '2025-06-18',
    });
  });

  it('that is no date keeps the editor open with the German message', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    const editor = screen.getByPlaceholderText('Unteraufgabe beschreiben...').closest('form')!;
    const deadline = within(editor).getByRole('textbox', { name: 'Fälligkeitsdatum' });
    await userEvent.type(deadline, '31.02.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(writes('updateChecklistItemRow')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(deadline);
  });
});

describe('readDate', () => {
  it('reads German dates strictly', () => {
    expect(readDate('24.12.2026')).toEqual({ kind: 'date', iso: '2026-12-24' });
    expect(readDate(' 1.3.2026 ')).toEqual({ kind: 'date', iso: '2026-03-01' });
    expect(readDate('29.02.2028')).toEqual({ kind: 'date', iso: '2028-02-29' });
    expect(readDate('')).toEqual({ kind: 'empty' });
    for (const text of ['29.02.2026', '24.12.122026', '24.12.0001', '32.01.2026', '24.13.2026'])
      expect(readDate(text)).toEqual({ kind: 'invalid' });
  });
});

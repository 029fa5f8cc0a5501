// 'Aus Datei importieren' refuses what it cannot import before anything is sent, in German.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImportFromFile } from '../src/features/transfer/import-from-file';

const choose = async (file: File) => {
  const onImported = vi.fn();
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  render(<ImportFromFile onImported={onImported} />);
  await userEvent.upload(screen.getByTestId('import-file-input'), file);
  // The first test also loads the formats module (a dynamic import), which takes a moment.
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(onImported).not.toHaveBeenCalled();
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockRestore();
  return alert.textContent;
};

describe('import from a file', () => {
  it('refuses a file over 10 MB without reading or sending it', async () => {
    const file = new File(['{}'], 'riesig.json', { type: 'application/json' });
    Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(await choose(file)).toBe(
      'Die Datei ist zu groß. Es können Dateien bis 10 MB importiert werden.',
    );
  });

  it('says a truncated file is not valid JSON', async () => {
    const file = new File(['{"format": "taskflow-board", "version": 1, "lists": ['], 'halb.json');
    expect(await choose(file)).toMatch(/^Die Datei ist kein gültiges JSON/);
  });

  it('says another format is not recognised', async () => {
    const file = new File([JSON.stringify({ tasks: [] })], 'fremd.json');
    expect(await choose(file)).toMatch(/^Das Format der Datei wird nicht erkannt/);
  });

  it('says a TaskFlow file with a card without title cannot be imported', async () => {
    const doc = {
      format: 'taskflow-board',
      version: 1,
      board: { title: 'X' },
      lists: [{ title: 'A', position: 1, cards: [{ title: ' ', position: 1 }] }],
    };
    const file = new File([JSON.stringify(doc)], 'kaputt.json');
    expect(await choose(file)).toMatch(/^Die Datei enthält ungültige Daten/);
  });

  it('says a damaged ZIP export cannot be imported, and nothing was created', async () => {
    const file = new File(['PK\u0003\u0004 abgeschnitten'], 'board.zip', {
      type: 'application/zip',
    });
    expect(await choose(file)).toBe(
      'Das ZIP-Archiv ist beschädigt oder unvollständig (oder enthält keine board.json) und kann nicht importiert werden. Es wurde nichts angelegt.',
    );
  });
});

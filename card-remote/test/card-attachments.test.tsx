import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal(), {
    currentUser: () => ({ id: 'user-ben', email: 'ben@beispiel.de', fullName: 'Ben Keller' }),
  }),
);

const { boardStore, ToastViewport } = await import('@taskflow/shared');

const photo = {
  id: 'attachment-1',
  card_id: 'card-drinks',
  board_id: 'board-1',
  object_path: 'board-1/card-drinks/0b7e-foto.png',
  name: 'foto.png',
  size: 2048,
  mime_type: 'image/png',
  uploaded_by: 'user-anna',
  created_at: '2026-11-26T10:15:00Z',
  image_width: 800,
  image_height: 600,
};

const section = () => screen.getByRole('heading', { name: 'Anhänge' }).closest('section')!;

beforeEach(async () => {
  memoryGateway().calls.length = 0;
  render(
    <>
      <CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />
      <ToastViewport />
    </>,
  );
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
});

afterEach(() => boardStore.close());

describe("the card's 'Anhänge'", () => {
  it('offers to attach a file, and lists a file another member attached, live', async () => {
    expect(within(section()).getByRole('button', { name: 'Datei anhängen' })).toBeTruthy();
    act(() =>
      memoryGateway().push({ table: 'card_attachments', eventType: 'INSERT', new: photo, old: {} }),
    );
    const list = await within(section()).findByRole('list', { name: 'Angehängte Dateien' });
    expect(within(list).getByText('foto.png')).toBeTruthy();
    expect(within(list).getByText(/^2 KB · Anna Schmidt · /)).toBeTruthy();
    expect(within(list).getByRole('button', { name: '„foto.png“ herunterladen' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Vorschau von „foto.png“' })).toBeTruthy();
  });

  it("makes an image the card's cover", async () => {
    act(() =>
      memoryGateway().push({ table: 'card_attachments', eventType: 'INSERT', new: photo, old: {} }),
    );
    const list = await within(section()).findByRole('list', { name: 'Angehängte Dateien' });
    await userEvent.click(within(list).getByRole('button', { name: 'Als Titelbild festlegen' }));
    const update = memoryGateway()
      .calls.filter((call) => call.name === 'updateCardRow')
      .at(-1);
    expect(update?.args).toEqual(['card-drinks', { cover_attachment_id: 'attachment-1' }]);
    expect(within(list).getByText('Titelbild')).toBeTruthy();
  });

  it('refuses a file over 50 MB in German before sending anything', async () => {
    const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [big] } });
    expect(await screen.findByText('Die Datei ist zu groß (höchstens 50 MB).')).toBeTruthy();
    expect(within(section()).queryByRole('list', { name: 'Angehängte Dateien' })).toBeNull();
  });
});

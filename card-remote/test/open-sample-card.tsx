import { render, screen } from '@testing-library/react';
import { memoryGateway } from '@taskflow/shared/testing';
import { vi } from 'vitest';
import CardDetail from '../src/card-detail';

/**
 * Opens the sample board's 'Getränke bestellen' card (list 'Zu erledigen') in the card dialog,
 * with the gateway's call log emptied; resolves with the dialog's onClose once it is shown.
 * The test file mocks '@taskflow/shared' with sharedOnMemoryGateway first.
 */
export const openSampleCard = async () => {
  memoryGateway().calls.length = 0;
  const onClose = vi.fn<() => void>();
  render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={onClose} />);
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  return onClose;
};

import type { BoardData, Card } from '@taskflow/shared';

/** The board "Sommerfest" of the header and deletion tests, holding `cardCount` cards. */
export const boardWith = (cardCount = 0): BoardData => ({
  board: {
    id: 'b1',
    title: 'Sommerfest',
    owner_id: 'u1',
    background: 'bg-gradient-to-br from-blue-500 to-indigo-600',
    created_at: '2025-01-01T00:00:00Z',
  } as BoardData['board'],
  members: [],
  labels: [],
  lists: {},
  cards: Object.fromEntries(
    Array.from({ length: cardCount }, (_, i) => [`c${i}`, { id: `c${i}` } as Card]),
  ),
});

import type { BoardSnapshot } from '../domain/types';
import { newCard, newMember, newRow } from '../domain/new-rows';

const at = (second: number) => `2025-01-01T10:00:${String(second).padStart(2, '0')}Z`;

/** A small German board for component tests: two lists, three cards, two members. */
export const sampleBoardSnapshot = (): BoardSnapshot => ({
  board: newRow('boards', {
    id: 'board-1',
    title: 'Sommerfest',
    owner_id: 'user-anna',
    created_at: at(0),
  }),
  members: [
    newMember({
      id: 'member-anna',
      board_id: 'board-1',
      user_id: 'user-anna',
      role: 'owner',
      created_at: at(0),
      profile: { id: 'user-anna', full_name: 'Anna Schmidt', email: 'anna@beispiel.de' },
    }),
    newMember({
      id: 'member-ben',
      board_id: 'board-1',
      user_id: 'user-ben',
      created_at: at(1),
      profile: { id: 'user-ben', full_name: 'Ben Keller', email: 'ben@beispiel.de' },
    }),
  ],
  labels: [
    newRow('board_labels', {
      id: 'label-1',
      board_id: 'board-1',
      name: 'Einkauf',
      color: 'bg-green-100 text-green-800',
      created_at: at(2),
    }),
  ],
  lists: [
    newRow('lists', {
      id: 'list-todo',
      board_id: 'board-1',
      title: 'Zu erledigen',
      position: 1024,
      created_at: at(3),
    }),
    newRow('lists', {
      id: 'list-done',
      board_id: 'board-1',
      title: 'Erledigt',
      position: 2048,
      created_at: at(4),
    }),
  ],
  cards: [
    newCard({
      id: 'card-drinks',
      list_id: 'list-todo',
      board_id: 'board-1',
      title: 'Getränke bestellen',
      description: 'Wasser, Saft und Limonade',
      due_date: '2025-06-20',
      priority: 'high',
      position: 1024,
      created_at: at(5),
      assignee_ids: ['user-anna'],
      label_ids: ['label-1'],
      checklist: [
        newRow('card_checklist_items', {
          id: 'item-1',
          card_id: 'card-drinks',
          text: 'Angebote einholen',
          completed: true,
          position: 1024,
          created_at: at(6),
        }),
        newRow('card_checklist_items', {
          id: 'item-2',
          card_id: 'card-drinks',
          text: 'Bestellen',
          position: 2048,
          created_at: at(7),
        }),
      ],
      comments: [
        newRow('card_comments', {
          id: 'comment-1',
          card_id: 'card-drinks',
          user_id: 'user-ben',
          text: 'Bitte auch alkoholfreies Bier.',
          created_at: at(8),
        }),
      ],
    }),
    newCard({
      id: 'card-music',
      list_id: 'list-todo',
      board_id: 'board-1',
      title: 'Musik organisieren',
      priority: 'low',
      position: 2048,
      created_at: at(9),
    }),
    newCard({
      id: 'card-venue',
      list_id: 'list-done',
      board_id: 'board-1',
      title: 'Ort reservieren',
      position: 1024,
      created_at: at(10),
    }),
  ],
});

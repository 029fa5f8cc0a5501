import type { MyTask } from '../features/my-tasks/my-tasks-api';

let serial = 0;

/** A row as my_tasks() returns it: a medium card on 'Produkt' / 'Zu erledigen', due as given. */
export const myTaskRow = (due_date: string | null, fields: Partial<MyTask> = {}): MyTask => {
  serial += 1;
  return {
    kind: 'card',
    card_id: `card-${serial}`,
    card_title: `Karte ${serial}`,
    subtask_id: null,
    subtask_title: null,
    board_id: 'b1',
    board_title: 'Produkt',
    list_id: 'l1',
    list_title: 'Zu erledigen',
    priority: 'medium',
    due_date,
    ...fields,
  };
};

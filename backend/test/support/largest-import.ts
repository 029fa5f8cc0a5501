/**
 * The largest document import_board accepts (its limits are in
 * supabase/schemas/90_board_transfer.sql), for the import-load and statement-timeout tests:
 * 50 lists of 10 cards, each card with a label, a subtask and a comment (2,000 rows with the
 * cards), 50 labels, 50 people, close to 512,000 bytes.
 */
export const largestDocument = (tag: string) => ({
  format: 'taskflow-board',
  version: 1,
  board: { title: 'Größter Import' },
  members: Array.from({ length: 50 }, (_, i) => ({
    email: `${tag}-${i}@nobody.invalid`,
    full_name: `Person ${i}`,
    role: 'member',
  })),
  labels: Array.from({ length: 50 }, (_, i) => ({
    id: `l${i}`,
    name: `Label ${i}`,
    color: 'bg-red-100 text-red-800',
  })),
  lists: Array.from({ length: 50 }, (_, l) => ({
    title: `Liste ${l}`,
    position: (l + 1) * 1024,
    cards: Array.from({ length: 10 }, (_, c) => ({
      title: `Karte ${l}-${c}`,
      description: 'Größere Änderung. '.repeat(20),
      position: (c + 1) * 1024,
      priority: 'medium',
      due_date: null,
      labels: [`l${(l + c) % 50}`],
      assignees: [],
      subtasks: [
        { text: 'Schritt', completed: false, position: 1024, due_date: null, assignee: null },
      ],
      comments: [
        {
          author_email: null,
          author_name: 'Jemand',
          text: 'Kommentar',
          created_at: '2026-01-01T00:00:00Z',
          edited_at: null,
        },
      ],
    })),
  })),
});

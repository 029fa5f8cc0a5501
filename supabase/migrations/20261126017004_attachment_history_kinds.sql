-- History: a file attached to or removed from a card (private.record_attachment_activity).
alter table public.activity drop constraint activity_kind_check;
alter table public.activity add constraint activity_kind_check check (kind in (
  'card_created', 'card_moved', 'card_renamed', 'card_deleted', 'card_restored',
  'card_due_date', 'card_priority', 'card_description', 'card_field_changed',
  'card_archived', 'card_unarchived',
  'assignee_added', 'assignee_removed', 'label_added', 'label_removed',
  'subtask_added', 'subtask_changed', 'subtask_removed',
  'comment_added', 'comment_edited', 'comment_removed',
  'attachment_added', 'attachment_removed',
  'list_created', 'list_renamed', 'list_deleted', 'list_archived', 'list_unarchived',
  'member_added', 'member_removed',
  'board_imported'
));

-- One generic history kind for a changed card column (issue 18): `card_field_changed`, data
-- {card_title, field, before, after}, written for every column of public.cards that has no
-- kind of its own (moved, renamed, due date, priority, description, deleted/restored) and is
-- not left out of the history (private.card_fields_not_recorded, supabase/schemas). The client
-- phrases it from the German catalogue by the field's name. The trigger that writes it, and
-- export and import reading card columns from the table itself, come in the next migration,
-- generated from supabase/schemas.

alter table public.activity drop constraint activity_kind_check;
alter table public.activity add constraint activity_kind_check check (kind in (
  'card_created', 'card_moved', 'card_renamed', 'card_deleted', 'card_restored',
  'card_due_date', 'card_priority', 'card_description', 'card_field_changed',
  'assignee_added', 'assignee_removed', 'label_added', 'label_removed',
  'subtask_added', 'subtask_changed', 'subtask_removed',
  'comment_added', 'comment_edited', 'comment_removed',
  'list_created', 'list_renamed', 'list_deleted',
  'member_added', 'member_removed',
  'board_imported'
));

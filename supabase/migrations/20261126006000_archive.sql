-- Archive instead of destroy (docs/data-model.md "Archive"): cards, lists and boards can be
-- archived and restored; 'Board löschen' archives the board too, and only the archive or the
-- board's settings destroy one for good.
--
-- Design: one nullable `archived_at` per table, beside the cards' short soft delete
-- (cards.deleted_at, an 8-second undo purged after 30 seconds). The two stay apart because they
-- mean different things to the user: a deleted card is gone once its undo has passed, an
-- archived one waits in the 'Archiv' view for 30 days. As with deleted_at, row-level security is
-- unchanged on purpose: archived rows stay readable by the board's members (the archive view
-- lists them, and realtime must deliver the UPDATE that hides them for every member), and only a
-- current member may restore (the update policies); a member who left the board sees nothing of
-- it and restores nothing. For boards, archiving and restoring is the owner's, as deleting is
-- ("boards: owner updates"). The board snapshot, export, "Meine Aufgaben" and the boards list
-- leave archived rows out.
--
-- The time is the server's (trigger private.stamp_archived_at, supabase/schemas/43_archive.sql)
-- and the purge (private.purge_archived) deletes for good what was archived more than 30 days
-- ago, after every statement that archives or restores, like the cards' soft delete.

alter table public.cards add column archived_at timestamptz;
alter table public.lists add column archived_at timestamptz;
alter table public.boards add column archived_at timestamptz;

comment on column public.cards.archived_at is
  'When the card was archived; null for a card on the board. Set to the server''s time by trigger; cleared by restoring; purged 30 days after.';
comment on column public.lists.archived_at is
  'When the list was archived (its cards leave the board with it); null for a list on the board. Set to the server''s time by trigger; cleared by restoring; purged 30 days after.';
comment on column public.boards.archived_at is
  'When the owner archived the board (''Board löschen''); null for a board in use. Set to the server''s time by trigger; cleared by restoring; purged 30 days after.';

-- Only archived rows are indexed: the archive view and the purge look for them, nothing else.
create index cards_archived_at_idx on public.cards (board_id, archived_at)
  where archived_at is not null;
create index lists_archived_at_idx on public.lists (board_id, archived_at)
  where archived_at is not null;
create index boards_archived_at_idx on public.boards (archived_at) where archived_at is not null;

-- Members archive and restore cards and lists like any other column (the "members update"
-- policies); the board's column is the owner's ("boards: owner updates").
grant update (archived_at) on table public.cards to authenticated;
grant update (archived_at) on table public.lists to authenticated;
grant update (archived_at) on table public.boards to authenticated;

-- History: a card or list archived and restored from the archive (record_card_activity and
-- record_list_activity). 'card_restored' stays the undo of a deletion.
alter table public.activity drop constraint activity_kind_check;
alter table public.activity add constraint activity_kind_check check (kind in (
  'card_created', 'card_moved', 'card_renamed', 'card_deleted', 'card_restored',
  'card_due_date', 'card_priority', 'card_description', 'card_field_changed',
  'card_archived', 'card_unarchived',
  'assignee_added', 'assignee_removed', 'label_added', 'label_removed',
  'subtask_added', 'subtask_changed', 'subtask_removed',
  'comment_added', 'comment_edited', 'comment_removed',
  'list_created', 'list_renamed', 'list_deleted', 'list_archived', 'list_unarchived',
  'member_added', 'member_removed',
  'board_imported'
));

-- The database owns its own fields. Until now `insert` was granted on whole tables, so a client
-- could insert a comment with a back-dated created_at or a false edited_at, or a card that was
-- already deleted (deleted_at): such a card wrote no history entry, and with a future time it
-- was never purged. Updates were already limited to the columns members may change.
--
-- Now a client inserts only the columns it means (column-level `grant insert`): ids (the app
-- makes them, so an optimistic row and its echo agree), the row's content and its parents. Never
-- created_at or edited_at (defaults and the stamp_comment_edit trigger), deleted_at (set by
-- updating it, when stamp_card_deletion takes the server's time) or cards.board_id (the
-- set_card_board_id trigger takes it from the list). Sending one of them is refused with 42501
-- (HTTP 403), as an update of an ungranted column already is.
--
-- The spec's calls that name a comment's user_id and a board's owner_id keep working: those
-- columns stay insertable, and row-level security checks that they are the caller
-- ("card_comments: members create", "boards: create as owner").
--
-- A column added later is not insertable until its migration grants it (architecture.md §7,
-- "Add a column to cards"). service_role keeps everything, for administration; security
-- definer functions (import_board) write as their owner, unaffected.

revoke insert on table public.boards from authenticated;
grant insert (id, title, owner_id, background) on table public.boards to authenticated;

revoke insert on table public.board_members from authenticated;
grant insert (id, board_id, user_id, role) on table public.board_members to authenticated;

revoke insert on table public.lists from authenticated;
grant insert (id, board_id, title, position) on table public.lists to authenticated;

revoke insert on table public.cards from authenticated;
grant insert (id, list_id, title, description, due_date, priority, position)
  on table public.cards to authenticated;

revoke insert on table public.card_assignees from authenticated;
grant insert (card_id, user_id) on table public.card_assignees to authenticated;

revoke insert on table public.board_labels from authenticated;
grant insert (id, board_id, name, color) on table public.board_labels to authenticated;

revoke insert on table public.card_tags from authenticated;
grant insert (card_id, label_id) on table public.card_tags to authenticated;

revoke insert on table public.card_checklist_items from authenticated;
grant insert (id, card_id, text, completed, position, due_date, assigned_to)
  on table public.card_checklist_items to authenticated;

revoke insert on table public.card_comments from authenticated;
grant insert (id, card_id, user_id, text) on table public.card_comments to authenticated;

comment on table public.cards is
  'A task on a list, ordered by position then created_at. board_id is filled from the list by trigger; clients cannot send it (nor created_at or deleted_at). Members read and change the cards of their boards; a card moves between the lists of its own board only.';

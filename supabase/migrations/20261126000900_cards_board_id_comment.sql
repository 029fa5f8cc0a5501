-- The comment on cards said clients never send board_id. They do: the generated insert type
-- requires it (not null, no default), and the app's optimistic row carries its board's id. What
-- holds is that the trigger set_card_board_id overwrites it from the list, so it cannot drift.
comment on table public.cards is
  'A task on a list, ordered by position then created_at. board_id is filled from the list by trigger, whatever a client sends, so it cannot drift. Members read and change the cards of their boards; a card moves between the lists of its own board only.';

-- Text columns get length limits. Without them a member could store a 2 MB comment or a 15 MB
-- card title, and every member's board snapshot and realtime stream carried it.
--
-- The limits, in characters (char_length, so a German umlaut or an emoji counts once):
-- - 512 for what is read in one line: board, list and card titles, label names, subtask texts
--   and people's names. The longest of the demo's and of real Trello boards we looked at stay far
--   below it; a card title of 512 characters already fills its tile.
-- - 16,384 for the long texts: a card's description and a comment. Trello's own cap for titles,
--   descriptions and comments is 16,384; we keep it for the two texts that are written at length
--   and stay lower for the one-liners.
-- A longer value is refused with 23514 check_violation (HTTP 400 in PostgREST's error shape);
-- the constraints are named <table>_<column>_length so that the app can say which limit in
-- German (shared/src/domain/text-limits.ts holds the same numbers for the fields' maxLength).
--
-- Existing longer values are cut to the limit (and trimmed, as the title checks require),
-- without history entries: the cut is the migration's, not a member's change. History entries
-- that quoted such a text get the same cut, so a page of the history stays small too.

alter table public.cards disable trigger record_activity;
alter table public.lists disable trigger record_activity;
alter table public.card_checklist_items disable trigger record_activity;
alter table public.card_comments disable trigger record_activity;

update public.boards set title = btrim(left(title, 512)) where char_length(title) > 512;
update public.lists set title = btrim(left(title, 512)) where char_length(title) > 512;
update public.cards set title = btrim(left(title, 512)) where char_length(title) > 512;
update public.cards set description = left(description, 16384)
where char_length(description) > 16384;
update public.board_labels set name = btrim(left(name, 512)) where char_length(name) > 512;
update public.card_checklist_items set text = btrim(left(text, 512)) where char_length(text) > 512;
update public.card_comments set text = btrim(left(text, 16384)) where char_length(text) > 16384;
update public.profiles set full_name = btrim(left(full_name, 512))
where char_length(full_name) > 512;

alter table public.cards enable trigger record_activity;
alter table public.lists enable trigger record_activity;
alter table public.card_checklist_items enable trigger record_activity;
alter table public.card_comments enable trigger record_activity;

-- Every quoted text at the top level of an entry's data (card_title, before, after,
-- subtask_text, …).
update public.activity a
set data = (
  select jsonb_object_agg(e.key, case
    when jsonb_typeof(e.value) = 'string' and char_length(e.value #>> '{}') > 16384
      then to_jsonb(left(e.value #>> '{}', 16384))
    else e.value
  end)
  from jsonb_each(a.data) e
)
where exists (
  select 1 from jsonb_each(a.data) e
  where jsonb_typeof(e.value) = 'string' and char_length(e.value #>> '{}') > 16384
);

alter table public.boards
  add constraint boards_title_length check (char_length(title) <= 512);
alter table public.lists
  add constraint lists_title_length check (char_length(title) <= 512);
alter table public.cards
  add constraint cards_title_length check (char_length(title) <= 512),
  add constraint cards_description_length check (char_length(description) <= 16384);
alter table public.board_labels
  add constraint board_labels_name_length check (char_length(name) <= 512);
alter table public.card_checklist_items
  add constraint card_checklist_items_text_length check (char_length(text) <= 512);
alter table public.card_comments
  add constraint card_comments_text_length check (char_length(text) <= 16384);
alter table public.profiles
  add constraint profiles_full_name_length check (char_length(full_name) <= 512);

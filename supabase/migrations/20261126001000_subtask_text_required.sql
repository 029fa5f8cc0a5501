-- A subtask has a text. The app used to insert a blank row the moment '+ Unteraufgabe
-- hinzufügen' was clicked, so every member saw an empty "ghost" subtask, the progress counted
-- it and the history said it was added with no name. The editor now holds a draft until
-- 'Speichern', and the table refuses a blank text, whoever writes it.
--
-- Existing blank rows: those that carry nothing else (not done, no deadline, no assignee) are
-- such ghosts and are deleted, without a history entry (they never were anything to remove).
-- A blank row that someone gave a deadline, an assignee or a tick was used, so it keeps its
-- data and gets the neutral text 'Unteraufgabe'.
alter table public.card_checklist_items disable trigger record_activity;

delete from public.card_checklist_items
where btrim(text) = '' and not completed and due_date is null and assigned_to is null;

update public.card_checklist_items set text = 'Unteraufgabe' where btrim(text) = '';

alter table public.card_checklist_items enable trigger record_activity;

-- The column keeps its default (''), so a row sent without a text is refused by this check
-- (23514), the same answer as a blank one.
alter table public.card_checklist_items
  add constraint card_checklist_items_text_check check (btrim(text) <> '');

comment on column public.card_checklist_items.text is
  'What is to be done; never blank (a new subtask is written only once its editor is saved).';

-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Labels and tags (tables and policies: migration 20261122000400_labels_and_tags.sql).

-- AFTER, like the assignee check: policies and foreign keys report first.
create or replace function public.check_card_tag_same_board()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
    from public.cards c
    join public.board_labels l on l.board_id = c.board_id
    where c.id = new.card_id and l.id = new.label_id
  ) then
    raise exception using
      errcode = 'check_violation',
      message = 'A card can only carry labels of its own board',
      schema = 'public', table = 'card_tags', constraint = 'card_tags_same_board_check';
  end if;
  return null;
end;
$$;

revoke execute on function public.check_card_tag_same_board() from public, anon, authenticated;

create or replace trigger check_card_tag_same_board
  after insert or update on public.card_tags
  for each row execute function public.check_card_tag_same_board();

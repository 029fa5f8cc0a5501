-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Boards and memberships (tables and policies: migration 20261122000200_boards_and_members.sql).

-- Security definer: the owner row must bypass the insert policy, which admits only members.
create or replace function public.add_board_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.board_members (board_id, user_id, role)
  values (new.id, new.owner_id, 'owner')
  on conflict (board_id, user_id) do update set role = 'owner';
  return new;
end;
$$;

revoke execute on function public.add_board_owner() from public, anon, authenticated;

create or replace trigger on_board_created
  after insert on public.boards
  for each row execute function public.add_board_owner();

-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Subtasks and comments (tables and policies: migrations 20261122000500_checklist_and_comments.sql,
-- 20261123000300_comment_edits.sql).

-- AFTER, like the card assignee check: policies and foreign keys report first.
create or replace function public.check_checklist_assignee_is_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
    from public.cards c
    join public.board_members m on m.board_id = c.board_id and m.user_id = new.assigned_to
    where c.id = new.card_id
  ) then
    raise exception using
      errcode = 'check_violation',
      message = 'A subtask can only be assigned to a member of its board',
      schema = 'public', table = 'card_checklist_items',
      constraint = 'card_checklist_items_member_check';
  end if;
  return null;
end;
$$;

revoke execute on function public.check_checklist_assignee_is_member()
  from public, anon, authenticated;

create or replace trigger check_checklist_assignee_is_member
  after insert or update of assigned_to, card_id on public.card_checklist_items
  for each row
  when (new.assigned_to is not null)
  execute function public.check_checklist_assignee_is_member();

-- Someone who leaves a board (or is removed) stops being assigned to its subtasks.
create or replace function public.unassign_departed_member_from_subtasks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.card_checklist_items i
  set assigned_to = null
  from public.cards c
  where i.card_id = c.id and c.board_id = old.board_id and i.assigned_to = old.user_id;
  return null;
end;
$$;

revoke execute on function public.unassign_departed_member_from_subtasks()
  from public, anon, authenticated;

create or replace trigger unassign_departed_member_from_subtasks
  after delete on public.board_members
  for each row execute function public.unassign_departed_member_from_subtasks();

create or replace function private.stamp_comment_edit()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.edited_at := now();
  return new;
end;
$$;

comment on function private.stamp_comment_edit() is
  'Trigger: stamps card_comments.edited_at when the text changes.';

revoke execute on function private.stamp_comment_edit() from public, anon, authenticated;

create or replace trigger stamp_comment_edit
  before update of text on public.card_comments
  for each row
  when (old.text is distinct from new.text)
  execute function private.stamp_comment_edit();

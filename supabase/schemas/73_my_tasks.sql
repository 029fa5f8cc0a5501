-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- my_tasks(): 'Meine Aufgaben', the caller's open assignments across boards.

create or replace function private.my_tasks()
returns setof public.my_task
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select (select auth.uid()) as id),
  assigned as (
    select
      'card'::text as kind,
      c.id as card_id,
      c.title as card_title,
      null::uuid as subtask_id,
      null::text as subtask_title,
      c.board_id,
      c.list_id,
      c.priority,
      c.due_date,
      0 as position,
      c.archived_at
    from public.card_assignees a
    join me on a.user_id = me.id
    join public.cards c on c.id = a.card_id
    join public.board_members m on m.board_id = c.board_id and m.user_id = me.id
    where c.deleted_at is null
      and not (
        exists (select 1 from public.card_checklist_items i where i.card_id = c.id)
        and not exists (
          select 1 from public.card_checklist_items i where i.card_id = c.id and not i.completed
        )
      )
    union all
    select
      'subtask'::text,
      c.id,
      c.title,
      i.id,
      -- A mention in a subtask reads as the member's name.
      private.render_mentions(i.text),
      c.board_id,
      c.list_id,
      c.priority,
      coalesce(i.due_date, c.due_date),
      i.position,
      c.archived_at
    from public.card_checklist_items i
    join me on i.assigned_to = me.id
    join public.cards c on c.id = i.card_id
    join public.board_members m on m.board_id = c.board_id and m.user_id = me.id
    where not i.completed and c.deleted_at is null
  )
  select
    t.kind,
    t.card_id,
    t.card_title,
    t.subtask_id,
    t.subtask_title,
    t.board_id,
    b.title,
    t.list_id,
    l.title,
    t.priority,
    t.due_date
  from assigned t
  join public.boards b on b.id = t.board_id
  join public.lists l on l.id = t.list_id
  -- Archived cards, lists and boards are off the board, so off the list too.
  where t.archived_at is null and l.archived_at is null and b.archived_at is null
  order by
    t.due_date nulls last,
    case t.priority when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end,
    b.title,
    t.card_title,
    t.card_id,
    t.kind,
    t.position,
    t.subtask_id
$$;

comment on function private.my_tasks() is
  'Meine Aufgaben (the work behind public.my_tasks): the caller''s card assignments (cards not deleted, not archived and not finished, i.e. not all subtasks ticked) and open subtask assignments across their boards, with board and list titles, priority and due date (a subtask without its own deadline takes its card''s). Ordered by due date (none last), priority, board, card. Security definer: only boards where the caller is in board_members.';

revoke execute on function private.my_tasks() from public, anon;
grant execute on function private.my_tasks() to authenticated, service_role;

-- The API's entry: what PostgREST exposes is this invoker, the definer stays in `private`.
create or replace function public.my_tasks()
returns setof public.my_task
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.my_tasks()
$$;

comment on function public.my_tasks() is
  'Meine Aufgaben: every card (not deleted, not finished) and open subtask assigned to the caller, across the boards they are a member of, with board and list titles, priority and due date (a subtask without a deadline takes its card''s). One call: supabase.rpc(''my_tasks'').';

revoke execute on function public.my_tasks() from public, anon;
grant execute on function public.my_tasks() to authenticated, service_role;

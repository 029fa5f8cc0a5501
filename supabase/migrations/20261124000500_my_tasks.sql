-- 'Meine Aufgaben' (issue 12, part 3): every card and every open subtask assigned to the caller,
-- across all their boards, in one RPC.
--
-- Access: the caller sees only boards they are a member of. Row-level security alone would
-- decide that, but at a price that grows with the boards, not with the tasks: each policy on a
-- card's children (card_assignees, card_checklist_items) hashes every card of every board of
-- the caller, once per subquery, before a single assignment is looked at (measured: 20 boards
-- of 1,000 cards, about 400 ms on PGlite for 800 tasks). So the work is done as in
-- invite_board_member: a security invoker wrapper in `public`, and a security definer function
-- in `private` (not exposed by the API) that starts from the caller's own assignments (by
-- index) and keeps only those on boards where board_members has the caller, the same rule the
-- policies apply, written out once. Nothing else about a board is read, and only for the
-- caller (auth.uid(); no parameter to point it at someone else).
--
-- What counts as open:
-- - a soft-deleted card (cards.deleted_at, 20261123000400) is gone for the user, and so are
--   its subtasks;
-- - a subtask is done when it is ticked (card_checklist_items.completed);
-- - a card has no status column; the only "done" the data model knows for a card is its
--   subtask progress (spec: "Subtask progress is the rounded percent of completed subtasks").
--   A card with subtasks that are all ticked is finished and does not nag; a card without
--   subtasks, or with an open one, is listed.
--
-- A subtask without its own deadline ('Frist') is due when its card is due: the card's due
-- date is the latest the subtask can be finished by, and a subtask with no date at all would
-- otherwise sink into 'Ohne Datum' below a card due today.

-- The subtasks side starts from the caller's open subtasks; ticked ones (most of them, on an
-- old board) are not in this index at all.
create index card_checklist_items_open_assignee_idx
  on public.card_checklist_items (assigned_to)
  include (card_id)
  where not completed;

-- One row of the result, named once for both functions below (and for the generated types).
create type public.my_task as (
  kind text,
  card_id uuid,
  card_title text,
  subtask_id uuid,
  subtask_title text,
  board_id uuid,
  board_title text,
  list_id uuid,
  list_title text,
  priority text,
  due_date date
);

comment on type public.my_task is
  'One entry of Meine Aufgaben: a card (subtask_id and subtask_title null) or a subtask assigned to the caller.';

create function private.my_tasks()
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
      0 as position
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
      i.text,
      c.board_id,
      c.list_id,
      c.priority,
      coalesce(i.due_date, c.due_date),
      i.position
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
  'Meine Aufgaben (the work behind public.my_tasks): the caller''s card assignments (cards not deleted and not finished, i.e. not all subtasks ticked) and open subtask assignments across their boards, with board and list titles, priority and due date (a subtask without its own deadline takes its card''s). Ordered by due date (none last), priority, board, card. Security definer: only boards where the caller is in board_members.';

revoke execute on function private.my_tasks() from public, anon;
grant execute on function private.my_tasks() to authenticated, service_role;

-- The API's entry: what PostgREST exposes is this invoker, the definer stays in `private`.
create function public.my_tasks()
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

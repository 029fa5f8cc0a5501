-- Export of a board as one versioned JSON document (issue 13): {"format": "taskflow-board",
-- "version": 1, ...}. One call, so the file is a consistent snapshot of the board (one
-- statement, one MVCC snapshot) however many cards it has.
--
-- People appear by e-mail, not by id: ids mean nothing in another project, e-mails let an
-- import find the same people again. E-mails live in auth.users, which the API roles cannot
-- read; private.board_people() reads them with the definer's rights, and only for a caller who
-- is a member of the board, and only for the people that board mentions (its members, and the
-- authors of its comments, who may have left it since).
--
-- public.export_board() itself runs with the caller's rights (security invoker): row-level
-- security filters every table it reads, and a caller who is not a member is refused with
-- 42501 (HTTP 403) rather than given an empty board.
--
-- Soft-deleted cards (deleted_at set, waiting for their purge) are left out: for the user they
-- are gone. Positions are exported as stored, so an import restores the order exactly.

create function private.board_people(p_board_id uuid)
returns table (user_id uuid, email text, full_name text)
language sql
stable
security definer
set search_path = ''
as $$
  with people as (
    select m.user_id from public.board_members m where m.board_id = p_board_id
    union
    select k.user_id
    from public.card_comments k
    join public.cards c on c.id = k.card_id
    where c.board_id = p_board_id
  )
  select u.id, lower(u.email::text), coalesce(p.full_name, '')
  from people
  join auth.users u on u.id = people.user_id
  left join public.profiles p on p.id = u.id
  where exists (
    select 1 from public.board_members me
    where me.board_id = p_board_id and me.user_id = (select auth.uid())
  )
$$;

comment on function private.board_people(uuid) is
  'E-mail and name of everyone a board mentions (members, comment authors), for its members only (export helper; empty for anyone else).';

revoke execute on function private.board_people(uuid) from public, anon;
grant execute on function private.board_people(uuid) to authenticated, service_role;

create function public.export_board(p_board_id uuid)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_doc json;
begin
  if not exists (
    select 1 from public.board_members m
    where m.board_id = p_board_id and m.user_id = (select auth.uid())
  ) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only members of a board can export it';
  end if;

  with people as (
    select * from private.board_people(p_board_id)
  ),
  board_cards as (
    select c.* from public.cards c where c.board_id = p_board_id and c.deleted_at is null
  ),
  assignees as (
    select a.card_id, json_agg(pe.email order by a.created_at, a.user_id) as emails
    from public.card_assignees a
    join people pe on pe.user_id = a.user_id
    where a.card_id in (select bc.id from board_cards bc)
    group by a.card_id
  ),
  tags as (
    select t.card_id, json_agg(t.label_id order by t.created_at, t.label_id) as ids
    from public.card_tags t
    where t.card_id in (select bc.id from board_cards bc)
    group by t.card_id
  ),
  subtasks as (
    select i.card_id,
           json_agg(json_build_object(
             'text', i.text,
             'completed', i.completed,
             'position', i.position,
             'due_date', i.due_date,
             'assignee', pe.email
           ) order by i.position, i.created_at, i.id) as items
    from public.card_checklist_items i
    left join people pe on pe.user_id = i.assigned_to
    where i.card_id in (select bc.id from board_cards bc)
    group by i.card_id
  ),
  comments as (
    select k.card_id,
           json_agg(json_build_object(
             'author_email', pe.email,
             'author_name', coalesce(pe.full_name, ''),
             'text', k.text,
             'created_at', k.created_at,
             'edited_at', k.edited_at
           ) order by k.created_at, k.id) as items
    from public.card_comments k
    left join people pe on pe.user_id = k.user_id
    where k.card_id in (select bc.id from board_cards bc)
    group by k.card_id
  ),
  card_docs as (
    select c.list_id, c.position, c.created_at, c.id,
           json_build_object(
             'title', c.title,
             'description', c.description,
             'priority', c.priority,
             'due_date', c.due_date,
             'position', c.position,
             'labels', coalesce(t.ids, '[]'::json),
             'assignees', coalesce(a.emails, '[]'::json),
             'subtasks', coalesce(s.items, '[]'::json),
             'comments', coalesce(k.items, '[]'::json)
           ) as doc
    from board_cards c
    left join assignees a on a.card_id = c.id
    left join tags t on t.card_id = c.id
    left join subtasks s on s.card_id = c.id
    left join comments k on k.card_id = c.id
  ),
  list_cards as (
    select cd.list_id, json_agg(cd.doc order by cd.position, cd.created_at, cd.id) as cards
    from card_docs cd
    group by cd.list_id
  )
  select json_build_object(
    'format', 'taskflow-board',
    'version', 1,
    'exported_at', now(),
    'board', json_build_object('title', b.title, 'background', b.background),
    'members', coalesce((
      select json_agg(json_build_object('email', pe.email, 'full_name', pe.full_name, 'role', m.role)
                      order by m.role = 'owner' desc, m.created_at, m.id)
      from public.board_members m
      join people pe on pe.user_id = m.user_id
      where m.board_id = b.id
    ), '[]'::json),
    'labels', coalesce((
      select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)
                      order by l.created_at, l.id)
      from public.board_labels l
      where l.board_id = b.id
    ), '[]'::json),
    'lists', coalesce((
      select json_agg(json_build_object(
               'title', li.title,
               'position', li.position,
               'cards', coalesce(lc.cards, '[]'::json)
             ) order by li.position, li.created_at, li.id)
      from public.lists li
      left join list_cards lc on lc.list_id = li.id
      where li.board_id = b.id
    ), '[]'::json)
  )
  into v_doc
  from public.boards b
  where b.id = p_board_id;

  return v_doc;
end;
$$;

comment on function public.export_board(uuid) is
  'The board as a versioned document {"format":"taskflow-board","version":1,...}: board, members (by e-mail), labels, lists with their cards (positions, label ids, assignees by e-mail, subtasks, comments with author e-mail and time). Members only (42501 otherwise); soft-deleted cards are left out.';

revoke execute on function public.export_board(uuid) from public, anon;
grant execute on function public.export_board(uuid) to authenticated, service_role;

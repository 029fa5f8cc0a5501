-- The whole board as one JSON document, so that opening a board is one round trip. The
-- function runs with the caller's rights (security invoker): row-level security filters every
-- table it reads, and a board the caller cannot see yields null.
--
-- The children of cards are aggregated once per table and joined to the cards, instead of one
-- correlated subquery per card; with cards.board_id the whole document costs a handful of
-- index scans whatever the number of cards (docs/data-model.md has the measured time).

create function public.board_snapshot(p_board_id uuid)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with board_cards as (
    select c.id, c.list_id, c.board_id, c.title, c.description, c.due_date, c.priority,
           c.position, c.created_at
    from public.cards c
    where c.board_id = p_board_id
  ),
  assignees as (
    select a.card_id, json_agg(a.user_id order by a.created_at, a.user_id) as ids
    from public.card_assignees a
    where a.card_id in (select bc.id from board_cards bc)
    group by a.card_id
  ),
  tags as (
    select t.card_id, json_agg(t.label_id order by t.created_at, t.label_id) as ids
    from public.card_tags t
    where t.card_id in (select bc.id from board_cards bc)
    group by t.card_id
  ),
  checklists as (
    select i.card_id,
           json_agg(
             json_build_object(
               'id', i.id, 'card_id', i.card_id, 'text', i.text, 'completed', i.completed,
               'position', i.position, 'due_date', i.due_date, 'assigned_to', i.assigned_to,
               'created_at', i.created_at
             )
             order by i.position, i.created_at, i.id
           ) as items
    from public.card_checklist_items i
    where i.card_id in (select bc.id from board_cards bc)
    group by i.card_id
  ),
  comments as (
    select k.card_id,
           json_agg(
             json_build_object(
               'id', k.id, 'card_id', k.card_id, 'user_id', k.user_id, 'text', k.text,
               'created_at', k.created_at
             )
             order by k.created_at, k.id
           ) as items
    from public.card_comments k
    where k.card_id in (select bc.id from board_cards bc)
    group by k.card_id
  )
  select json_build_object(
    'board', json_build_object(
      'id', b.id, 'title', b.title, 'owner_id', b.owner_id, 'background', b.background,
      'created_at', b.created_at
    ),
    'members', coalesce((
      select json_agg(
               json_build_object(
                 'id', m.id, 'board_id', m.board_id, 'user_id', m.user_id, 'role', m.role,
                 'created_at', m.created_at,
                 'profile', case when p.id is not null then json_build_object(
                   'id', p.id, 'full_name', p.full_name, 'email', p.email
                 ) end
               )
               order by m.role = 'owner' desc, m.created_at, m.id
             )
      from public.board_members m
      left join public.profiles p on p.id = m.user_id
      where m.board_id = b.id
    ), '[]'::json),
    'labels', coalesce((
      select json_agg(
               json_build_object(
                 'id', l.id, 'board_id', l.board_id, 'name', l.name, 'color', l.color,
                 'created_at', l.created_at
               )
               order by l.created_at, l.id
             )
      from public.board_labels l
      where l.board_id = b.id
    ), '[]'::json),
    'lists', coalesce((
      select json_agg(
               json_build_object(
                 'id', li.id, 'board_id', li.board_id, 'title', li.title,
                 'position', li.position, 'created_at', li.created_at
               )
               order by li.position, li.created_at, li.id
             )
      from public.lists li
      where li.board_id = b.id
    ), '[]'::json),
    'cards', coalesce((
      select json_agg(
               json_build_object(
                 'id', c.id, 'list_id', c.list_id, 'board_id', c.board_id, 'title', c.title,
                 'description', c.description, 'due_date', c.due_date, 'priority', c.priority,
                 'position', c.position, 'created_at', c.created_at,
                 'assignee_ids', coalesce(a.ids, '[]'::json),
                 'label_ids', coalesce(t.ids, '[]'::json),
                 'checklist', coalesce(ch.items, '[]'::json),
                 'comments', coalesce(co.items, '[]'::json)
               )
               order by c.position, c.created_at, c.id
             )
      from board_cards c
      left join assignees a on a.card_id = c.id
      left join tags t on t.card_id = c.id
      left join checklists ch on ch.card_id = c.id
      left join comments co on co.card_id = c.id
    ), '[]'::json)
  )
  from public.boards b
  where b.id = p_board_id
$$;

comment on function public.board_snapshot(uuid) is
  'The board with its members (and profiles), labels, lists and cards (with assignee ids, label ids, checklist and comments) as one JSON document, read with the caller''s rights; null when the caller cannot see the board.';

revoke execute on function public.board_snapshot(uuid) from public, anon;
grant execute on function public.board_snapshot(uuid) to authenticated, service_role;

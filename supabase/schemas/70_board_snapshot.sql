-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- board_snapshot(board_id): the board as one JSON document (docs/data-model.md).

-- The whole board as one JSON document, so that opening a board is one round trip. The
-- function runs with the caller's rights (security invoker): row-level security filters every
-- table it reads, and a board the caller cannot see yields null.
--
-- Every object is its table's row as REST and realtime deliver it (to_json of the row), so
-- the client applies later changes to the snapshot without translating them; cards add five
-- arrays and members their profile. Whole rows also serialise several times faster than
-- json_build_object, which looks up every argument's type on every call. The children of
-- cards are aggregated once per table and hash-joined to the cards rather than queried per
-- card (docs/data-model.md has the measured time).
--
-- Archived lists and cards (archived_at), and the cards of an archived list, are left out: they
-- are off the board for everyone, and the 'Archiv' view reads them itself. A client that learns
-- by realtime that one came back loads the board again, since the row alone lacks its children.

create or replace function public.board_snapshot(p_board_id uuid)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with board_cards as (
    select c.* from public.cards c
    where c.board_id = p_board_id
      and c.archived_at is null
      and not exists (
        select 1 from public.lists al where al.id = c.list_id and al.archived_at is not null
      )
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
    select i.card_id, json_agg(i order by i.position, i.created_at, i.id) as items
    from public.card_checklist_items i
    where i.card_id in (select bc.id from board_cards bc)
    group by i.card_id
  ),
  comments as (
    select k.card_id, json_agg(k order by k.created_at, k.id) as items
    from public.card_comments k
    where k.card_id in (select bc.id from board_cards bc)
    group by k.card_id
  ),
  attachments as (
    select f.card_id, json_agg(f order by f.created_at, f.id) as items
    from public.card_attachments f
    where f.card_id in (select bc.id from board_cards bc)
    group by f.card_id
  ),
  card_docs as (
    select c.*,
           coalesce(a.ids, '[]'::json) as assignee_ids,
           coalesce(t.ids, '[]'::json) as label_ids,
           coalesce(ch.items, '[]'::json) as checklist,
           coalesce(co.items, '[]'::json) as comments,
           coalesce(f.items, '[]'::json) as attachments
    from board_cards c
    left join assignees a on a.card_id = c.id
    left join tags t on t.card_id = c.id
    left join checklists ch on ch.card_id = c.id
    left join comments co on co.card_id = c.id
    left join attachments f on f.card_id = c.id
  )
  select json_build_object(
    'board', to_json(b),
    'members', coalesce((
      select json_agg(md order by md.role = 'owner' desc, md.created_at, md.id)
      from (
        select m.*,
               case when p.id is not null then
                 json_build_object('id', p.id, 'full_name', p.full_name, 'email', p.email)
               end as profile
        from public.board_members m
        left join public.profiles p on p.id = m.user_id
        where m.board_id = b.id
      ) md
    ), '[]'::json),
    'labels', coalesce((
      select json_agg(l order by l.created_at, l.id)
      from public.board_labels l
      where l.board_id = b.id
    ), '[]'::json),
    'lists', coalesce((
      select json_agg(li order by li.position, li.created_at, li.id)
      from public.lists li
      where li.board_id = b.id and li.archived_at is null
    ), '[]'::json),
    'cards', coalesce((
      select json_agg(cd order by cd.position, cd.created_at, cd.id)
      from card_docs cd
    ), '[]'::json)
  )
  from public.boards b
  where b.id = p_board_id
$$;

comment on function public.board_snapshot(uuid) is
  'The board with its members (and profiles), labels, lists and cards not archived (with assignee ids, label ids, checklist, comments and attachments) as one JSON document, read with the caller''s rights; null when the caller cannot see the board.';

revoke execute on function public.board_snapshot(uuid) from public, anon;
grant execute on function public.board_snapshot(uuid) to authenticated, service_role;

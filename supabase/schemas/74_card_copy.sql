-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- 'Kopieren nach …' and 'Verschieben nach …' from the card detail: a card copied to any list of
-- a board the caller belongs to, or moved to a list of another board.
--
-- Why security definer: a move to another board carries the card's comments, written by their
-- authors (the comment insert policy admits only one's own), and the card's board is fixed by
-- public.set_card_board_id (assignees and labels belong to a board). So the functions check
-- what row-level security would, explicitly, and first: the caller must be a member of the
-- card's board AND of the target list's board; a card or list they cannot see is refused with
-- 42501 (HTTP 403), never told apart from one that does not exist.
--
-- What travels (docs/data-model.md): every column of the card but the server's own
-- (private.card_fields_not_exported(), read from the table, so a new column travels too); labels
-- matched by name on the target board (a label the target lacks is left off); assignees and
-- subtask assignees only if they are members there; subtasks with their state and dates. A move
-- to another board also takes the comments (author and time kept) and then deletes the
-- original, so each board's members see a plain insert or delete in realtime; the card gets a
-- new id. A move inside one board keeps the card and only sets list and position (the app
-- uses its own moveCard command for that; this path exists for other clients).

create or replace function private.copy_card_to_list(
  p_card_id uuid,
  p_list_id uuid,
  p_at_top boolean,
  p_with_comments boolean
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_target_board uuid;
  v_position double precision;
  v_new_id uuid := gen_random_uuid();
  v_card public.cards;
begin
  v_card := jsonb_populate_record(
    null::public.cards,
    (select to_jsonb(c) - private.card_fields_not_exported() from public.cards c where c.id = p_card_id)
      || jsonb_build_object('id', v_new_id, 'list_id', p_list_id, 'created_at', now())
  );
  select l.board_id into v_target_board from public.lists l where l.id = p_list_id;
  select coalesce(
           case when p_at_top then min(c.position) - 1024 else max(c.position) + 1024 end,
           1024)
    into v_position
    from public.cards c
   where c.list_id = p_list_id and c.deleted_at is null;
  v_card.position := v_position;
  v_card.board_id := v_target_board;
  -- A new row: its row version starts again (the copied card's is not exported).
  v_card.version := 1;
  insert into public.cards select (v_card).*;

  insert into public.card_tags (card_id, label_id)
  select v_new_id, target.id
    from public.card_tags t
    join public.board_labels l on l.id = t.label_id
    cross join lateral (
      select tl.id from public.board_labels tl
       where tl.board_id = v_target_board and lower(btrim(tl.name)) = lower(btrim(l.name))
       order by tl.created_at, tl.id
       limit 1
    ) target
   where t.card_id = p_card_id
   order by t.created_at
  on conflict do nothing;

  insert into public.card_assignees (card_id, user_id)
  select v_new_id, a.user_id
    from public.card_assignees a
   where a.card_id = p_card_id
     and exists (
       select 1 from public.board_members m
        where m.board_id = v_target_board and m.user_id = a.user_id
     )
   order by a.created_at;

  insert into public.card_checklist_items
    (card_id, text, completed, position, due_date, assigned_to, created_at)
  select v_new_id, i.text, i.completed, i.position, i.due_date,
         case when exists (
           select 1 from public.board_members m
            where m.board_id = v_target_board and m.user_id = i.assigned_to
         ) then i.assigned_to end,
         now() + row_number() over (order by i.position, i.created_at, i.id) * interval '1 microsecond'
    from public.card_checklist_items i
   where i.card_id = p_card_id;

  if p_with_comments then
    insert into public.card_comments (card_id, user_id, text, created_at, edited_at)
    select v_new_id, k.user_id, k.text, k.created_at, k.edited_at
      from public.card_comments k
     where k.card_id = p_card_id;
  end if;

  return v_new_id;
end;
$$;

comment on function private.copy_card_to_list(uuid, uuid, boolean, boolean) is
  'Copies a card with its labels (by name), assignees and subtask assignees who are members of the target board, subtasks and optionally comments to the top or end of a list; no checks (public.copy_card and public.move_card_to_list check first).';

revoke execute on function private.copy_card_to_list(uuid, uuid, boolean, boolean)
  from public, anon, authenticated;

-- The checks both public functions share: the card and the list must lie on boards the caller
-- belongs to. Returns the boards of the card and of the list.
create or replace function private.card_transfer_boards(p_card_id uuid, p_list_id uuid)
returns table (card_board_id uuid, list_board_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_card_board uuid;
  v_list_board uuid;
begin
  select c.board_id into v_card_board
    from public.cards c
   where c.id = p_card_id and c.deleted_at is null
     and c.board_id in (select private.my_board_ids());
  if v_card_board is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'The card does not exist or you are not a member of its board';
  end if;

  select l.board_id into v_list_board
    from public.lists l
   where l.id = p_list_id and l.board_id in (select private.my_board_ids());
  if v_list_board is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'The list does not exist or you are not a member of its board';
  end if;

  return query select v_card_board, v_list_board;
end;
$$;

comment on function private.card_transfer_boards(uuid, uuid) is
  'The boards of a card and a list, both of which the caller must be a member of (42501 otherwise); the check of copy_card and move_card_to_list.';

revoke execute on function private.card_transfer_boards(uuid, uuid) from public, anon, authenticated;

create or replace function private.copy_card(p_card_id uuid, p_list_id uuid, p_at_top boolean default false)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.card_transfer_boards(p_card_id, p_list_id);
  return private.copy_card_to_list(p_card_id, p_list_id, p_at_top, false);
end;
$$;

comment on function private.copy_card(uuid, uuid, boolean) is
  'Kopieren nach …: a copy of the card (no comments) at the top or end of a list on any board the caller is a member of; returns the new card''s id. 42501 for a card or list outside the caller''s boards.';

revoke execute on function private.copy_card(uuid, uuid, boolean) from public, anon;
grant execute on function private.copy_card(uuid, uuid, boolean) to authenticated, service_role;

-- The API's entries are security invoker (nothing the API exposes runs with the owner's
-- rights, splinter lint 0029); the work runs in the private functions below them.
create or replace function public.copy_card(p_card_id uuid, p_list_id uuid, p_at_top boolean default false)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.copy_card(p_card_id, p_list_id, p_at_top)
$$;

comment on function public.copy_card(uuid, uuid, boolean) is
  'Kopieren nach …: a copy of the card (no comments) at the top or end of a list on any board the caller is a member of; returns the new card''s id. 42501 for a card or list outside the caller''s boards.';

revoke execute on function public.copy_card(uuid, uuid, boolean) from public, anon;
grant execute on function public.copy_card(uuid, uuid, boolean) to authenticated, service_role;


create or replace function private.move_card_to_list(
  p_card_id uuid,
  p_list_id uuid,
  p_at_top boolean default false
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_boards record;
  v_new_id uuid;
begin
  select * into v_boards from private.card_transfer_boards(p_card_id, p_list_id);
  -- Two members moving the same card at once: the second waits, then finds it gone (42501).
  perform 1 from public.cards c where c.id = p_card_id for update;

  if v_boards.card_board_id = v_boards.list_board_id then
    update public.cards c
       set list_id = p_list_id,
           position = coalesce((
             select case when p_at_top then min(o.position) - 1024 else max(o.position) + 1024 end
               from public.cards o
              where o.list_id = p_list_id and o.deleted_at is null and o.id <> p_card_id
           ), 1024)
     where c.id = p_card_id;
    return p_card_id;
  end if;

  v_new_id := private.copy_card_to_list(p_card_id, p_list_id, p_at_top, true);
  delete from public.cards c where c.id = p_card_id;
  return v_new_id;
end;
$$;

comment on function private.move_card_to_list(uuid, uuid, boolean) is
  'Verschieben nach …: moves a card to the top or end of a list; to another board as a copy with its comments, the original deleted (returns the new id). 42501 for a card or list outside the caller''s boards.';

revoke execute on function private.move_card_to_list(uuid, uuid, boolean) from public, anon;
grant execute on function private.move_card_to_list(uuid, uuid, boolean) to authenticated, service_role;

create or replace function public.move_card_to_list(
  p_card_id uuid,
  p_list_id uuid,
  p_at_top boolean default false
)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.move_card_to_list(p_card_id, p_list_id, p_at_top)
$$;

comment on function public.move_card_to_list(uuid, uuid, boolean) is
  'Verschieben nach …: moves a card to the top or end of a list; to another board as a copy with its comments, the original deleted (returns the new id). 42501 for a card or list outside the caller''s boards.';

revoke execute on function public.move_card_to_list(uuid, uuid, boolean) from public, anon;
grant execute on function public.move_card_to_list(uuid, uuid, boolean) to authenticated, service_role;

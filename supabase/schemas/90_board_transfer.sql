-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Export and import of a board document (table private.import_rate: migration
-- 20261124001100_board_import.sql).

-- Export of a board as one versioned JSON document: {"format": "taskflow-board",
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
-- are gone. So are archived cards and lists (archived_at): the file holds the board as its
-- members see it, and the archive stays with the board it came from. Positions are exported as
-- stored, so an import restores the order exactly.

create or replace function private.board_people(p_board_id uuid)
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

create or replace function public.export_board(p_board_id uuid)
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
    select c.* from public.cards c
    where c.board_id = p_board_id and c.deleted_at is null and c.archived_at is null
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
  -- A card is its row, every column by its name, but those private.card_fields_not_exported()
  -- names (ids, times, the board, the list it sits in), plus its children.
  card_docs as (
    select c.list_id, c.position, c.created_at, c.id,
           (to_jsonb(c) - private.card_fields_not_exported()) || jsonb_build_object(
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
      where li.board_id = b.id and li.archived_at is null
    ), '[]'::json)
  )
  into v_doc
  from public.boards b
  where b.id = p_board_id;

  return v_doc;
end;
$$;

comment on function public.export_board(uuid) is
  'The board as a versioned document {"format":"taskflow-board","version":1,...}: board, members (by e-mail), labels, lists with their cards (positions, label ids, assignees by e-mail, subtasks, comments with author e-mail and time). Members only (42501 otherwise); soft-deleted and archived cards and archived lists are left out.';

revoke execute on function public.export_board(uuid) from public, anon;
grant execute on function public.export_board(uuid) to authenticated, service_role;

create or replace function private.import_board(p_doc jsonb)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_max_lists constant integer := 500;
  c_max_cards constant integer := 20000;
  c_max_labels constant integer := 500;
  c_max_people constant integer := 500;
  c_max_children constant integer := 200000;
  c_max_lookups constant integer := 500;
  c_window constant interval := interval '1 hour';
  v_lookups integer;
  v_caller uuid := (select auth.uid());
  v_board public.boards;
  v_title text;
  v_background text;
  v_lists integer;
  v_cards integer;
  v_children integer;
  v_labels integer;
  v_people integer;
  v_unregistered integer;
  v_members_added integer;
  v_card_fixed text[] := private.card_fields_not_exported() || array['title', 'position'];
  v_card_columns text;
  v_card_values text;
begin
  if v_caller is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only signed-in users can import a board';
  end if;

  if jsonb_typeof(p_doc) is distinct from 'object'
     or p_doc ->> 'format' is distinct from 'taskflow-board' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'Not a TaskFlow board document',
      hint = 'Expected {"format": "taskflow-board", "version": 1, ...}.';
  end if;
  if p_doc -> 'version' is distinct from '1'::jsonb then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = format('Unsupported document version %s', p_doc -> 'version'),
      hint = 'This server imports version 1.';
  end if;
  if jsonb_typeof(p_doc -> 'board') is distinct from 'object'
     or jsonb_typeof(p_doc -> 'lists') is distinct from 'array'
     or jsonb_typeof(coalesce(p_doc -> 'labels', '[]')) is distinct from 'array'
     or jsonb_typeof(coalesce(p_doc -> 'members', '[]')) is distinct from 'array'
     or exists (
       select 1 from jsonb_array_elements(p_doc -> 'lists') l
       where jsonb_typeof(l) is distinct from 'object'
          or jsonb_typeof(coalesce(l -> 'cards', '[]')) is distinct from 'array'
     ) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'The board document is malformed',
      hint = 'board must be an object; lists, labels, members and each list''s cards arrays.';
  end if;

  v_lists := jsonb_array_length(p_doc -> 'lists');
  v_labels := jsonb_array_length(coalesce(p_doc -> 'labels', '[]'));
  select coalesce(sum(jsonb_array_length(coalesce(l -> 'cards', '[]'))), 0)
    into v_cards
    from jsonb_array_elements(p_doc -> 'lists') l;
  if v_lists > c_max_lists or v_cards > c_max_cards or v_labels > c_max_labels then
    raise exception using
      errcode = 'PT413',
      message = 'The board document is too large',
      hint = format('At most %s lists, %s cards and %s labels.', c_max_lists, c_max_cards, c_max_labels);
  end if;

  v_title := btrim(coalesce(p_doc -> 'board' ->> 'title', ''));
  v_background := p_doc -> 'board' ->> 'background';
  if v_background is null or length(v_background) > 200 then
    v_background := null;
  end if;

  -- The new board; on_board_created makes the caller its owner member.
  insert into public.boards (title, owner_id, background)
  values (v_title, v_caller, coalesce(v_background, 'bg-gradient-to-br from-blue-500 to-indigo-600'))
  returning * into v_board;

  drop table if exists pg_temp.import_lists, pg_temp.import_cards, pg_temp.import_labels,
    pg_temp.import_people;

  create temporary table import_lists on commit drop as
  select gen_random_uuid() as id, l.ord, l.value as doc
  from jsonb_array_elements(p_doc -> 'lists') with ordinality l(value, ord);

  create temporary table import_cards on commit drop as
  select gen_random_uuid() as id, il.id as list_id, il.ord as list_ord, c.ord, c.value as doc
  from pg_temp.import_lists il,
       jsonb_array_elements(coalesce(il.doc -> 'cards', '[]')) with ordinality c(value, ord);

  select coalesce(sum(
           jsonb_array_length(coalesce(ic.doc -> 'subtasks', '[]'))
           + jsonb_array_length(coalesce(ic.doc -> 'comments', '[]'))
           + jsonb_array_length(coalesce(ic.doc -> 'labels', '[]'))
           + jsonb_array_length(coalesce(ic.doc -> 'assignees', '[]'))), 0)
    into v_children
    from pg_temp.import_cards ic;
  if v_children > c_max_children then
    raise exception using
      errcode = 'PT413',
      message = 'The board document is too large',
      hint = format('At most %s subtasks, comments, labels and assignees on all cards together.', c_max_children);
  end if;

  create temporary table import_labels on commit drop as
  select l.value ->> 'id' as ref, gen_random_uuid() as id, l.ord, l.value as doc
  from jsonb_array_elements(coalesce(p_doc -> 'labels', '[]')) with ordinality l(value, ord);

  -- Everyone the document names, by lower-cased e-mail; `member` when they belonged to the
  -- exported board or are assigned to something in it.
  create temporary table import_people on commit drop as
  with named as (
    select lower(btrim(m.value ->> 'email')) as email, true as member, m.ord as seen
    from jsonb_array_elements(coalesce(p_doc -> 'members', '[]')) with ordinality m(value, ord)
    union all
    select lower(btrim(a #>> '{}')), true, 1000000 + ic.ord
    from pg_temp.import_cards ic, jsonb_array_elements(coalesce(ic.doc -> 'assignees', '[]')) a
    union all
    select lower(btrim(s ->> 'assignee')), true, 1000000 + ic.ord
    from pg_temp.import_cards ic, jsonb_array_elements(coalesce(ic.doc -> 'subtasks', '[]')) s
    union all
    select lower(btrim(k ->> 'author_email')), false, 1000000 + ic.ord
    from pg_temp.import_cards ic, jsonb_array_elements(coalesce(ic.doc -> 'comments', '[]')) k
  )
  select n.email, bool_or(n.member) as member, min(n.seen) as seen,
         (select p.id from public.profiles p where lower(p.email) = n.email limit 1) as user_id
  from named n
  where n.email is not null and n.email <> ''
  group by n.email;

  select count(*), count(*) filter (where ip.user_id is null)
    into v_people, v_unregistered
    from pg_temp.import_people ip;
  if v_people > c_max_people then
    raise exception using
      errcode = 'PT413',
      message = 'The board document names too many people',
      hint = format('At most %s different e-mail addresses.', c_max_people);
  end if;

  -- The lookups count against the caller's budget before any of their results is written or
  -- answered: one row per caller, updated in place, so concurrent imports queue on its lock
  -- and cannot outrun the count. A refused import rolls back its count with everything else;
  -- it revealed nothing.
  if v_people > 0 then
    insert into private.import_rate as r (user_id, window_start, lookups)
    values (v_caller, now(), v_people)
    on conflict (user_id) do update set
      window_start = case when r.window_start <= now() - c_window then now() else r.window_start end,
      lookups = case when r.window_start <= now() - c_window then excluded.lookups
                     else r.lookups + excluded.lookups end
    returning lookups into v_lookups;
    if v_lookups > c_max_lookups then
      raise exception using
        errcode = 'PT429',
        message = 'Too many people looked up by imports, please wait',
        hint = format('Imports may look up at most %s e-mail addresses per %s.', c_max_lookups, c_window);
    end if;
  end if;

  -- In the exported board's order, after the owner row the trigger wrote at now().
  insert into public.board_members (board_id, user_id, role, created_at)
  select v_board.id, ip.user_id, 'member',
         now() + (row_number() over (order by ip.seen, ip.email)) * interval '1 microsecond'
  from pg_temp.import_people ip
  where ip.member and ip.user_id is not null and ip.user_id <> v_caller
  on conflict (board_id, user_id) do nothing;
  get diagnostics v_members_added = row_count;

  insert into public.board_labels (id, board_id, name, color, created_at)
  select il.id, v_board.id, btrim(il.doc ->> 'name'),
         coalesce(il.doc ->> 'color', 'bg-blue-100 text-blue-800'),
         now() + il.ord * interval '1 microsecond'
  from pg_temp.import_labels il
  order by il.ord;

  insert into public.lists (id, board_id, title, position, created_at)
  select il.id, v_board.id, btrim(il.doc ->> 'title'),
         coalesce((il.doc ->> 'position')::double precision, il.ord * 1024),
         now() + il.ord * interval '1 microsecond'
  from pg_temp.import_lists il
  order by il.ord;

  -- Cards: the server sets what private.card_fields_not_exported() names (a new id, the list
  -- the card sits in, its board by trigger, created_at in document order; never deleted), and
  -- title and position keep their rules (trimmed; the document's order when absent). Every
  -- other column is read from the card's document by its name and converted to the column's
  -- type (jsonb_populate_record: a value that does not fit fails the import, 22P02/22007/23514);
  -- one the document leaves out takes the column's default, as does a null for a not-null
  -- column with a default. The column list comes from the table, so a new column travels
  -- without a change here.
  select string_agg(format('%I', a.attname), ', ' order by a.attnum),
         string_agg(
           case
             when a.attnotnull and d.adbin is not null then
               format('coalesce(r.%I, %s)', a.attname, pg_catalog.pg_get_expr(d.adbin, d.adrelid))
             else
               format('case when ic.doc ? %L then r.%I else %s end', a.attname, a.attname,
                      coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), 'null'))
           end, ', ' order by a.attnum)
    into v_card_columns, v_card_values
    from pg_catalog.pg_attribute a
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where a.attrelid = 'public.cards'::regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname <> all (v_card_fixed);

  execute format($insert$
    insert into public.cards (id, list_id, title, position, created_at%s)
    select ic.id, ic.list_id, btrim(ic.doc ->> 'title'),
           coalesce((ic.doc ->> 'position')::double precision, ic.ord * 1024),
           now() + ic.ord * interval '1 microsecond'%s
    from pg_temp.import_cards ic
    cross join lateral jsonb_populate_record(null::public.cards, ic.doc - $1) r
    order by ic.list_ord, ic.ord
  $insert$, coalesce(', ' || v_card_columns, ''), coalesce(', ' || v_card_values, ''))
  using v_card_fixed;

  -- A label reference that names no label of the document is refused, not dropped (its
  -- label_id is null: 23502): the document is inconsistent, and nothing of it is kept.
  insert into public.card_tags (card_id, label_id, created_at)
  select ic.id, lab.id, now() + t.ord * interval '1 microsecond'
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements_text(coalesce(ic.doc -> 'labels', '[]')) with ordinality t(ref, ord)
  left join pg_temp.import_labels lab on lab.ref = t.ref
  on conflict do nothing;

  insert into public.card_assignees (card_id, user_id, created_at)
  select ic.id, ip.user_id, now() + a.ord * interval '1 microsecond'
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements_text(coalesce(ic.doc -> 'assignees', '[]')) with ordinality a(email, ord)
  join pg_temp.import_people ip on ip.email = lower(btrim(a.email))
  where ip.user_id is not null
  on conflict do nothing;

  insert into public.card_checklist_items
    (card_id, text, completed, position, due_date, assigned_to, created_at)
  select ic.id, coalesce(s.value ->> 'text', ''),
         coalesce((s.value ->> 'completed')::boolean, false),
         coalesce((s.value ->> 'position')::double precision, s.ord * 1024),
         (s.value ->> 'due_date')::date,
         ip.user_id,
         now() + s.ord * interval '1 microsecond'
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements(coalesce(ic.doc -> 'subtasks', '[]')) with ordinality s(value, ord)
  left join pg_temp.import_people ip on ip.email = lower(btrim(s.value ->> 'assignee'));

  insert into public.card_comments (card_id, user_id, text, created_at, edited_at)
  select ic.id,
         coalesce(ip.user_id, v_caller),
         case
           when ip.user_id is null and coalesce(nullif(btrim(k.value ->> 'author_name'), ''),
                                                nullif(btrim(k.value ->> 'author_email'), '')) is not null
             then coalesce(nullif(btrim(k.value ->> 'author_name'), ''), btrim(k.value ->> 'author_email'))
                  || ': ' || btrim(k.value ->> 'text')
           else btrim(k.value ->> 'text')
         end,
         coalesce((k.value ->> 'created_at')::timestamptz, now() + k.ord * interval '1 microsecond'),
         (k.value ->> 'edited_at')::timestamptz
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements(coalesce(ic.doc -> 'comments', '[]')) with ordinality k(value, ord)
  left join pg_temp.import_people ip on ip.email = lower(btrim(k.value ->> 'author_email'));

  return json_build_object(
    'board', to_json(v_board),
    'lists', v_lists,
    'cards', v_cards,
    'labels', v_labels,
    'members_added', v_members_added,
    'unregistered', v_unregistered
  );
end;
$$;

comment on function private.import_board(jsonb) is
  'The work behind public.import_board: checks the document, creates the board for the caller and everything in it in one statement.';

revoke execute on function private.import_board(jsonb) from public, anon;
grant execute on function private.import_board(jsonb) to authenticated, service_role;

-- Security invoker; pauses the activity triggers around the security definer import and then
-- records the import as one entry (private.record_board_imported).
create or replace function public.import_board(p_doc jsonb)
returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform pg_catalog.set_config('taskflow.activity_paused', 'on', true);
  v_result := private.import_board(p_doc);
  perform pg_catalog.set_config('taskflow.activity_paused', 'off', true);
  perform private.record_board_imported((v_result -> 'board' ->> 'id')::uuid);
  return v_result;
end;
$$;

comment on function public.import_board(jsonb) is
  'Creates a new board owned by the caller from a {"format":"taskflow-board","version":1} document, all or nothing. Registered people named in it become members; unregistered ones are left unassigned. Returns {"board":{...},"lists":n,"cards":n,"labels":n,"members_added":n,"unregistered":n}. 22023 (400) for a malformed document, PT413 (413) over the limits, PT429 (429) over 500 e-mail lookups per hour.';

revoke execute on function public.import_board(jsonb) from public, anon;
grant execute on function public.import_board(jsonb) to authenticated, service_role;

-- The one entry of an import. It writes only on a board the caller owns whose history is still
-- empty, i.e. the board import_board has just created with the triggers paused: called with
-- any other board it does nothing, so it cannot be used to forge entries.
create or replace function private.record_board_imported(p_board_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_board public.boards;
begin
  select * into v_board from public.boards b
  where b.id = p_board_id and b.owner_id = (select auth.uid());
  if v_board.id is null
     or exists (select 1 from public.activity a where a.board_id = v_board.id) then
    return;
  end if;
  perform private.record_activity(v_board.id, null, 'board_imported', jsonb_build_object(
    'board_title', v_board.title,
    'lists', (select count(*) from public.lists l where l.board_id = v_board.id),
    'cards', (select count(*) from public.cards c
              where c.board_id = v_board.id and c.deleted_at is null)));
end;
$$;

comment on function private.record_board_imported(uuid) is
  'Writes the one board_imported entry of a board import_board has just created for the caller (its title, numbers of lists and cards); nothing for any other board.';

revoke execute on function private.record_board_imported(uuid) from public, anon;
grant execute on function private.record_board_imported(uuid) to authenticated, service_role;

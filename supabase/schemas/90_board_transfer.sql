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
-- is a member of the board, and only for the people that board mentions: its members by
-- e-mail (membership is what lets members see each other's address), and the authors of its
-- comments who have left it since without one, by the name the history recorded when they last
-- commented there, so an export never follows a former member to a new address or name.
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
  with members as (
    select u.id as user_id, lower(u.email::text) as email, coalesce(p.full_name, '') as full_name
    from public.board_members m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.id = u.id
    where m.board_id = p_board_id
  ),
  former_authors as (
    select distinct k.user_id
    from public.card_comments k
    join public.cards c on c.id = k.card_id
    where c.board_id = p_board_id
      and not exists (select 1 from members mb where mb.user_id = k.user_id)
  )
  select mb.user_id, mb.email, mb.full_name from members mb
  union all
  select fa.user_id, null::text,
         coalesce((
           select a.data ->> 'actor_name' from public.activity a
           where a.board_id = p_board_id and a.actor_id = fa.user_id and a.kind = 'comment_added'
           order by a.created_at desc, a.id desc
           limit 1
         ), '')
  from former_authors fa
  where exists (
    select 1 from public.board_members me
    where me.board_id = p_board_id and me.user_id = (select auth.uid())
  )
$$;

comment on function private.board_people(uuid) is
  'For a board''s members only (export helper; empty for anyone else): its members with e-mail and name, and authors of its comments who are no longer members, without e-mail, by the name recorded when they last commented there.';

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
             'text', private.render_mentions(i.text),
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
           -- An imported comment keeps the author and time it was imported with: its row
           -- belongs to the importer, but the board's next export must not claim them as author.
           json_agg(json_build_object(
             'author_email', case when k.imported_author_name is null then pe.email end,
             'author_name', coalesce(k.imported_author_name, pe.full_name, ''),
             'text', private.render_mentions(k.text),
             'created_at', coalesce(k.imported_at, k.created_at),
             'edited_at', k.edited_at
           ) order by k.created_at, k.id) as items
    from public.card_comments k
    left join people pe on pe.user_id = k.user_id
    where k.card_id in (select bc.id from board_cards bc)
    group by k.card_id
  ),
  -- A card's files as an export "with files" packs them: name, size, type, the file's path in
  -- the archive (the object's own last segment, unique and already a safe name) and whether it
  -- is the cover (cover_attachment_id itself names a row of this board, so it is not exported).
  files as (
    select f.card_id,
           json_agg(json_build_object(
             'name', f.name,
             'size', f.size,
             'mime_type', f.mime_type,
             'path', 'files/' || split_part(f.object_path, '/', 3),
             'cover', f.id = bc.cover_attachment_id
           ) order by f.created_at, f.id) as items
    from public.card_attachments f
    join board_cards bc on bc.id = f.card_id
    group by f.card_id
  ),
  -- A card is its row, every column by its name, but those private.card_fields_not_exported()
  -- names (ids, times, the board, the list it sits in), plus its children. Mentions leave as
  -- '@Name' (here and in subtasks and comments): a member's id means nothing outside this
  -- project, and the export is read by people and other tools.
  card_docs as (
    select c.list_id, c.position, c.created_at, c.id,
           (to_jsonb(c) - private.card_fields_not_exported()) || jsonb_build_object(
             'title', private.render_mentions(c.title),
             'description', private.render_mentions(c.description),
             'labels', coalesce(t.ids, '[]'::json),
             'assignees', coalesce(a.emails, '[]'::json),
             'subtasks', coalesce(s.items, '[]'::json),
             'comments', coalesce(k.items, '[]'::json),
             'attachments', coalesce(f.items, '[]'::json)
           ) as doc
    from board_cards c
    left join assignees a on a.card_id = c.id
    left join tags t on t.card_id = c.id
    left join subtasks s on s.card_id = c.id
    left join comments k on k.card_id = c.id
    left join files f on f.card_id = c.id
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
  'The board as a versioned document {"format":"taskflow-board","version":1,...}: board, members (by e-mail), labels, lists with their cards (positions, label ids, assignees by e-mail, subtasks, comments with author e-mail and time, attachments with name, size, type, path in an archive and cover flag). Members only (42501 otherwise); soft-deleted and archived cards and archived lists are left out.';

revoke execute on function public.export_board(uuid) from public, anon;
grant execute on function public.export_board(uuid) to authenticated, service_role;

-- The import, sized so that it cannot hold the database long enough to stall anyone else.
--
-- PGlite runs one statement at a time for the whole backend (docs/notes/pglite.md): while this
-- function runs, every other request of every user waits. So the largest document it accepts is
-- the one whose import still ends in well under a second there (bench/transfer.ts measures it
-- and the longest wait of a concurrent request, on PGlite and PostgreSQL), which also keeps it
-- far inside hosted Supabase's 8 s statement timeout. Every count is read from an array's
-- length before that array is expanded, so an oversized document is refused at the cost of
-- reading its top level (the REST layer's MAX_BODY_BYTES bounds the parse before that).
--
-- Per caller and hour, imports are budgeted (count, bytes, addresses looked up) in
-- private.import_rate: anyone can sign up, so the per-document limits alone would not bound
-- the work one person can ask for.
--
-- Order, so that a rollback can never undo a count whose answer was given: everything that may
-- fail (the document's checks, the budget, every row and constraint) comes first, while no
-- address has been looked up; the people come last, and nothing after them can fail. A failed
-- import has looked up nobody; a successful one commits its counts with its answer (and the
-- REST layer does not let a client roll a call back).
--
-- The new board's rows are written with the change feed and the per-row history paused: nobody
-- has the board open yet (its id is not known before this returns), and the history records the
-- import once. The board itself and each member added go through the feed as usual, so a new
-- member's board list shows it at once.
--
-- People: imported comments are written as the importer, never as the account the document
-- names; the original author's name and time are kept in imported_author_name and imported_at
-- (edited_at is never read from a document). Registered people named in `members` become
-- members exactly as an invitation adds them (private.invite_board_member, with its rules and
-- its rate limit; once that refuses, the remaining people are left unmatched); assignments are
-- kept only for people who are members of the new board.
create or replace function private.import_board(p_doc jsonb)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- Measured: see the function's header and README "Export and import".
  c_max_bytes constant integer := 512000;
  c_max_lists constant integer := 50;
  c_max_labels constant integer := 50;
  c_max_people constant integer := 50;
  c_max_cards constant integer := 500;
  -- Cards, subtasks, comments, labels on cards and assignees together.
  c_max_rows constant integer := 2000;
  c_max_imports constant integer := 30;
  c_max_import_bytes constant bigint := 5000000;
  c_max_lookups constant integer := 500;
  c_window constant interval := interval '1 hour';
  v_caller uuid := (select auth.uid());
  v_bytes integer := pg_catalog.pg_column_size(p_doc);
  v_rate private.import_rate;
  v_board public.boards;
  v_title text;
  v_background text;
  v_lists integer;
  v_cards integer;
  v_rows integer;
  v_labels integer;
  v_people text[];
  v_email text;
  v_invited json;
  v_unregistered integer;
  v_members_added integer := 0;
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
     or jsonb_typeof(coalesce(p_doc -> 'members', '[]')) is distinct from 'array' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'The board document is malformed',
      hint = 'board must be an object; lists, labels, members and each list''s cards arrays.';
  end if;

  -- The top level first, by length only: nothing is expanded before it is known to be small.
  v_lists := jsonb_array_length(p_doc -> 'lists');
  v_labels := jsonb_array_length(coalesce(p_doc -> 'labels', '[]'));
  if v_bytes > c_max_bytes or v_lists > c_max_lists or v_labels > c_max_labels
     or jsonb_array_length(coalesce(p_doc -> 'members', '[]')) > c_max_people then
    raise exception using
      errcode = 'PT413',
      message = 'The board document is too large',
      hint = format('At most %s bytes, %s lists, %s labels and %s members.',
                    c_max_bytes, c_max_lists, c_max_labels, c_max_people);
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_doc -> 'lists') l
    where jsonb_typeof(l) is distinct from 'object'
       or jsonb_typeof(coalesce(l -> 'cards', '[]')) is distinct from 'array'
  ) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'The board document is malformed',
      hint = 'board must be an object; lists, labels, members and each list''s cards arrays.';
  end if;
  select coalesce(sum(jsonb_array_length(coalesce(l -> 'cards', '[]'))), 0)
    into v_cards
    from jsonb_array_elements(p_doc -> 'lists') l;
  if v_cards > c_max_cards then
    raise exception using
      errcode = 'PT413',
      message = 'The board document is too large',
      hint = format('At most %s cards.', c_max_cards);
  end if;
  -- At most c_max_cards cards to look into; each card's arrays are counted, not expanded.
  if exists (
    select 1
    from jsonb_array_elements(p_doc -> 'lists') l,
         jsonb_array_elements(coalesce(l -> 'cards', '[]')) c
    where jsonb_typeof(c) is distinct from 'object'
       or jsonb_typeof(coalesce(c -> 'subtasks', '[]')) is distinct from 'array'
       or jsonb_typeof(coalesce(c -> 'comments', '[]')) is distinct from 'array'
       or jsonb_typeof(coalesce(c -> 'labels', '[]')) is distinct from 'array'
       or jsonb_typeof(coalesce(c -> 'assignees', '[]')) is distinct from 'array'
  ) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'The board document is malformed',
      hint = 'Each card must be an object; its subtasks, comments, labels and assignees arrays.';
  end if;
  select v_cards + coalesce(sum(
           jsonb_array_length(coalesce(c -> 'subtasks', '[]'))
           + jsonb_array_length(coalesce(c -> 'comments', '[]'))
           + jsonb_array_length(coalesce(c -> 'labels', '[]'))
           + jsonb_array_length(coalesce(c -> 'assignees', '[]'))), 0)
    into v_rows
    from jsonb_array_elements(p_doc -> 'lists') l,
         jsonb_array_elements(coalesce(l -> 'cards', '[]')) c;
  if v_rows > c_max_rows then
    raise exception using
      errcode = 'PT413',
      message = 'The board document is too large',
      hint = format('At most %s cards, subtasks, comments, labels on cards and assignees together.', c_max_rows);
  end if;

  -- The addresses the document names for membership, in its order; the caller is the owner.
  select coalesce(array_agg(n.email order by n.seen), '{}')
    into v_people
    from (
      select lower(btrim(m.value ->> 'email')) as email, min(m.ord) as seen
      from jsonb_array_elements(coalesce(p_doc -> 'members', '[]')) with ordinality m(value, ord)
      where jsonb_typeof(m.value) = 'object' and nullif(btrim(m.value ->> 'email'), '') is not null
      group by 1
    ) n
    where n.email is distinct from (select lower(u.email::text) from auth.users u where u.id = v_caller);

  -- The budget, before any row is written or any address looked up. One row per caller,
  -- updated in place, so concurrent imports queue on its lock and cannot outrun the count.
  insert into private.import_rate as r (user_id, window_start, lookups, imports, bytes)
  values (v_caller, now(), cardinality(v_people), 1, v_bytes)
  on conflict (user_id) do update set
    window_start = case when r.window_start <= now() - c_window then now() else r.window_start end,
    lookups = case when r.window_start <= now() - c_window then 0 else r.lookups end + excluded.lookups,
    imports = case when r.window_start <= now() - c_window then 0 else r.imports end + 1,
    bytes = case when r.window_start <= now() - c_window then 0 else r.bytes end + excluded.bytes
  returning * into v_rate;
  if v_rate.imports > c_max_imports or v_rate.bytes > c_max_import_bytes
     or v_rate.lookups > c_max_lookups then
    raise exception using
      errcode = 'PT429',
      message = 'Too many imports, please wait',
      hint = format('Per %s at most %s imports, %s bytes and %s e-mail addresses.',
                    c_window, c_max_imports, c_max_import_bytes, c_max_lookups);
  end if;

  v_title := btrim(coalesce(p_doc -> 'board' ->> 'title', ''));
  v_background := p_doc -> 'board' ->> 'background';
  if v_background is null or length(v_background) > 200 then
    v_background := null;
  end if;

  perform pg_catalog.set_config('taskflow.activity_paused', 'on', true);

  -- The new board; on_board_created makes the caller its owner member.
  insert into public.boards (title, owner_id, background)
  values (v_title, v_caller, coalesce(v_background, 'bg-gradient-to-br from-blue-500 to-indigo-600'))
  returning * into v_board;

  perform pg_catalog.set_config('taskflow.change_feed_paused', 'on', true);
  -- The rows below are written with no per-row trigger at all (replication mode): their ids are
  -- made here, so the foreign keys hold by construction, each card's board is set explicitly,
  -- labels come from this document, and nobody is assigned yet; checks and unique keys still
  -- apply. That halves the time the import holds the database. Where the role may not switch
  -- (a hosted project may refuse it), the triggers run, with the feed and history paused.
  begin
    perform pg_catalog.set_config('session_replication_role', 'replica', true);
  exception when insufficient_privilege then
    null;
  end;

  drop table if exists pg_temp.import_lists, pg_temp.import_cards, pg_temp.import_labels,
    pg_temp.import_subtasks;

  create temporary table import_lists on commit drop as
  select gen_random_uuid() as id, l.ord, l.value as doc
  from jsonb_array_elements(p_doc -> 'lists') with ordinality l(value, ord);

  create temporary table import_cards on commit drop as
  select gen_random_uuid() as id, il.id as list_id, il.ord as list_ord, c.ord, c.value as doc
  from pg_temp.import_lists il,
       jsonb_array_elements(coalesce(il.doc -> 'cards', '[]')) with ordinality c(value, ord);

  create temporary table import_labels on commit drop as
  select l.value ->> 'id' as ref, gen_random_uuid() as id, l.ord, l.value as doc
  from jsonb_array_elements(coalesce(p_doc -> 'labels', '[]')) with ordinality l(value, ord);

  create temporary table import_subtasks on commit drop as
  select gen_random_uuid() as id, ic.id as card_id, s.ord, s.value as doc
  from pg_temp.import_cards ic,
       jsonb_array_elements(coalesce(ic.doc -> 'subtasks', '[]')) with ordinality s(value, ord);

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
    insert into public.cards (id, list_id, board_id, title, position, created_at%s)
    select ic.id, ic.list_id, $2, btrim(ic.doc ->> 'title'),
           coalesce((ic.doc ->> 'position')::double precision, ic.ord * 1024),
           now() + ic.ord * interval '1 microsecond'%s
    from pg_temp.import_cards ic
    cross join lateral jsonb_populate_record(null::public.cards, ic.doc - $1) r
    order by ic.list_ord, ic.ord
  $insert$, coalesce(', ' || v_card_columns, ''), coalesce(', ' || v_card_values, ''))
  using v_card_fixed, v_board.id;

  -- A label reference that names no label of the document is refused, not dropped (its
  -- label_id is null: 23502): the document is inconsistent, and nothing of it is kept.
  insert into public.card_tags (card_id, label_id, created_at)
  select ic.id, lab.id, now() + t.ord * interval '1 microsecond'
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements_text(coalesce(ic.doc -> 'labels', '[]')) with ordinality t(ref, ord)
  left join pg_temp.import_labels lab on lab.ref = t.ref
  on conflict do nothing;

  -- Unassigned for now: an assignee must be a member, and members come last (see above).
  insert into public.card_checklist_items
    (id, card_id, text, completed, position, due_date, created_at)
  select s.id, s.card_id, coalesce(s.doc ->> 'text', ''),
         coalesce((s.doc ->> 'completed')::boolean, false),
         coalesce((s.doc ->> 'position')::double precision, s.ord * 1024),
         (s.doc ->> 'due_date')::date,
         now() + s.ord * interval '1 microsecond'
  from pg_temp.import_subtasks s;

  -- Written by the importer, in the document's order; who wrote it and when, as the document
  -- says, only as imported text.
  insert into public.card_comments
    (card_id, user_id, text, created_at, imported_author_name, imported_at)
  select ic.id, v_caller, btrim(k.value ->> 'text'),
         now() + (ic.list_ord * 1000000 + ic.ord * 1000 + k.ord) * interval '1 microsecond',
         left(coalesce(nullif(btrim(k.value ->> 'author_name'), ''),
                       nullif(btrim(k.value ->> 'author_email'), ''), ''), 512),
         (k.value ->> 'created_at')::timestamptz
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements(coalesce(ic.doc -> 'comments', '[]')) with ordinality k(value, ord);

  begin
    perform pg_catalog.set_config('session_replication_role', 'origin', true);
  exception when insufficient_privilege then
    null;
  end;
  perform pg_catalog.set_config('taskflow.change_feed_paused', 'off', true);
  perform pg_catalog.set_config('taskflow.activity_paused', 'off', true);
  perform private.record_board_imported(v_board.id);

  -- From here on nothing may fail: the addresses below are looked up.
  foreach v_email in array v_people loop
    begin
      v_invited := private.invite_board_member(v_board.id, v_email);
    exception when sqlstate 'PT429' then
      exit;
    end;
    if v_invited ->> 'status' = 'added' then
      v_members_added := v_members_added + 1;
    end if;
  end loop;

  perform pg_catalog.set_config('taskflow.activity_paused', 'on', true);
  perform pg_catalog.set_config('taskflow.change_feed_paused', 'on', true);

  -- Assignments, for the people who are now members; everyone else stays unassigned. The
  -- members' addresses are read through the board, so nothing else is looked up.
  with members as (
    select m.user_id, lower(p.email) as email
    from public.board_members m
    join public.profiles p on p.id = m.user_id
    where m.board_id = v_board.id
  )
  insert into public.card_assignees (card_id, user_id, created_at)
  select ic.id, mb.user_id, now() + a.ord * interval '1 microsecond'
  from pg_temp.import_cards ic
  cross join lateral jsonb_array_elements_text(coalesce(ic.doc -> 'assignees', '[]')) with ordinality a(email, ord)
  join members mb on mb.email = lower(btrim(a.email))
  on conflict do nothing;

  with members as (
    select m.user_id, lower(p.email) as email
    from public.board_members m
    join public.profiles p on p.id = m.user_id
    where m.board_id = v_board.id
  )
  update public.card_checklist_items i
     set assigned_to = mb.user_id
    from pg_temp.import_subtasks s
    join members mb on mb.email = lower(btrim(s.doc ->> 'assignee'))
   where i.id = s.id;

  perform pg_catalog.set_config('taskflow.change_feed_paused', 'off', true);
  perform pg_catalog.set_config('taskflow.activity_paused', 'off', true);

  -- People the document names (members and assignees) who are not members of the new board.
  select count(distinct n.email)
    into v_unregistered
    from (
      select lower(btrim(m.value ->> 'email')) as email
      from jsonb_array_elements(coalesce(p_doc -> 'members', '[]')) m
      where jsonb_typeof(m.value) = 'object'
      union
      select lower(btrim(a #>> '{}'))
      from pg_temp.import_cards ic, jsonb_array_elements(coalesce(ic.doc -> 'assignees', '[]')) a
      union
      select lower(btrim(s.doc ->> 'assignee'))
      from pg_temp.import_subtasks s
    ) n
    where nullif(n.email, '') is not null
      and not exists (
        select 1 from public.board_members m
        join public.profiles p on p.id = m.user_id
        where m.board_id = v_board.id and lower(p.email) = n.email
      );

  return json_build_object(
    'board', to_json(v_board),
    'lists', v_lists,
    'cards', v_cards,
    'labels', v_labels,
    'members_added', v_members_added,
    'unregistered', v_unregistered,
    -- The new ids of the cards whose document lists attachments (list and card by their index
    -- in the document, from 0): the files travel apart, uploaded by the importer afterwards.
    'attachment_cards', coalesce((
      select json_agg(json_build_object('list', ic.list_ord - 1, 'card', ic.ord - 1, 'id', ic.id)
                      order by ic.list_ord, ic.ord)
      from pg_temp.import_cards ic
      where jsonb_typeof(ic.doc -> 'attachments') = 'array'
        and jsonb_array_length(ic.doc -> 'attachments') > 0
    ), '[]'::json)
  );
end;
$$;

comment on function private.import_board(jsonb) is
  'The work behind public.import_board: checks the document and the caller''s hourly budget, creates the board for the caller and everything in it, then adds the registered members as invitations do.';

revoke execute on function private.import_board(jsonb) from public, anon;
grant execute on function private.import_board(jsonb) to authenticated, service_role;

-- Security invoker: the API's entry; the work, its budget and its one history entry are in
-- private.import_board.
create or replace function public.import_board(p_doc jsonb)
returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.import_board(p_doc)
$$;

comment on function public.import_board(jsonb) is
  'Creates a new board owned by the caller from a {"format":"taskflow-board","version":1} document, all or nothing. Comments are written as the caller, keeping the original author''s name and time as imported_author_name and imported_at. Registered people in members become members as invitations add them; others are left unassigned. Returns {"board":{...},"lists":n,"cards":n,"labels":n,"members_added":n,"unregistered":n,"attachment_cards":[{"list":i,"card":j,"id":uuid}]} (the new ids of cards whose document lists attachments, for the importer to upload their files). 22023 (400) for a malformed document, PT413 (413) over 512,000 bytes, 50 lists, 50 labels, 50 members, 500 cards, or 2,000 cards, subtasks, comments, labels on cards and assignees together; PT429 (429) over 30 imports, 5,000,000 bytes or 500 addresses per hour.';

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

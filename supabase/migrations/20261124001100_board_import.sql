-- Import of a board document (issue 13) into a NEW board owned by the caller, all or nothing:
-- one RPC, one statement, one transaction. Any error (a refused shape, a limit, a blank title,
-- a bad date) aborts the whole statement, so a failed import leaves no row behind.
--
-- The document is the export's format ({"format": "taskflow-board", "version": 1}, see
-- 20261124001000_board_export.sql); the app maps a Trello export to the same format in the
-- browser (shared/src/transfer), so the server knows one format only. The app validates the
-- document with a schema before sending it; this function checks again what it relies on,
-- because any client can call it: the format and version, the types of the containers, and
-- the limits below. Over a limit: SQLSTATE PT413 (HTTP 413); a wrong shape: 22023 (HTTP 400).
--
-- People: every e-mail in the document (members, assignees, subtask assignees, comment authors)
-- is looked up among registered users. Those found who were members of the exported board or
-- are assigned to something in it become members of the new board (role 'member'; the caller
-- is its owner): assignments need membership, and the old board's people are who the importer
-- expects to find on it, as if the owner had invited each one. Comments keep their author and
-- time when the author is registered; otherwise the importer becomes the author and the
-- original name leads the text. Unregistered people are left unassigned and counted in the
-- answer ('unregistered'), so the app can say so.
--
-- Why security definer (in `private`, with a security invoker wrapper in `public` like
-- invite_board_member): the rows are written for other people (memberships, comments by their
-- authors, original comment times), which row-level security rightly forbids to a client. The
-- function only ever writes into the board it has just created for the caller, so it grants
-- nothing on existing data. Why temporary tables: each child row needs its card's new id, and
-- the set-based inserts below are what make a 5,000-card import take seconds, not minutes.
--
-- Order: positions are taken as given (the app renumbers a Trello export to 1024, 2048, ... as
-- renumber_list does). Rows without an order column of their own (labels, assignees, tags) get
-- created_at one microsecond apart in document order, because every row of one transaction
-- would otherwise share now() and their order would fall to the random ids.

-- Looking people up by e-mail tells whether an address is registered (the summary counts the
-- unregistered ones, and the registered ones appear as members). Invitations allow 20 lookups
-- per 10 minutes for that reason (20261123000200); an import needs more at once (a team's
-- board names dozens of people), so imports have their own budget: 500 addresses per hour per
-- caller, one import of the largest allowed document. Over it: PT429 (HTTP 429), nothing done.
create table private.import_rate (
  user_id uuid primary key references auth.users (id) on delete cascade,
  window_start timestamptz not null,
  lookups integer not null
);

comment on table private.import_rate is
  'Per caller: how many e-mail addresses import_board looked up in the current hour (rate limit).';

alter table private.import_rate enable row level security;
revoke all on table private.import_rate from public, anon, authenticated;
grant all on table private.import_rate to service_role;

create function private.import_board(p_doc jsonb)
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

  insert into public.cards (id, list_id, title, description, due_date, priority, position, created_at)
  select ic.id, ic.list_id, btrim(ic.doc ->> 'title'),
         coalesce(ic.doc ->> 'description', ''),
         (ic.doc ->> 'due_date')::date,
         coalesce(ic.doc ->> 'priority', 'medium'),
         coalesce((ic.doc ->> 'position')::double precision, ic.ord * 1024),
         now() + ic.ord * interval '1 microsecond'
  from pg_temp.import_cards ic
  order by ic.list_ord, ic.ord;

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

create function public.import_board(p_doc jsonb)
returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.import_board(p_doc)
$$;

comment on function public.import_board(jsonb) is
  'Creates a new board owned by the caller from a {"format":"taskflow-board","version":1} document, all or nothing. Registered people named in it become members; unregistered ones are left unassigned. Returns {"board":{...},"lists":n,"cards":n,"labels":n,"members_added":n,"unregistered":n}. 22023 (400) for a malformed document, PT413 (413) over the limits, PT429 (429) over 500 e-mail lookups per hour.';

revoke execute on function public.import_board(jsonb) from public, anon;
grant execute on function public.import_board(jsonb) to authenticated, service_role;

-- An import is one entry in the board's history, not one per imported row.
--
-- The activity triggers (20261124000200) write an entry for every list, card, label, assignee,
-- subtask, comment and member that import_board (20261124001100) inserts: thousands for a
-- 5,000-card board, which flood the new board's history and slow the import down. Instead:
-- - private.record_activity writes nothing while the transaction-local setting
--   `taskflow.activity_paused` is 'on'. Only public.import_board sets it, with
--   set_config(..., is_local => true) around its call of private.import_board, and turns it
--   off again right after, so any later write in the same transaction records as usual. A
--   failed import rolls the setting back with everything else (also inside a subtransaction).
-- - Then it writes exactly one entry, kind 'board_imported', as the importer: the board's
--   title and how many lists and cards it got (private.record_board_imported).
--
-- Why a client cannot pause its own history: the setting can only be set with set_config or
-- SET, and no client can run either. PostgREST (hosted Supabase) calls only functions of the
-- exposed schemas (`public`, plus `graphql_public` for pg_graphql), never pg_catalog's
-- set_config, and sets no setting from a request but the role and request.jwt.*; the local
-- backend's REST layer likewise lists /rpc functions from `public` only
-- (backend/src/db/schema-cache.ts, pronamespace = EXPOSED_SCHEMA) and refuses any other
-- Accept-Profile/Content-Profile. The only function in `public` that calls set_config is
-- import_board below, which turns the pause off again before it returns.

alter table public.activity drop constraint activity_kind_check;
alter table public.activity add constraint activity_kind_check check (kind in (
  'card_created', 'card_moved', 'card_renamed', 'card_deleted', 'card_restored',
  'card_due_date', 'card_priority', 'card_description',
  'assignee_added', 'assignee_removed', 'label_added', 'label_removed',
  'subtask_added', 'subtask_changed', 'subtask_removed',
  'comment_added', 'comment_edited', 'comment_removed',
  'list_created', 'list_renamed', 'list_deleted',
  'member_added', 'member_removed',
  'board_imported'
));

comment on column public.activity.kind is
  'What happened, e.g. card_moved, member_added or board_imported (see the check constraint).';

-- As in 20261124000200, plus the pause. (create or replace keeps its grants.)
create or replace function private.record_activity(
  p_board_id uuid,
  p_card_id uuid,
  p_kind text,
  p_data jsonb
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_actor uuid := (select auth.uid());
begin
  -- An import in progress records itself once, afterwards (public.import_board).
  if current_setting('taskflow.activity_paused', true) = 'on' then
    return;
  end if;
  -- A board being deleted takes its history with it: nothing to write for its cascade.
  insert into public.activity (board_id, card_id, actor_id, kind, data)
  select p_board_id, p_card_id, v_actor, p_kind,
         p_data || jsonb_build_object(
           'actor_name', private.profile_name(v_actor)
         )
  where exists (select 1 from public.boards b where b.id = p_board_id);
end;
$$;

comment on function private.record_activity(uuid, uuid, text, jsonb) is
  'Writes one activity entry as auth.uid() (null without a JWT), unless the board is being deleted or an import is running (setting taskflow.activity_paused, set only by import_board).';

-- The one entry of an import. It writes only on a board the caller owns whose history is still
-- empty, i.e. the board import_board has just created with the triggers paused: called with
-- any other board it does nothing, so it cannot be used to forge entries.
create function private.record_board_imported(p_board_id uuid)
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

-- Same signature, grants and comment; still security invoker, now plpgsql to pause and record
-- around the security definer import.
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

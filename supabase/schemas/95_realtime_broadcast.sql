-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Board and user changes over private Broadcast channels (table and policies: migration
-- 20261126010000_broadcast_topics.sql; docs/realtime.md "Board changes over Broadcast").
-- Every message goes through realtime.send, which hosted Supabase provides (and the local
-- backend's bootstrap), so the same triggers work on both. Each message's payload is
-- {seq, schema, table, operation, record, old_record}: the shape of
-- realtime.broadcast_changes plus the topic's sequence number, the whole new row
-- (INSERT, UPDATE) and the whole old row (UPDATE, DELETE), so a client applies it without a
-- refetch; the event is the operation.

-- The next sequence number of a topic. The upsert locks the topic's row until the writing
-- transaction ends, so concurrent writers to one board take their numbers in commit order and
-- a rolled-back transaction leaves no gap.
create or replace function private.next_topic_seq(p_topic text)
returns bigint
language sql
volatile
security definer
set search_path = ''
as $$
  insert into private.realtime_topic_sequences as s (topic, seq)
  values (p_topic, 1)
  on conflict (topic) do update set seq = s.seq + 1
  returning s.seq
$$;

comment on function private.next_topic_seq(text) is
  'The next sequence number of a private Realtime topic, gap-free in commit order (locks the topic''s row until commit).';

revoke execute on function private.next_topic_seq(text) from public, anon, authenticated;

-- One row change to one board's topic. A change of a board that is gone (the children a
-- board's deletion cascades to) is not sent: the board's own DELETE says it all, and nobody
-- may join its topic any more. The board's own DELETE is sent, then its sequence is dropped.
create or replace function private.send_row_change(
  p_board_id uuid, p_table text, p_operation text, p_record jsonb, p_old_record jsonb
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_topic text := 'board:' || p_board_id;
  v_board_deleted boolean := p_table = 'boards' and p_operation = 'DELETE';
begin
  if p_board_id is null then
    return;
  end if;
  if not v_board_deleted and not exists (select 1 from public.boards b where b.id = p_board_id) then
    return;
  end if;
  perform realtime.send(
    jsonb_build_object(
      'seq', private.next_topic_seq(v_topic),
      'schema', 'public',
      'table', p_table,
      'operation', p_operation,
      'record', p_record,
      'old_record', p_old_record
    ),
    p_operation,
    v_topic,
    true
  );
  if v_board_deleted then
    delete from private.realtime_topic_sequences where topic = v_topic;
  end if;
end;
$$;

comment on function private.send_row_change(uuid, text, text, jsonb, jsonb) is
  'Sends one row change to the private topic board:<board id> with the topic''s next sequence number (skipped when the board is gone, unless it is the board''s own deletion).';

revoke execute on function private.send_row_change(uuid, text, text, jsonb, jsonb) from public, anon, authenticated;

-- The trigger function of every board table: the change goes to the row's board, found as the
-- trigger's argument says: a column holding the board id ('id' for boards, 'board_id'), the
-- card the row hangs on ('card_id'), or, for a profile, every board its user is a member of
-- ('profile'). A row that moves to another board (a card moved there) reaches its old board as
-- a DELETE and its new board as an UPDATE.
create or replace function private.broadcast_row_change()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_board uuid;
  v_old_board uuid;
begin
  if tg_argv[0] = 'profile' then
    -- In board order, so two transactions lock the topics' sequence rows in the same order.
    perform private.send_row_change(m.board_id, tg_table_name, tg_op, v_new, v_old)
    from public.board_members m
    where m.user_id = (coalesce(v_new, v_old) ->> 'id')::uuid
    order by m.board_id;
    return null;
  end if;
  if tg_argv[0] = 'card_id' then
    select c.board_id into v_board from public.cards c
    where c.id = (coalesce(v_new, v_old) ->> 'card_id')::uuid;
    if tg_op = 'UPDATE' then
      select c.board_id into v_old_board from public.cards c where c.id = (v_old ->> 'card_id')::uuid;
    end if;
  else
    v_board := (coalesce(v_new, v_old) ->> tg_argv[0])::uuid;
    v_old_board := (v_old ->> tg_argv[0])::uuid;
  end if;
  if tg_op = 'UPDATE' and v_old_board is distinct from v_board then
    perform private.send_row_change(v_old_board, tg_table_name, 'DELETE', null, v_old);
  end if;
  perform private.send_row_change(v_board, tg_table_name, tg_op, v_new, v_old);
  return null;
end;
$$;

comment on function private.broadcast_row_change() is
  'Trigger: sends each insert, update and delete of a board''s rows to the private Realtime topic board:<board id> (argument: how to find the board: a column, card_id or profile).';

revoke execute on function private.broadcast_row_change() from public, anon, authenticated;

-- A message to one user's private topic 'user:<user id>', with that topic's sequence number
-- added to the payload. For the triggers here, and for other features' (notifications).
create or replace function private.send_to_user(user_id uuid, event text, payload jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_topic text := 'user:' || user_id;
begin
  if user_id is null then
    return;
  end if;
  perform realtime.send(
    coalesce(payload, '{}'::jsonb) || jsonb_build_object('seq', private.next_topic_seq(v_topic)),
    event,
    v_topic,
    true
  );
end;
$$;

comment on function private.send_to_user(uuid, text, jsonb) is
  'Sends a message to the private Realtime topic user:<user id> (only that user may join it), adding the topic''s next sequence number as payload.seq.';

revoke execute on function private.send_to_user(uuid, text, jsonb) from public, anon, authenticated;

-- What changes a user's list of boards: their own membership (added, role changed, removed,
-- also by the board's deletion) and a board of theirs renamed, restyled or archived. Each goes
-- to the user's topic in the row-change shape.
create or replace function private.broadcast_membership_change()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_payload jsonb := jsonb_build_object(
    'schema', 'public', 'table', tg_table_name, 'operation', tg_op,
    'record', v_new, 'old_record', v_old
  );
begin
  if tg_table_name = 'board_members' then
    perform private.send_to_user((coalesce(v_new, v_old) ->> 'user_id')::uuid, tg_op, v_payload);
  else
    perform private.send_to_user(m.user_id, tg_op, v_payload)
    from public.board_members m
    where m.board_id = (v_new ->> 'id')::uuid
    order by m.user_id;
  end if;
  return null;
end;
$$;

comment on function private.broadcast_membership_change() is
  'Trigger: tells each user of a change to their memberships or to a board of theirs on their private Realtime topic user:<user id>.';

revoke execute on function private.broadcast_membership_change() from public, anon, authenticated;

-- Named so that on board_members the board's topic hears of a change before the member's own
-- topic: the local backend re-checks a user's channels on a message to their topic.
create or replace trigger broadcast_change
  after insert or update or delete on public.boards
  for each row execute function private.broadcast_row_change('id');

create or replace trigger broadcast_change
  after insert or update or delete on public.board_members
  for each row execute function private.broadcast_row_change('board_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.board_labels
  for each row execute function private.broadcast_row_change('board_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.lists
  for each row execute function private.broadcast_row_change('board_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.cards
  for each row execute function private.broadcast_row_change('board_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.card_assignees
  for each row execute function private.broadcast_row_change('card_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.card_tags
  for each row execute function private.broadcast_row_change('card_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.card_checklist_items
  for each row execute function private.broadcast_row_change('card_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.card_comments
  for each row execute function private.broadcast_row_change('card_id');

create or replace trigger broadcast_change
  after insert or update or delete on public.card_attachments
  for each row execute function private.broadcast_row_change('board_id');

create or replace trigger broadcast_change
  after update on public.profiles
  for each row execute function private.broadcast_row_change('profile');

create or replace trigger broadcast_membership
  after insert or update or delete on public.board_members
  for each row execute function private.broadcast_membership_change();

create or replace trigger broadcast_membership
  after update on public.boards
  for each row execute function private.broadcast_membership_change();

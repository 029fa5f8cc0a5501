-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Notifications, watching and digests (the tables: migration 20261126013000_notifications.sql;
-- docs/data-model.md "Notifications"). Triggers create every notification, never the client,
-- and the reasons come from what the database stored: mentions are read from the stored text
-- (`@[<user id>]` tokens, so a rename changes how they read, not whom they name), and only
-- current members of the board are notified. Nobody is notified of their own action.

-- The user ids named by `@[<uuid>]` tokens in a text, each once.
create or replace function private.mentioned_user_ids(p_text text)
returns setof uuid
language sql
immutable
set search_path = ''
as $$
  select distinct m[1]::uuid
  from pg_catalog.regexp_matches(
    coalesce(p_text, ''),
    '@\[([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\]',
    'g'
  ) as m
$$;

comment on function private.mentioned_user_ids(text) is
  'The user ids a text mentions with @[<uuid>] tokens (the stored form of an @mention), each once.';

revoke execute on function private.mentioned_user_ids(text) from public, anon, authenticated;

-- A text with its mention tokens written as the current names, for readers that show plain
-- text ('Meine Aufgaben', notifications). A name is told only to someone who shares a
-- board with its owner (as profiles' RLS does); server jobs without a user see every name.
create or replace function private.render_mentions(p_text text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result text := p_text;
  v_id uuid;
  v_reader uuid := (select auth.uid());
begin
  if p_text is null or pg_catalog.strpos(p_text, '@[') = 0 then
    return p_text;
  end if;
  for v_id in select private.mentioned_user_ids(p_text) loop
    v_result := pg_catalog.regexp_replace(
      v_result,
      '@\[' || v_id::text || '\]',
      '@' || pg_catalog.replace(coalesce(
        case
          when v_reader is null or v_id in (select private.fellow_member_ids())
          then nullif(private.profile_name(v_id), '')
        end,
        'Unbekannt'), '\', '\\'),
      'gi'
    );
  end loop;
  return v_result;
end;
$$;

comment on function private.render_mentions(text) is
  'The text with each @[<uuid>] mention written as @ and the person''s current name (''@Unbekannt'' for an unknown id or someone who shares no board with the caller).';

revoke execute on function private.render_mentions(text) from public, anon;
grant execute on function private.render_mentions(text) to authenticated, service_role;

-- Writes one notification as auth.uid(): never to the actor, only to a current member of the
-- board, nothing while an import runs.
create or replace function private.notify(
  p_recipient uuid,
  p_kind text,
  p_board_id uuid,
  p_card_id uuid,
  p_comment_id uuid,
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
  if p_recipient is null
    or p_recipient is not distinct from v_actor
    or current_setting('taskflow.activity_paused', true) = 'on'
    or not exists (
      select 1 from public.board_members m
      where m.board_id = p_board_id and m.user_id = p_recipient
    )
  then
    return;
  end if;
  insert into public.notifications (recipient_id, actor_id, kind, board_id, card_id, comment_id, data)
  select p_recipient, v_actor, p_kind, p_board_id, p_card_id, p_comment_id,
         jsonb_build_object(
           'actor_name', private.profile_name(v_actor),
           'board_title', b.title,
           'card_title', (
             select private.render_mentions(c.title) from public.cards c where c.id = p_card_id
           )
         ) || coalesce(p_data, '{}'::jsonb)
  from public.boards b
  where b.id = p_board_id;
end;
$$;

comment on function private.notify(uuid, text, uuid, uuid, uuid, jsonb) is
  'Writes one notification from auth.uid() with the names to phrase it, unless the recipient is the actor, is not a member of the board, or an import is running.';

revoke execute on function private.notify(uuid, text, uuid, uuid, uuid, jsonb)
  from public, anon, authenticated;

-- Who follows a card: its own watchers, and the board's watchers unless they stopped watching
-- this card.
create or replace function private.card_watcher_ids(p_card_id uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select w.user_id from public.card_watchers w where w.card_id = p_card_id and w.watching
  union
  select bw.user_id
  from public.cards c
  join public.board_watchers bw on bw.board_id = c.board_id
  where c.id = p_card_id
    and not exists (
      select 1 from public.card_watchers w
      where w.card_id = p_card_id and w.user_id = bw.user_id and not w.watching
    )
$$;

comment on function private.card_watcher_ids(uuid) is
  'The users who watch a card: its watchers, and the board''s watchers who did not stop watching it.';

revoke execute on function private.card_watcher_ids(uuid) from public, anon, authenticated;

-- Creating, being assigned to or commenting on a card watches it, unless the user stopped.
create or replace function private.watch_card_automatically(p_card_id uuid, p_user_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.card_watchers (card_id, user_id, watching)
  select p_card_id, p_user_id, true
  where p_user_id is not null
    and current_setting('taskflow.activity_paused', true) is distinct from 'on'
  on conflict (card_id, user_id) do nothing
$$;

comment on function private.watch_card_automatically(uuid, uuid) is
  'Makes a user watch a card unless they have a row for it already (an explicit stop stays).';

revoke execute on function private.watch_card_automatically(uuid, uuid)
  from public, anon, authenticated;

-- Every watcher of a card, but the actor and those in p_except, learns of a change to it.
create or replace function private.notify_watchers(
  p_card_id uuid,
  p_kind text,
  p_comment_id uuid,
  p_data jsonb,
  p_except uuid[]
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_board_id uuid := (select c.board_id from public.cards c where c.id = p_card_id);
  v_user uuid;
begin
  for v_user in select private.card_watcher_ids(p_card_id) loop
    if not (v_user = any(coalesce(p_except, '{}'::uuid[]))) then
      perform private.notify(v_user, p_kind, v_board_id, p_card_id, p_comment_id, p_data);
    end if;
  end loop;
end;
$$;

comment on function private.notify_watchers(uuid, text, uuid, jsonb, uuid[]) is
  'Notifies every watcher of a card (but the actor and the listed users) of one change.';

revoke execute on function private.notify_watchers(uuid, text, uuid, jsonb, uuid[])
  from public, anon, authenticated;

-- Notifies the members a text newly mentions (mentioned in p_new, not in p_old) and returns them.
create or replace function private.notify_mentions(
  p_card_id uuid,
  p_comment_id uuid,
  p_old text,
  p_new text
)
returns uuid[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_board_id uuid := (select c.board_id from public.cards c where c.id = p_card_id);
  v_users uuid[];
  v_user uuid;
begin
  select coalesce(array_agg(n.id), '{}'::uuid[]) into v_users
  from private.mentioned_user_ids(p_new) as n(id)
  where n.id not in (select o.id from private.mentioned_user_ids(p_old) as o(id));
  foreach v_user in array v_users loop
    perform private.notify(v_user, 'mentioned', v_board_id, p_card_id, p_comment_id, '{}'::jsonb);
  end loop;
  return v_users;
end;
$$;

comment on function private.notify_mentions(uuid, uuid, text, text) is
  'Notifies the board members mentioned in the new text and not in the old one; returns the ids mentioned.';

revoke execute on function private.notify_mentions(uuid, uuid, text, text)
  from public, anon, authenticated;

create or replace function private.notify_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mentioned uuid[];
begin
  if tg_op = 'INSERT' then
    v_mentioned := private.notify_mentions(new.card_id, new.id, null, new.text);
    perform private.notify_watchers(new.card_id, 'commented', new.id, '{}'::jsonb, v_mentioned);
    perform private.watch_card_automatically(new.card_id, (select auth.uid()));
  elsif new.text is distinct from old.text then
    perform private.notify_mentions(new.card_id, new.id, old.text, new.text);
  end if;
  return null;
end;
$$;

comment on function private.notify_comment() is
  'Trigger: a new comment notifies those it mentions and the card''s watchers, and makes its author watch the card; an edit notifies those it newly mentions.';

revoke execute on function private.notify_comment() from public, anon, authenticated;

create or replace trigger notify
  after insert or update of text on public.card_comments
  for each row execute function private.notify_comment();

create or replace function private.notify_card_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.watch_card_automatically(new.id, (select auth.uid()));
    perform private.notify_mentions(new.id, null, null, new.description);
    return null;
  end if;
  if new.deleted_at is not null or new.archived_at is not null then
    return null;
  end if;
  if new.description is distinct from old.description then
    perform private.notify_mentions(new.id, null, old.description, new.description);
  end if;
  if new.list_id is distinct from old.list_id then
    perform private.notify_watchers(new.id, 'moved', null, jsonb_build_object(
      'from_list_title', private.list_title(old.list_id),
      'to_list_title', private.list_title(new.list_id)), null);
  end if;
  if new.due_date is distinct from old.due_date then
    perform private.notify_watchers(new.id, 'due_date_changed', null, jsonb_build_object(
      'due_date', new.due_date), null);
  end if;
  return null;
end;
$$;

comment on function private.notify_card_change() is
  'Trigger: a new card is watched by its creator and notifies those its description mentions; a change notifies those the description newly mentions, and the watchers of a move or a new due date.';

revoke execute on function private.notify_card_change() from public, anon, authenticated;

create or replace trigger notify
  after insert or update of description, list_id, due_date on public.cards
  for each row execute function private.notify_card_change();

create or replace function private.notify_card_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(new.user_id, 'assigned',
    (select c.board_id from public.cards c where c.id = new.card_id),
    new.card_id, null, '{}'::jsonb);
  perform private.watch_card_automatically(new.card_id, new.user_id);
  return null;
end;
$$;

comment on function private.notify_card_assignee() is
  'Trigger: an assignee learns they were assigned to the card, and watches it.';

revoke execute on function private.notify_card_assignee() from public, anon, authenticated;

create or replace trigger notify
  after insert on public.card_assignees
  for each row execute function private.notify_card_assignee();

create or replace function private.notify_subtask_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assigned_to is not null
    and (tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to)
  then
    perform private.notify(new.assigned_to, 'subtask_assigned',
      (select c.board_id from public.cards c where c.id = new.card_id),
      new.card_id, null, jsonb_build_object('subtask_text', private.render_mentions(new.text)));
  end if;
  return null;
end;
$$;

comment on function private.notify_subtask_assignee() is
  'Trigger: the new assignee of a subtask learns of it.';

revoke execute on function private.notify_subtask_assignee() from public, anon, authenticated;

create or replace trigger notify
  after insert or update of assigned_to on public.card_checklist_items
  for each row execute function private.notify_subtask_assignee();

create or replace function private.notify_board_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(new.user_id, 'added_to_board', new.board_id, null, null, '{}'::jsonb);
  return null;
end;
$$;

comment on function private.notify_board_member() is
  'Trigger: a new member learns they were added to the board (not the owner creating it).';

revoke execute on function private.notify_board_member() from public, anon, authenticated;

create or replace trigger notify
  after insert on public.board_members
  for each row execute function private.notify_board_member();

-- A card's watchers stop receiving its news once they leave the board (private.notify checks
-- membership); their watch rows of the board go with them.
create or replace function private.forget_departed_watcher()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.board_watchers w where w.board_id = old.board_id and w.user_id = old.user_id;
  delete from public.card_watchers w
  using public.cards c
  where w.card_id = c.id and c.board_id = old.board_id and w.user_id = old.user_id;
  return null;
end;
$$;

comment on function private.forget_departed_watcher() is
  'Trigger: a member who leaves a board stops watching it and its cards.';

revoke execute on function private.forget_departed_watcher() from public, anon, authenticated;

create or replace trigger forget_departed_watcher
  after delete on public.board_members
  for each row execute function private.forget_departed_watcher();

-- A new notification waits for its recipient's digest unless they chose 'never'.
create or replace function private.enqueue_notification_digest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.notification_outbox (notification_id, recipient_id)
  select new.id, new.recipient_id
  where coalesce(
    (select s.digest from public.notification_settings s where s.user_id = new.recipient_id),
    'daily'
  ) <> 'never';
  return null;
end;
$$;

comment on function private.enqueue_notification_digest() is
  'Trigger: a new notification enters the digest outbox unless its recipient chose ''never''.';

revoke execute on function private.enqueue_notification_digest() from public, anon, authenticated;

create or replace trigger enqueue_digest
  after insert on public.notifications
  for each row execute function private.enqueue_notification_digest();

-- A notification read in the app is not mailed.
create or replace function private.dequeue_read_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.notification_outbox o where o.notification_id = new.id;
  return null;
end;
$$;

comment on function private.dequeue_read_notification() is
  'Trigger: a notification marked read leaves the digest outbox.';

revoke execute on function private.dequeue_read_notification() from public, anon, authenticated;

create or replace trigger dequeue_read
  after update of read_at on public.notifications
  for each row
  when (new.read_at is not null)
  execute function private.dequeue_read_notification();

-- The daily job: each assignee of an open card due today or earlier learns of it once a day.
create or replace function private.notify_due_cards()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  insert into public.notifications (recipient_id, actor_id, kind, board_id, card_id, data)
  select a.user_id, null, 'due', c.board_id, c.id,
         jsonb_build_object('card_title', c.title, 'board_title', b.title, 'due_date', c.due_date)
  from public.card_assignees a
  join public.cards c on c.id = a.card_id
  join public.boards b on b.id = c.board_id
  join public.lists l on l.id = c.list_id
  join public.board_members m on m.board_id = c.board_id and m.user_id = a.user_id
  where c.due_date <= current_date
    and c.deleted_at is null and c.archived_at is null
    and l.archived_at is null and b.archived_at is null
    and not exists (
      select 1 from public.notifications n
      where n.recipient_id = a.user_id and n.card_id = c.id and n.kind = 'due'
        and n.created_at >= current_date
    );
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function private.notify_due_cards() is
  'The daily reminder: notifies each assignee of a card due today or overdue, at most once a day per card. Run by the backend''s notification worker (or pg_cron on hosted).';

revoke execute on function private.notify_due_cards() from public, anon, authenticated;

-- The users whose digest is due: unread notifications waiting, the oldest at least p_batch old,
-- and their chosen interval passed since the last digest.
create or replace function private.due_digest_recipients(p_batch interval)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.recipient_id
  from private.notification_outbox o
  left join public.notification_settings s on s.user_id = o.recipient_id
  left join private.notification_digests d on d.user_id = o.recipient_id
  group by o.recipient_id, s.digest, d.last_sent_at
  having coalesce(s.digest, 'daily') <> 'never'
    and min(o.created_at) <= now() - p_batch
    and coalesce(d.last_sent_at, '-infinity'::timestamptz) <= now() - (
      case coalesce(s.digest, 'daily')
        when 'immediate' then p_batch
        when 'hourly' then interval '1 hour'
        else interval '1 day'
      end)
$$;

comment on function private.due_digest_recipients(interval) is
  'Users with a digest due: notifications waiting at least p_batch (''Sofort'' batches over it) and their interval (immediate = p_batch, hourly, daily) passed since their last digest.';

revoke execute on function private.due_digest_recipients(interval) from public, anon, authenticated;

-- Takes one user's digest: under a transaction-scoped advisory lock (another worker skips the
-- user), deletes their outbox rows and returns what to mail. The caller mails it before it
-- commits, so a failed mail rolls back and the rows wait for the next round.
create or replace function private.take_notification_digest(p_user_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_items jsonb;
begin
  if not pg_catalog.pg_try_advisory_xact_lock(
    pg_catalog.hashtextextended('taskflow.notification_digest:' || p_user_id::text, 0)
  ) then
    return null;
  end if;
  with taken as (
    delete from private.notification_outbox o
    where o.recipient_id = p_user_id
    returning o.notification_id
  )
  select jsonb_agg(jsonb_build_object(
           'id', n.id, 'kind', n.kind, 'board_id', n.board_id, 'card_id', n.card_id,
           'created_at', n.created_at, 'data', n.data
         ) order by n.created_at, n.id)
  into v_items
  from taken t
  join public.notifications n on n.id = t.notification_id
  where n.read_at is null;
  if v_items is null then
    return null;
  end if;
  insert into private.notification_digests (user_id, last_sent_at)
  values (p_user_id, now())
  on conflict (user_id) do update set last_sent_at = excluded.last_sent_at;
  return jsonb_build_object(
    'user_id', p_user_id,
    'email', (select p.email from public.profiles p where p.id = p_user_id),
    'name', private.profile_name(p_user_id),
    'notifications', v_items
  );
end;
$$;

comment on function private.take_notification_digest(uuid) is
  'Takes (deletes) a user''s waiting digest entries under an advisory lock and returns {user_id, email, name, notifications} of those still unread, or null when another worker holds the user or nothing is left.';

revoke execute on function private.take_notification_digest(uuid) from public, anon, authenticated;

-- Each new notification goes live to its recipient's private topic user:<id>, where the bell
-- listens (shared/src/features/notifications); the message carries the row as the bell reads it.
create or replace function private.send_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.send_to_user(new.recipient_id, 'notification', jsonb_build_object(
    'id', new.id, 'kind', new.kind, 'actor_id', new.actor_id, 'board_id', new.board_id,
    'card_id', new.card_id, 'comment_id', new.comment_id, 'created_at', new.created_at,
    'read_at', new.read_at, 'data', new.data));
  return null;
end;
$$;

comment on function private.send_notification() is
  'Trigger: sends a new notification to its recipient''s private Realtime topic (event ''notification'').';

revoke execute on function private.send_notification() from public, anon, authenticated;

create or replace trigger send_live
  after insert on public.notifications
  for each row execute function private.send_notification();

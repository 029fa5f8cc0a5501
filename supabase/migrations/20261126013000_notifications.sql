-- Notifications, watching and e-mail digests (docs/data-model.md "Notifications").
--
-- Notifications are written only by triggers (supabase/schemas/95_notifications.sql), never by a
-- client: the API roles may read their own and set read_at, nothing else. A notification names
-- the card and actor by id and carries the names to phrase it (`data`), because the card or the
-- actor's membership may be gone when it is read, as the activity history does.
--
-- Watching: a row in card_watchers with watching = true follows a card; watching = false is an
-- explicit "stopped watching" that the automatic watch (created, assigned, commented) does not
-- overwrite. board_watchers follows every card of a board (a card's explicit stop wins).
--
-- Digests: each new notification of a user whose setting is not 'never' enters the outbox
-- private.notification_outbox; the digest worker (backend/src/notifications/digest-worker.ts
-- locally, supabase/functions/notification-digest on hosted) takes a user's due entries under an
-- advisory lock, so several workers on one database mail each notification once.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  actor_id uuid,
  kind text not null,
  board_id uuid references public.boards (id) on delete cascade,
  card_id uuid,
  comment_id uuid,
  data jsonb not null default '{}'::jsonb,
  -- clock_timestamp, not now(): several notifications of one transaction keep their order.
  created_at timestamptz not null default clock_timestamp(),
  read_at timestamptz,
  constraint notifications_kind_check check (kind in (
    'mentioned', 'assigned', 'subtask_assigned', 'commented', 'moved', 'due_date_changed',
    'due', 'added_to_board'
  ))
);

comment on table public.notifications is
  'What a user should learn: one row per reason (mentioned, assigned, watched card commented/moved/due date changed, due, added to a board), written by triggers only. The recipient alone reads them and marks them read.';
comment on column public.notifications.actor_id is
  'auth.uid() of whoever caused it; null for the daily due job. No foreign key: the entry outlives the account.';
comment on column public.notifications.card_id is
  'The card it is about, if any. No foreign key: a notification of a deleted card stays readable.';
comment on column public.notifications.comment_id is
  'The comment that mentioned the recipient or was written on a watched card, if any.';
comment on column public.notifications.data is
  'The names to phrase it when read: actor_name, card_title, board_title, subtask_text.';
comment on column public.notifications.read_at is
  'When the recipient marked it read; null while unread. The only column a client may change.';

-- The bell reads a user's newest first and counts the unread.
create index notifications_recipient_created_at_idx
  on public.notifications (recipient_id, created_at desc, id desc);
create index notifications_recipient_unread_idx
  on public.notifications (recipient_id) where read_at is null;
create index notifications_board_id_idx on public.notifications (board_id);

alter table public.notifications enable row level security;

create policy "notifications: recipient reads" on public.notifications
  for select to authenticated
  using (recipient_id = (select auth.uid()));

create policy "notifications: recipient marks read" on public.notifications
  for update to authenticated
  using (recipient_id = (select auth.uid()))
  with check (recipient_id = (select auth.uid()));

revoke all on table public.notifications from anon, authenticated;
grant select on table public.notifications to authenticated;
grant update (read_at) on table public.notifications to authenticated;
grant all on table public.notifications to service_role;

create table public.card_watchers (
  card_id uuid not null references public.cards (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  watching boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (card_id, user_id)
);

comment on table public.card_watchers is
  'Who follows a card (watching = true) or stopped following it (watching = false, kept so the automatic watch of creators, assignees and commenters does not come back). A member sets only their own row.';

create index card_watchers_user_id_idx on public.card_watchers (user_id);

alter table public.card_watchers enable row level security;

create policy "card_watchers: self reads" on public.card_watchers
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "card_watchers: members watch" on public.card_watchers
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );

create policy "card_watchers: members change watch" on public.card_watchers
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );

create policy "card_watchers: self removes" on public.card_watchers
  for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.card_watchers from anon, authenticated;
grant select, delete on table public.card_watchers to authenticated;
grant insert (card_id, user_id, watching), update (watching)
  on table public.card_watchers to authenticated;
grant all on table public.card_watchers to service_role;

create table public.board_watchers (
  board_id uuid not null references public.boards (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (board_id, user_id)
);

comment on table public.board_watchers is
  'Who follows every card of a board (a card''s own "stopped watching" wins). A member sets only their own row; leaving the board removes it.';

create index board_watchers_user_id_idx on public.board_watchers (user_id);

alter table public.board_watchers enable row level security;

create policy "board_watchers: self reads" on public.board_watchers
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "board_watchers: members watch" on public.board_watchers
  for insert to authenticated
  with check (
    user_id = (select auth.uid()) and board_id in (select private.my_board_ids())
  );

create policy "board_watchers: self removes" on public.board_watchers
  for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.board_watchers from anon, authenticated;
grant select, delete on table public.board_watchers to authenticated;
grant insert (board_id, user_id) on table public.board_watchers to authenticated;
grant all on table public.board_watchers to service_role;

create table public.notification_settings (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  digest text not null default 'daily',
  constraint notification_settings_digest_check
    check (digest in ('immediate', 'hourly', 'daily', 'never'))
);

comment on table public.notification_settings is
  'How often a user''s unread notifications are mailed (''Profil''): immediate (batched over about 5 minutes), hourly, daily or never. No row means daily. Each user reads and sets only their own.';

alter table public.notification_settings enable row level security;

create policy "notification_settings: self reads" on public.notification_settings
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "notification_settings: self creates" on public.notification_settings
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "notification_settings: self updates" on public.notification_settings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke all on table public.notification_settings from anon, authenticated;
grant select on table public.notification_settings to authenticated;
grant insert (user_id, digest), update (user_id, digest) on table public.notification_settings
  to authenticated;
grant all on table public.notification_settings to service_role;

-- The digest outbox and when each user was last mailed: the worker's, no API role sees them.
create table private.notification_outbox (
  notification_id uuid primary key references public.notifications (id) on delete cascade,
  recipient_id uuid not null,
  created_at timestamptz not null default clock_timestamp()
);

comment on table private.notification_outbox is
  'Notifications waiting for the recipient''s next digest mail; taken (deleted) by the digest worker in the transaction that mails them.';

create index notification_outbox_recipient_idx
  on private.notification_outbox (recipient_id, created_at);

create table private.notification_digests (
  user_id uuid primary key,
  last_sent_at timestamptz not null
);

comment on table private.notification_digests is
  'When each user''s last digest went out, so the next waits for their chosen interval.';

revoke all on table private.notification_outbox from public, anon, authenticated;
revoke all on table private.notification_digests from public, anon, authenticated;

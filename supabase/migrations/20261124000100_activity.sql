-- The activity history of a board (issue 12): who changed what, when, on which card.
--
-- Written only by the triggers of 20261124000200, never by a client: the API roles may read
-- (members of the board, through the policy below) and nothing else, so an entry says what the
-- database saw, whether the change came from the app, from a script with supabase-js or from
-- SQL. `actor_id` is auth.uid() of the writer, null for SQL without a JWT.
--
-- `data` holds the before and after of the fields involved and the names needed to phrase the
-- entry later (card title, list titles of a move, the member's name), because the card, the
-- list or the member may be gone by the time someone reads it. For the same reason card_id has
-- no foreign key: the entries of a deleted card stay in the board's history. Deleting the board
-- deletes its history.
--
-- Reading is paged newest first with a keyset on (created_at, id), 50 entries a page, for the
-- board (the 'Aktivität' panel) or for one card (its detail); one index serves each. The board
-- snapshot does not carry activity, so a long history does not slow opening a board.

create table public.activity (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  card_id uuid,
  actor_id uuid,
  kind text not null,
  data jsonb not null default '{}'::jsonb,
  -- clock_timestamp, not now(): several entries of one transaction keep their order.
  created_at timestamptz not null default clock_timestamp(),
  constraint activity_kind_check check (kind in (
    'card_created', 'card_moved', 'card_renamed', 'card_deleted', 'card_restored',
    'card_due_date', 'card_priority', 'card_description',
    'assignee_added', 'assignee_removed', 'label_added', 'label_removed',
    'subtask_added', 'subtask_changed', 'subtask_removed',
    'comment_added', 'comment_edited', 'comment_removed',
    'list_created', 'list_renamed', 'list_deleted',
    'member_added', 'member_removed'
  ))
);

comment on table public.activity is
  'The history of a board: one entry per change that matters, written by triggers (never by a client). Members of the board read it; deleting the board deletes it.';
comment on column public.activity.actor_id is
  'auth.uid() of whoever made the change; null for a change made in SQL without a JWT. No foreign key: the entry outlives the account.';
comment on column public.activity.card_id is
  'The card the entry is about, if any. No foreign key: the history of a deleted card stays on the board.';
comment on column public.activity.kind is
  'What happened, e.g. card_moved or member_added (see the check constraint).';
comment on column public.activity.data is
  'Before and after of the fields involved plus the names to phrase the entry (card_title, list titles, user_name, actor_name).';

-- The two paged queries, newest first: the board's history and a card's.
create index activity_board_id_created_at_idx
  on public.activity (board_id, created_at desc, id desc);
create index activity_card_id_created_at_idx
  on public.activity (card_id, created_at desc, id desc)
  where card_id is not null;

alter table public.activity enable row level security;

create policy "activity: members read" on public.activity
  for select to authenticated
  using (board_id in (select private.my_board_ids()));

-- No insert, update or delete policy and no such grant: no API role writes history, whatever
-- it sends. The triggers write as the table owner (security definer).
revoke all on table public.activity from anon, authenticated, service_role;
grant select on table public.activity to authenticated, service_role;

-- Open panels and card details receive new entries live.
alter publication supabase_realtime add table public.activity;

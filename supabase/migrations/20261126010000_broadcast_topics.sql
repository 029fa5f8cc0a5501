-- Board and user changes over private Broadcast channels (issue 21), as Supabase recommends for
-- many subscribers: triggers (supabase/schemas/95_realtime_broadcast.sql) send each change of
-- a board's rows to the board's private topic 'board:<board id>', and what concerns one person
-- (their memberships) to their private topic 'user:<user id>', with realtime.send, which every
-- Supabase project provides (and the local backend's bootstrap). Realtime authorises a private
-- channel once, at join (and again when the client hands over a new access token), by these
-- policies on realtime.messages with realtime.topic() naming the channel.

-- Each topic's last sequence number. A message carries the next one, so a client that sees a
-- number skipped knows it missed a message and loads the board again. One row per topic,
-- incremented by an upsert in the writing transaction: the row stays locked until that
-- transaction ends, so two transactions writing to the same board take their numbers in
-- commit order, and a rolled-back one gives its number back. Only the security-definer
-- helpers touch it.
create table private.realtime_topic_sequences (
  topic text primary key,
  seq bigint not null
);

comment on table private.realtime_topic_sequences is
  'The last sequence number sent on each private Realtime topic (board:<id>, user:<id>); written only by private.next_topic_seq().';

alter table private.realtime_topic_sequences enable row level security;
revoke all on private.realtime_topic_sequences from public, anon, authenticated;

-- Only the board's members may receive its changes. There is no INSERT policy for broadcast:
-- nobody sends on these topics but the database.
create policy "realtime: board members receive their board's changes"
  on realtime.messages
  for select
  to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) in (select 'board:' || b from private.my_board_ids() b)
  );

-- A user's own topic: their memberships (and later their notifications), for them alone.
create policy "realtime: users receive their own messages"
  on realtime.messages
  for select
  to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'user:' || (select auth.uid())::text
  );

-- Who has a board open: each board has one private Realtime channel, topic 'board:<board id>',
-- for presence only. Hosted Realtime (and the local backend, realtime/channel-access.ts) lets a
-- client join a private channel when these policies on realtime.messages allow it, with
-- realtime.topic() naming the channel: only the board's members may see who is there, and only
-- they may announce themselves. No broadcast policy: the app sends nothing else on it, so
-- nobody may. realtime.messages and realtime.topic() are provided by every Supabase project
-- (and by the local backend's bootstrap); this file only adds the policies.

create policy "realtime: board members see who is on their board"
  on realtime.messages
  for select
  to authenticated
  using (
    realtime.messages.extension = 'presence'
    and (select realtime.topic()) in (select 'board:' || b from private.my_board_ids() b)
  );

create policy "realtime: board members announce themselves on their board"
  on realtime.messages
  for insert
  to authenticated
  with check (
    realtime.messages.extension = 'presence'
    and (select realtime.topic()) in (select 'board:' || b from private.my_board_ids() b)
  );

-- The private bucket of card attachments and who may use it. Storage's own schema (buckets,
-- objects, storage.foldername()) is a hosted project's before any migration runs; locally
-- backend/src/db/bootstrap.sql creates the same. An object's name is
-- <board id>/<card id>/<uuid>-<file name>: the first folder names the board whose members alone
-- read, add, replace and remove it, as for the board's rows.

-- 50 MB per file, the Supabase CLI's default (an operator may raise or lower it here: the
-- Storage API refuses a bigger upload before storing anything).
insert into storage.buckets (id, name, public, file_size_limit)
values ('attachments', 'attachments', false, 52428800)
on conflict (id) do nothing;

create policy "attachments: members read" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] in (select b::text from private.my_board_ids() b)
  );

-- Only under a card of that board (RLS on cards, as the member).
create policy "attachments: members add" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] in (select b::text from private.my_board_ids() b)
    and exists (
      select 1 from public.cards c
      where c.id::text = (storage.foldername(name))[2]
        and c.board_id::text = (storage.foldername(name))[1]
    )
  );

create policy "attachments: members replace" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] in (select b::text from private.my_board_ids() b)
  )
  with check (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] in (select b::text from private.my_board_ids() b)
  );

create policy "attachments: members remove" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] in (select b::text from private.my_board_ids() b)
  );

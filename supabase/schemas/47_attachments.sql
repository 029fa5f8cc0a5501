-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Attachments (tables: migration 20261126017000_card_attachments.sql; the bucket and its
-- policies: 20261126017005_attachments_bucket.sql).

-- BEFORE INSERT, security definer: it reads the stored object (storage.objects, which members
-- read only through their policy) and the board's total, which must count every attachment.
-- A row is written only for an object that is stored already ("nothing half-stored": the client
-- uploads first and removes the object when this refuses), and what the object says (size,
-- type, uploader) wins over anything a client could claim.
create or replace function private.fill_card_attachment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_object record;
  v_used bigint;
  v_quota bigint;
begin
  select c.board_id into new.board_id from public.cards c where c.id = new.card_id;
  if new.board_id is null then
    -- The foreign key reports the missing card.
    return new;
  end if;

  if new.object_path is null
     or split_part(new.object_path, '/', 1) <> new.board_id::text
     or split_part(new.object_path, '/', 2) <> new.card_id::text
     or split_part(new.object_path, '/', 3) = ''
     or split_part(new.object_path, '/', 4) <> '' then
    raise exception using
      errcode = 'check_violation',
      message = 'An attachment''s object path must be <board id>/<card id>/<file>',
      schema = 'public', table = 'card_attachments',
      constraint = 'card_attachments_object_path_check';
  end if;

  select o.metadata, o.owner_id into v_object
  from storage.objects o
  where o.bucket_id = 'attachments' and o.name = new.object_path;
  if not found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = 'The attachment''s file is not stored',
      schema = 'public', table = 'card_attachments',
      constraint = 'card_attachments_object_stored';
  end if;

  new.size := coalesce((v_object.metadata ->> 'size')::bigint, 0);
  new.mime_type := coalesce(nullif(v_object.metadata ->> 'mimetype', ''), 'application/octet-stream');
  -- The uploader is who stored the object; an undone removal keeps them (not who restores it).
  new.uploaded_by := (
    select p.id from public.profiles p where p.id::text = v_object.owner_id
  );
  new.created_at := now();

  -- Serialised per board, so that two uploads at once cannot both fit in the last free space.
  perform 1 from public.boards b where b.id = new.board_id for update;
  select coalesce(sum(a.size), 0) into v_used
  from public.card_attachments a where a.board_id = new.board_id;
  select s.board_quota_bytes into v_quota from private.attachment_settings s;
  if v_used + new.size > coalesce(v_quota, 1073741824) then
    raise exception using
      errcode = 'check_violation',
      message = 'The board''s attachment quota is exhausted',
      schema = 'public', table = 'card_attachments',
      constraint = 'card_attachments_board_quota';
  end if;
  return new;
end;
$$;

comment on function private.fill_card_attachment() is
  'Trigger: a new attachment takes its board from the card and its size, type and uploader from the stored object; refused when the path does not match the card, the object is not stored, or the board''s quota (private.attachment_settings) would be exceeded.';

revoke execute on function private.fill_card_attachment() from public, anon, authenticated;

create or replace trigger fill_card_attachment
  before insert on public.card_attachments
  for each row execute function private.fill_card_attachment();

-- The row moves with nothing: an attachment stays on its card and object (only the name is
-- granted; this holds for the service role too).
create or replace function private.keep_card_attachment_place()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.card_id := old.card_id;
  new.board_id := old.board_id;
  new.object_path := old.object_path;
  return new;
end;
$$;

comment on function private.keep_card_attachment_place() is
  'Trigger: an attachment keeps its card, board and object when updated.';

revoke execute on function private.keep_card_attachment_place() from public, anon, authenticated;

create or replace trigger keep_card_attachment_place
  before update on public.card_attachments
  for each row execute function private.keep_card_attachment_place();

-- The first image of a card without a cover becomes its cover. Security definer: the uploader
-- may be refused a card update no policy would refuse them, and this is the server's choice.
create or replace function private.cover_first_image()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.mime_type like 'image/%' then
    update public.cards c set cover_attachment_id = new.id
    where c.id = new.card_id and c.cover_attachment_id is null;
  end if;
  return null;
end;
$$;

comment on function private.cover_first_image() is
  'Trigger: the first image attached to a card without a cover becomes its cover.';

revoke execute on function private.cover_first_image() from public, anon, authenticated;

create or replace trigger cover_first_image
  after insert on public.card_attachments
  for each row execute function private.cover_first_image();

-- A removed attachment's object waits out the undo window ('Rückgängig' restores the row, which
-- takes it off the list again), then the worker removes it through the Storage API.
create or replace function private.queue_attachment_object_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    insert into private.attachment_objects_to_remove (object_path, due_at)
    values (old.object_path, now() + interval '30 seconds')
    on conflict (object_path) do update set due_at = excluded.due_at;
  else
    delete from private.attachment_objects_to_remove r where r.object_path = new.object_path;
  end if;
  return null;
end;
$$;

comment on function private.queue_attachment_object_removal() is
  'Trigger: a deleted attachment''s object is queued for removal after the undo window; a restored one leaves the queue.';

revoke execute on function private.queue_attachment_object_removal()
  from public, anon, authenticated;

create or replace trigger queue_attachment_object_removal
  after insert or delete on public.card_attachments
  for each row execute function private.queue_attachment_object_removal();

-- Called by the service role only (the backend's worker, or a scheduled Edge Function on a
-- hosted project): leases the due objects for removal and returns them. A claimed entry stays
-- queued, due again after the lease, until the caller says it is removed
-- (complete_attachment_object_removal): a worker that dies halfway leaves its paths to the next
-- round instead of orphaning the files, and SKIP LOCKED plus the lease give each path to one
-- worker at a time however many run. An object a row names again (restored meanwhile) is not
-- returned.
create or replace function public.claim_attachment_objects_to_remove(p_limit integer default 100)
returns setof text
language sql
volatile
security definer
set search_path = ''
as $$
  update private.attachment_objects_to_remove r
  set due_at = now() + interval '5 minutes'
  where r.object_path in (
    select q.object_path from private.attachment_objects_to_remove q
    where q.due_at <= now()
      and not exists (
        select 1 from public.card_attachments a where a.object_path = q.object_path
      )
    order by q.due_at
    limit greatest(p_limit, 0)
    for update skip locked
  )
  returning r.object_path
$$;

comment on function public.claim_attachment_objects_to_remove(integer) is
  'Service role only: leases up to p_limit due entries of the attachment removal queue for five minutes and returns their object paths, for the caller to delete from bucket attachments through the Storage API and then confirm with complete_attachment_object_removal.';

revoke execute on function public.claim_attachment_objects_to_remove(integer)
  from public, anon, authenticated;
grant execute on function public.claim_attachment_objects_to_remove(integer) to service_role;

-- The caller removed these objects through the Storage API: they leave the queue. A path whose
-- entry was renewed meanwhile (its row restored and deleted again) leaves it too; its object is
-- gone either way.
create or replace function public.complete_attachment_object_removal(p_paths text[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.attachment_objects_to_remove r where r.object_path = any (p_paths)
$$;

comment on function public.complete_attachment_object_removal(text[]) is
  'Service role only: takes object paths off the attachment removal queue once the caller has removed them from bucket attachments.';

revoke execute on function public.complete_attachment_object_removal(text[])
  from public, anon, authenticated;
grant execute on function public.complete_attachment_object_removal(text[]) to service_role;

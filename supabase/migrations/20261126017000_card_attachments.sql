-- Attachments: files on cards, kept in the private Storage bucket `attachments` (its policies:
-- 20261126017004_attachments_bucket.sql) and described by one row each in card_attachments.
-- The functions and triggers: supabase/schemas/44_attachments.sql (20261126017001).

-- The limits an operator may change without a migration. One row: the id is always true.
create table private.attachment_settings (
  id boolean primary key default true constraint attachment_settings_one_row check (id),
  board_quota_bytes bigint not null default 1073741824
    constraint attachment_settings_quota_positive check (board_quota_bytes > 0)
);

comment on table private.attachment_settings is
  'Attachment limits (one row): board_quota_bytes is the most all attachments of one board may take together (1 GB by default). The size of one file is limited by the bucket (storage.buckets.file_size_limit).';

insert into private.attachment_settings (id) values (true);

revoke all on table private.attachment_settings from public, anon, authenticated;
grant all on table private.attachment_settings to service_role;

create table public.card_attachments (
  id uuid primary key default gen_random_uuid(),
  card_id uuid not null references public.cards (id) on delete cascade,
  -- Filled from the card by trigger, whatever a client sends, as cards.board_id is from the list:
  -- the policies, the quota and the live feed's filter read it.
  board_id uuid not null references public.boards (id) on delete cascade,
  object_path text not null constraint card_attachments_object_path_key unique,
  name text not null
    constraint card_attachments_name_check check (btrim(name) <> '' and char_length(name) <= 512),
  -- Size, type and uploader are read from the stored object by trigger (server-owned).
  size bigint not null default 0 constraint card_attachments_size_check check (size >= 0),
  mime_type text not null default 'application/octet-stream',
  uploaded_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  image_width integer constraint card_attachments_image_width_check check (image_width > 0),
  image_height integer constraint card_attachments_image_height_check check (image_height > 0),
  -- The target of the card's cover (cards.cover_attachment_id, card_id): an attachment of the
  -- same card only.
  constraint card_attachments_id_card_id_key unique (id, card_id)
);

comment on table public.card_attachments is
  'A file attached to a card: the object <board id>/<card id>/<uuid>-<file name> in bucket attachments. Written only once the object is stored (trigger), with its size, type and uploader read from it; members of the board read, add, rename and remove them. A removed row''s object is deleted after the undo window (private.attachment_objects_to_remove).';
comment on column public.card_attachments.object_path is
  'The object''s name in bucket attachments: <board id>/<card id>/<uuid>-<file name>.';
comment on column public.card_attachments.image_width is
  'The image''s width in pixels, as the uploading client measured it (null for other files).';
comment on column public.card_attachments.image_height is
  'The image''s height in pixels, as the uploading client measured it (null for other files).';

create index card_attachments_card_id_created_at_idx
  on public.card_attachments (card_id, created_at);
create index card_attachments_board_id_idx on public.card_attachments (board_id);
create index card_attachments_uploaded_by_idx on public.card_attachments (uploaded_by);

alter table public.card_attachments enable row level security;

create policy "card_attachments: members read" on public.card_attachments
  for select to authenticated
  using (board_id in (select private.my_board_ids()));

create policy "card_attachments: members add" on public.card_attachments
  for insert to authenticated
  with check (board_id in (select private.my_board_ids()));

create policy "card_attachments: members rename" on public.card_attachments
  for update to authenticated
  using (board_id in (select private.my_board_ids()))
  with check (board_id in (select private.my_board_ids()));

create policy "card_attachments: members remove" on public.card_attachments
  for delete to authenticated
  using (board_id in (select private.my_board_ids()));

-- A client names the card, the object, the file name and an image's size; the id too, so that
-- an undone removal restores the same row. Only the name changes afterwards.
revoke all on table public.card_attachments from anon, authenticated;
grant select, delete on table public.card_attachments to authenticated;
grant insert (id, card_id, object_path, name, image_width, image_height)
  on table public.card_attachments to authenticated;
grant update (name) on table public.card_attachments to authenticated;
grant all on table public.card_attachments to service_role;

-- The cover: one of the card's own attachments; cleared when that attachment goes.
alter table public.cards add column cover_attachment_id uuid;
alter table public.cards
  add constraint cards_cover_attachment_fkey
  foreign key (cover_attachment_id, id) references public.card_attachments (id, card_id)
  on delete set null (cover_attachment_id);

comment on column public.cards.cover_attachment_id is
  'The attachment shown as the card''s cover (an image of this card; the foreign key checks it belongs to the card), or null.';

create index cards_cover_attachment_id_idx on public.cards (cover_attachment_id);

grant update (cover_attachment_id) on table public.cards to authenticated;

-- Objects whose row is gone, deleted from Storage once due (after the undo window). Hosted
-- Storage forbids deleting storage.objects rows in SQL: the backend's worker (locally) or a
-- scheduled Edge Function (hosted) claims them with private.claim_attachment_objects_to_remove()
-- and removes them through the Storage API.
create table private.attachment_objects_to_remove (
  object_path text primary key,
  due_at timestamptz not null
);

comment on table private.attachment_objects_to_remove is
  'Objects in bucket attachments whose card_attachments row was deleted, to be removed from Storage at due_at (after the undo window) unless a row names them again.';

create index attachment_objects_to_remove_due_at_idx
  on private.attachment_objects_to_remove (due_at);

revoke all on table private.attachment_objects_to_remove from public, anon, authenticated;
grant all on table private.attachment_objects_to_remove to service_role;

-- Live for the other members (docs/realtime.md).
alter publication supabase_realtime add table public.card_attachments;

-- Row versions (docs/data-model.md "Row versions"): an edit made offline and sent minutes or
-- days later must not overwrite a newer change by another member without the user knowing.
-- Each row the app edits in place carries `version`, bumped by the server on every update
-- (trigger private.check_row_version, supabase/schemas/44_row_versions.sql). A client that sends
-- the version its edit was based on has the update refused with PT409 (HTTP 409) when the row
-- moved on meanwhile; a client that sends none (RPCs, older clients) updates as before. This is a
-- trigger rather than an extra `version=eq.N` filter so that a stale write is told apart from a
-- row that is gone or hidden (both would match 0 rows), and it runs unchanged on hosted PostgREST.
--
-- `updated_by` names who made the row's latest change, so that the conflict dialog can say
-- whose change it is ('Änderung von {Name}'). It is the server's: never granted to clients.

alter table public.cards
  add column version integer not null default 1,
  add column updated_by uuid default auth.uid();
alter table public.lists
  add column version integer not null default 1,
  add column updated_by uuid default auth.uid();
alter table public.board_labels
  add column version integer not null default 1,
  add column updated_by uuid default auth.uid();
alter table public.card_checklist_items
  add column version integer not null default 1,
  add column updated_by uuid default auth.uid();
alter table public.card_comments
  add column version integer not null default 1,
  add column updated_by uuid default auth.uid();

comment on column public.cards.version is
  'Bumped by the server on every update. A client may send the version its edit was based on; a stale one is refused with PT409.';
comment on column public.cards.updated_by is
  'Who made the latest change (auth.uid() of the writer); set by the server.';
comment on column public.lists.version is
  'Bumped by the server on every update. A client may send the version its edit was based on; a stale one is refused with PT409.';
comment on column public.lists.updated_by is
  'Who made the latest change (auth.uid() of the writer); set by the server.';
comment on column public.board_labels.version is
  'Bumped by the server on every update. A client may send the version its edit was based on; a stale one is refused with PT409.';
comment on column public.board_labels.updated_by is
  'Who made the latest change (auth.uid() of the writer); set by the server.';
comment on column public.card_checklist_items.version is
  'Bumped by the server on every update. A client may send the version its edit was based on; a stale one is refused with PT409.';
comment on column public.card_checklist_items.updated_by is
  'Who made the latest change (auth.uid() of the writer); set by the server.';
comment on column public.card_comments.version is
  'Bumped by the server on every update. A client may send the version its edit was based on; a stale one is refused with PT409.';
comment on column public.card_comments.updated_by is
  'Who made the latest change (auth.uid() of the writer); set by the server.';

-- A member names the version an update is based on; the trigger decides what is stored.
grant update (version) on table public.cards to authenticated;
grant update (version) on table public.lists to authenticated;
grant update (version) on table public.board_labels to authenticated;
grant update (version) on table public.card_checklist_items to authenticated;
grant update (version) on table public.card_comments to authenticated;

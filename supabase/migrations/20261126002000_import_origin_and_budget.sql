-- Imported comments are written as the importer (supabase/schemas/90_board_transfer.sql); who
-- wrote them in the document, and when, is kept beside them, shown as imported text, and never
-- taken for an account of this project.
alter table public.card_comments
  add column imported_author_name text
    constraint card_comments_imported_author_name_length
      check (char_length(imported_author_name) <= 512),
  add column imported_at timestamptz;

comment on column public.card_comments.imported_author_name is
  'Set only by import_board: the author''s name as the imported document gives it ('''' when it gives none); null for a comment written here.';
comment on column public.card_comments.imported_at is
  'Set only by import_board: when the comment was written, as the imported document says; null for a comment written here or without a time.';

-- Clients insert the columns they always could, not the two above: only an import sets them.
revoke insert on table public.card_comments from authenticated;
grant insert (id, card_id, user_id, text, created_at, edited_at)
  on table public.card_comments to authenticated;

-- The import budget per caller and hour counts imports and their bytes too, not only the
-- addresses looked up.
alter table private.import_rate
  add column imports integer not null default 0,
  add column bytes bigint not null default 0;

comment on table private.import_rate is
  'Per caller, in the current hour: imports made, their bytes, and e-mail addresses looked up (import_board''s budget).';

-- Authors may correct their comments (issue 10). Who may change or delete a comment was already
-- settled in 20261122000500 (policies "card_comments: authors edit" / "authors delete", and only
-- the text column is granted for update); this adds when a comment was last edited, so every
-- client can show '(bearbeitet)'. The server's clock sets it: clients cannot write the column.

alter table public.card_comments add column edited_at timestamptz;

comment on column public.card_comments.edited_at is
  'When the author last changed the text; null for a comment never edited. Set by trigger, not writable through the API.';

create function private.stamp_comment_edit()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.edited_at := now();
  return new;
end;
$$;

comment on function private.stamp_comment_edit() is
  'Trigger: stamps card_comments.edited_at when the text changes.';

create trigger stamp_comment_edit
  before update of text on public.card_comments
  for each row
  when (old.text is distinct from new.text)
  execute function private.stamp_comment_edit();

revoke execute on function private.stamp_comment_edit() from public, anon, authenticated;

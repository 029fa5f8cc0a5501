-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Deletion removes the text from the history too (docs/data-model.md "Activity history"). A
-- member who deletes a comment posted by mistake (a password, a private remark) expects its
-- words gone for everyone, including members invited later; the same holds for the description
-- of a card once it is deleted for good. The entries stay, so the history still tells that
-- something was commented, edited or described and by whom, but their texts are replaced by
-- the mark "text_removed": true. What the history keeps: titles and names (of cards, lists,
-- labels, subtasks), and the texts of comments and descriptions that still exist, earlier
-- versions included.

-- An entry's data without the words it quoted.
create or replace function private.without_texts(p_data jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select (p_data - 'before' - 'after') || jsonb_build_object('text_removed', true)
$$;

comment on function private.without_texts(jsonb) is
  'An activity entry''s data with its quoted texts (before, after) replaced by "text_removed": true.';

revoke execute on function private.without_texts(jsonb) from public, anon, authenticated;

-- Every entry of the deleted comment (added, edited), whoever deleted it and however: by its
-- author, with its card, or with its board (then the entries go with the board anyway).
create or replace function private.forget_comment_texts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.activity a
  set data = private.without_texts(a.data)
  where a.card_id = old.card_id
    and a.kind in ('comment_added', 'comment_edited', 'comment_removed')
    and a.data ->> 'comment_id' = old.id::text
    and (a.data ? 'before' or a.data ? 'after')
    -- A board being deleted takes its history with it: nothing to rewrite.
    and exists (select 1 from public.boards b where b.id = a.board_id);
  return null;
end;
$$;

comment on function private.forget_comment_texts() is
  'Trigger: a deleted comment''s words leave every history entry about it.';

revoke execute on function private.forget_comment_texts() from public, anon, authenticated;

create or replace trigger forget_texts
  after delete on public.card_comments
  for each row execute function private.forget_comment_texts();

-- A card deleted for good (purged after its undo window, or deleted outright): the entries of
-- its description lose the text. Its comments go through forget_comment_texts by cascade.
create or replace function private.forget_card_description()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.activity a
  set data = private.without_texts(a.data)
  where a.card_id = old.id
    and a.kind = 'card_description'
    and (a.data ? 'before' or a.data ? 'after')
    and exists (select 1 from public.boards b where b.id = a.board_id);
  return null;
end;
$$;

comment on function private.forget_card_description() is
  'Trigger: the description of a card deleted for good leaves its history entries.';

revoke execute on function private.forget_card_description() from public, anon, authenticated;

create or replace trigger forget_texts
  after delete on public.cards
  for each row execute function private.forget_card_description();

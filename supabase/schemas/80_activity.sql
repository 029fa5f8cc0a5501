-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- The triggers that write the activity history (the table: migration 20261124000100_activity.sql;
-- docs/data-model.md "Activity history").

-- Writes one entry as auth.uid(); nothing while an import runs (public.import_board pauses it).
create or replace function private.record_activity(
  p_board_id uuid,
  p_card_id uuid,
  p_kind text,
  p_data jsonb
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_actor uuid := (select auth.uid());
begin
  -- An import in progress records itself once, afterwards (public.import_board).
  if current_setting('taskflow.activity_paused', true) = 'on' then
    return;
  end if;
  -- A board being deleted takes its history with it: nothing to write for its cascade.
  insert into public.activity (board_id, card_id, actor_id, kind, data)
  select p_board_id, p_card_id, v_actor, p_kind,
         p_data || jsonb_build_object(
           'actor_name', private.profile_name(v_actor)
         )
  where exists (select 1 from public.boards b where b.id = p_board_id);
end;
$$;

comment on function private.record_activity(uuid, uuid, text, jsonb) is
  'Writes one activity entry as auth.uid() (null without a JWT), unless the board is being deleted or an import is running (setting taskflow.activity_paused, set only by import_board).';

revoke execute on function private.record_activity(uuid, uuid, text, jsonb)
  from public, anon, authenticated;

create or replace function private.list_title(p_list_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select l.title from public.lists l where l.id = p_list_id
$$;

comment on function private.list_title(uuid) is
  'The title of a list, for phrasing activity entries (null when it is gone).';

revoke execute on function private.list_title(uuid) from public, anon, authenticated;

create or replace function private.profile_name(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.full_name from public.profiles p where p.id = p_user_id
$$;

comment on function private.profile_name(uuid) is
  'The full name of a user, for phrasing activity entries (null when unknown).';

revoke execute on function private.profile_name(uuid) from public, anon, authenticated;

-- The entry of a change below a card (assignee, label, subtask, comment): on the card's board,
-- with its title; nothing when the card is gone, since then the change came with its deletion.
create or replace function private.record_card_child_activity(p_card_id uuid, p_kind text, p_data jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_card public.cards;
begin
  select * into v_card from public.cards c where c.id = p_card_id;
  if v_card.id is not null then
    perform private.record_activity(v_card.board_id, v_card.id, p_kind,
      jsonb_build_object('card_title', v_card.title) || p_data);
  end if;
end;
$$;

comment on function private.record_card_child_activity(uuid, text, jsonb) is
  'Writes the activity entry of a change below a card, unless the card is gone.';

revoke execute on function private.record_card_child_activity(uuid, text, jsonb)
  from public, anon, authenticated;

create or replace function private.record_card_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_card jsonb;
  -- Columns with a kind of their own below, and those left out of the history.
  v_own_kind constant text[] := array[
    'deleted_at', 'archived_at', 'list_id', 'title', 'due_date', 'priority', 'description'];
  v_old jsonb;
  v_new jsonb;
  v_field text;
begin
  if tg_op = 'INSERT' then
    if new.deleted_at is null then
      perform private.record_activity(new.board_id, new.id, 'card_created', jsonb_build_object(
        'card_title', new.title,
        'list_id', new.list_id,
        'list_title', private.list_title(new.list_id)));
    end if;
    return null;
  end if;

  if tg_op = 'DELETE' then
    -- A purged card was deleted or archived already; a card whose list is gone went with it.
    if old.deleted_at is null and old.archived_at is null
       and exists (select 1 from public.lists l where l.id = old.list_id) then
      perform private.record_activity(old.board_id, old.id, 'card_deleted',
        jsonb_build_object('card_title', old.title));
    end if;
    return null;
  end if;

  v_card := jsonb_build_object('card_title', new.title);
  if old.deleted_at is null and new.deleted_at is not null then
    perform private.record_activity(new.board_id, new.id, 'card_deleted', v_card);
  elsif old.deleted_at is not null and new.deleted_at is null then
    perform private.record_activity(new.board_id, new.id, 'card_restored', v_card);
  end if;
  if old.archived_at is null and new.archived_at is not null then
    perform private.record_activity(new.board_id, new.id, 'card_archived', v_card);
  elsif old.archived_at is not null and new.archived_at is null then
    perform private.record_activity(new.board_id, new.id, 'card_unarchived', v_card);
  end if;
  if old.list_id is distinct from new.list_id then
    perform private.record_activity(new.board_id, new.id, 'card_moved', v_card || jsonb_build_object(
      'before', old.list_id, 'after', new.list_id,
      'before_title', private.list_title(old.list_id),
      'after_title', private.list_title(new.list_id)));
  end if;
  if old.title is distinct from new.title then
    perform private.record_activity(new.board_id, new.id, 'card_renamed', v_card || jsonb_build_object(
      'before', old.title, 'after', new.title));
  end if;
  if old.due_date is distinct from new.due_date then
    perform private.record_activity(new.board_id, new.id, 'card_due_date', v_card || jsonb_build_object(
      'before', old.due_date, 'after', new.due_date));
  end if;
  if old.priority is distinct from new.priority then
    perform private.record_activity(new.board_id, new.id, 'card_priority', v_card || jsonb_build_object(
      'before', old.priority, 'after', new.priority));
  end if;
  if old.description is distinct from new.description then
    perform private.record_activity(new.board_id, new.id, 'card_description', v_card || jsonb_build_object(
      'before', old.description, 'after', new.description));
  end if;
  -- Every other column, read from the row by its name: one card_field_changed entry each.
  v_old := to_jsonb(old) - v_own_kind - private.card_fields_not_recorded();
  v_new := to_jsonb(new) - v_own_kind - private.card_fields_not_recorded();
  if v_old is distinct from v_new then
    for v_field in select k from jsonb_object_keys(v_new) k order by k loop
      if v_old -> v_field is distinct from v_new -> v_field then
        perform private.record_activity(new.board_id, new.id, 'card_field_changed', v_card || jsonb_build_object(
          'field', v_field, 'before', v_old -> v_field, 'after', v_new -> v_field));
      end if;
    end loop;
  end if;
  return null;
end;
$$;

comment on function private.record_card_activity() is
  'Trigger: activity for cards created, moved, renamed, deleted, restored, archived, unarchived, due date, priority and description changed, and card_field_changed for any other column (but private.card_fields_not_recorded()).';

revoke execute on function private.record_card_activity() from public, anon, authenticated;

-- Any update: which columns matter is decided inside, from the row (a position alone writes
-- nothing).
create or replace trigger record_activity
  after insert or delete or update
  on public.cards
  for each row execute function private.record_card_activity();

create or replace function private.record_list_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.record_activity(new.board_id, null, 'list_created', jsonb_build_object(
      'list_id', new.id, 'list_title', new.title));
    return null;
  end if;
  if tg_op = 'DELETE' then
    -- A purged list was archived already: its entry was written then.
    if old.archived_at is null then
      perform private.record_activity(old.board_id, null, 'list_deleted', jsonb_build_object(
        'list_id', old.id, 'list_title', old.title));
    end if;
    return null;
  end if;
  if old.archived_at is null and new.archived_at is not null then
    perform private.record_activity(new.board_id, null, 'list_archived', jsonb_build_object(
      'list_id', new.id, 'list_title', new.title));
  elsif old.archived_at is not null and new.archived_at is null then
    perform private.record_activity(new.board_id, null, 'list_unarchived', jsonb_build_object(
      'list_id', new.id, 'list_title', new.title));
  end if;
  if old.title is distinct from new.title then
    perform private.record_activity(new.board_id, null, 'list_renamed', jsonb_build_object(
      'list_id', new.id, 'before', old.title, 'after', new.title));
  end if;
  return null;
end;
$$;

comment on function private.record_list_activity() is
  'Trigger: activity for lists created, renamed, archived, unarchived and deleted.';

revoke execute on function private.record_list_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete or update of title, archived_at on public.lists
  for each row execute function private.record_list_activity();

create or replace function private.record_member_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.board_members := case when tg_op = 'DELETE' then old else new end;
begin
  -- The owner's row comes and goes with the board itself.
  if v_row.role <> 'member' then
    return null;
  end if;
  perform private.record_activity(v_row.board_id, null,
    case when tg_op = 'INSERT' then 'member_added' else 'member_removed' end,
    jsonb_build_object(
      'user_id', v_row.user_id,
      'user_name', private.profile_name(v_row.user_id)));
  return null;
end;
$$;

comment on function private.record_member_activity() is
  'Trigger: activity for members invited (added) and removed or leaving.';

revoke execute on function private.record_member_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete on public.board_members
  for each row execute function private.record_member_activity();

create or replace function private.record_assignee_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.card_assignees := case when tg_op = 'DELETE' then old else new end;
begin
  -- Removed because they left the board: the departure is the entry.
  if tg_op = 'DELETE' and not exists (
    select 1 from public.cards c
    join public.board_members m on m.board_id = c.board_id and m.user_id = v_row.user_id
    where c.id = v_row.card_id
  ) then
    return null;
  end if;
  perform private.record_card_child_activity(v_row.card_id,
    case when tg_op = 'INSERT' then 'assignee_added' else 'assignee_removed' end,
    jsonb_build_object('user_id', v_row.user_id, 'user_name', private.profile_name(v_row.user_id)));
  return null;
end;
$$;

comment on function private.record_assignee_activity() is
  'Trigger: activity for assignees added and removed.';

revoke execute on function private.record_assignee_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete on public.card_assignees
  for each row execute function private.record_assignee_activity();

create or replace function private.record_tag_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.card_tags := case when tg_op = 'DELETE' then old else new end;
  v_label public.board_labels;
begin
  select * into v_label from public.board_labels l where l.id = v_row.label_id;
  -- Gone with its label: deleting the label is not a change of each card.
  if v_label.id is null then
    return null;
  end if;
  perform private.record_card_child_activity(v_row.card_id,
    case when tg_op = 'INSERT' then 'label_added' else 'label_removed' end,
    jsonb_build_object(
      'label_id', v_label.id, 'label_name', v_label.name, 'label_color', v_label.color));
  return null;
end;
$$;

comment on function private.record_tag_activity() is
  'Trigger: activity for labels added to and removed from a card.';

revoke execute on function private.record_tag_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete on public.card_tags
  for each row execute function private.record_tag_activity();

create or replace function private.record_subtask_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.card_checklist_items := case when tg_op = 'DELETE' then old else new end;
  v_changes jsonb := '{}'::jsonb;
begin
  if tg_op = 'UPDATE' then
    if old.text is distinct from new.text then
      v_changes := v_changes || jsonb_build_object(
        'text', jsonb_build_object('before', old.text, 'after', new.text));
    end if;
    if old.completed is distinct from new.completed then
      v_changes := v_changes || jsonb_build_object(
        'completed', jsonb_build_object('before', old.completed, 'after', new.completed));
    end if;
    if old.due_date is distinct from new.due_date then
      v_changes := v_changes || jsonb_build_object(
        'due_date', jsonb_build_object('before', old.due_date, 'after', new.due_date));
    end if;
    -- An assignee cleared because they left the board is a consequence, not a change.
    if old.assigned_to is distinct from new.assigned_to and (
      new.assigned_to is not null or exists (
        select 1 from public.cards c
        join public.board_members m on m.board_id = c.board_id and m.user_id = old.assigned_to
        where c.id = new.card_id
      )
    ) then
      v_changes := v_changes || jsonb_build_object(
        'assigned_to', jsonb_build_object(
          'before', old.assigned_to, 'after', new.assigned_to,
          'before_name', private.profile_name(old.assigned_to),
          'after_name', private.profile_name(new.assigned_to)));
    end if;
    if v_changes = '{}'::jsonb then
      return null;
    end if;
  end if;
  perform private.record_card_child_activity(v_row.card_id,
    case tg_op
      when 'INSERT' then 'subtask_added'
      when 'DELETE' then 'subtask_removed'
      else 'subtask_changed'
    end,
    jsonb_build_object(
      'subtask_id', v_row.id,
      'subtask_text', v_row.text,
      'changes', v_changes));
  return null;
end;
$$;

comment on function private.record_subtask_activity() is
  'Trigger: activity for subtasks (checklist items) added, changed (text, done, due date, assignee) and removed.';

revoke execute on function private.record_subtask_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete or update of text, completed, due_date, assigned_to
  on public.card_checklist_items
  for each row execute function private.record_subtask_activity();

create or replace function private.record_comment_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.record_card_child_activity(new.card_id, 'comment_added',
      jsonb_build_object('comment_id', new.id, 'after', new.text));
  elsif tg_op = 'DELETE' then
    -- Without the words: a deleted comment leaves the history (private.forget_comment_texts).
    perform private.record_card_child_activity(old.card_id, 'comment_removed',
      jsonb_build_object('comment_id', old.id));
  elsif old.text is distinct from new.text then
    perform private.record_card_child_activity(new.card_id, 'comment_edited',
      jsonb_build_object('comment_id', new.id, 'before', old.text, 'after', new.text));
  end if;
  return null;
end;
$$;

comment on function private.record_comment_activity() is
  'Trigger: activity for comments added, edited and removed.';

revoke execute on function private.record_comment_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete or update of text on public.card_comments
  for each row execute function private.record_comment_activity();

-- Added and removed files; a rename is not history (the entry keeps the name it had then).
create or replace function private.record_attachment_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.record_card_child_activity(new.card_id, 'attachment_added',
      jsonb_build_object('attachment_id', new.id, 'name', new.name));
  else
    perform private.record_card_child_activity(old.card_id, 'attachment_removed',
      jsonb_build_object('attachment_id', old.id, 'name', old.name));
  end if;
  return null;
end;
$$;

comment on function private.record_attachment_activity() is
  'Trigger: activity for attachments added and removed.';

revoke execute on function private.record_attachment_activity() from public, anon, authenticated;

create or replace trigger record_activity
  after insert or delete on public.card_attachments
  for each row execute function private.record_attachment_activity();

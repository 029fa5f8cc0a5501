-- Every table of a board goes into the realtime publication, so that an open board follows
-- the changes of the other members (the board store applies them to its snapshot). On a
-- hosted project Realtime reads this publication; the local backend puts its change-feed
-- triggers on the same tables. Both check each change against the subscriber's row-level
-- security before delivering it.
alter publication supabase_realtime add table
  public.profiles,
  public.boards,
  public.board_members,
  public.lists,
  public.cards,
  public.card_assignees,
  public.board_labels,
  public.card_tags,
  public.card_checklist_items,
  public.card_comments;

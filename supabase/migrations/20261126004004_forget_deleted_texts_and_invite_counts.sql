-- What 20261126004003 does from now on, applied to what is already stored.
--
-- Deletion removes the text: history entries of comments that no longer exist lose their words
-- (comment_added, comment_edited, comment_removed), and so do the description entries of cards
-- that no longer exist (deleted for good). The entries stay, marked "text_removed": true.
update public.activity a
set data = private.without_texts(a.data)
where a.kind in ('comment_added', 'comment_edited', 'comment_removed')
  and (a.data ? 'before' or a.data ? 'after')
  and not exists (
    select 1 from public.card_comments c where c.id::text = a.data ->> 'comment_id'
  );

update public.activity a
set data = private.without_texts(a.data)
where a.kind = 'card_description'
  and (a.data ? 'before' or a.data ? 'after')
  and not exists (select 1 from public.cards c where c.id = a.card_id);

-- The invitation limit now counts addresses that are not registered, per hour: the old counts
-- (every lookup, per 10 minutes) mean something else, so every caller starts afresh.
delete from private.invite_rate;

comment on table private.invite_rate is
  'Per caller: how many addresses that are not registered invite_board_member was asked about in the current one-hour window (rate limit; successful invitations do not count).';
comment on column private.invite_rate.calls is
  'Addresses asked about in this window that are not registered.';

-- Invitations of people without an account (issue 23.3): inviting an address nobody registered
-- stores it here and mails an invitation; signing up (and confirming, where addresses are
-- confirmed) with that address makes the person a member (private.accept_board_invitations).
-- The board's owner reads the pending ones in 'Team-Verwaltung' and may withdraw them; only
-- invite_board_member (security definer) writes them. The backend's invitation mailer sends the
-- mail of each row whose mailed_at is empty (backend/src/mail/invitation-mailer.ts).
create table public.board_invitations (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 255),
  invited_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  -- When the invitation mail was handed to the SMTP server; null: still to be sent.
  mailed_at timestamptz,
  unique (board_id, email)
);

create index board_invitations_email_idx on public.board_invitations (email);
create index board_invitations_unmailed_idx on public.board_invitations (created_at)
  where mailed_at is null;

alter table public.board_invitations enable row level security;

create policy "Owners read their boards' invitations"
  on public.board_invitations for select to authenticated
  using (exists (
    select 1 from public.boards b where b.id = board_id and b.owner_id = (select auth.uid())
  ));

create policy "Owners withdraw their boards' invitations"
  on public.board_invitations for delete to authenticated
  using (exists (
    select 1 from public.boards b where b.id = board_id and b.owner_id = (select auth.uid())
  ));

revoke insert, update, truncate on public.board_invitations from anon, authenticated;
revoke all on public.board_invitations from anon;

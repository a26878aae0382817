/**
 * Staff invited from the console: an address and a role. The invitation is open until the owner of
 * the address signs in having proved it (then the role is theirs and the invitation accepted) or an
 * operator withdraws it. One open invitation per address and role.
 */
export const sql = `
create table staff_invitations (
  id text primary key,
  email text not null check (email = lower(email)),
  role text not null check (role in ('guide', 'operator')),
  account_uid text not null,
  invited_by_uid text not null,
  invited_by_email text,
  invited_at timestamptz not null default now(),
  accepted_at timestamptz,
  withdrawn_at timestamptz,
  check (accepted_at is null or withdrawn_at is null)
);
create unique index staff_invitations_open on staff_invitations (email, role) where accepted_at is null and withdrawn_at is null;
`;

/**
 * A booking the office takes reaches only whoever controls the e-mail address it was taken for.
 *
 * Anyone can sign up with someone else's address, and the site never asks a new account to prove
 * its address. So when the account with the customer's address has never proved it and can sign in
 * (whoever made it knows its password), the booking waits for the address's owner (`awaits_owner`
 * holds the address): it is kept out of that account's customer calls (My Bookings, the calendars'
 * invite code, the party, cancelling, changing the date, leaving, the call-off choice), while the
 * office, the party's other members and every message work as for any booking. Messages go to the
 * address, so only its owner reads the confirmation, which offers the identity service's own link
 * to choose a new password. Choosing one proves the address, replaces the password and ends every
 * session of the account (a link that only proved the address would leave it to whoever knows the
 * old password).
 *
 * The owner then signs in with the new password: a session begun after the account's sessions were
 * last ended, whose token says the address is proved. The first such call takes the booking over
 * (`owner_since`: when those sessions were ended). From then on, a session begun before that moment
 * (the one who made the account, even with a token refreshed since) is refused on the customer calls
 * about the account and its bookings, so it never reaches the booking, however long its token lasts.
 * This is the identity service's own rule for a session that was ended, which it applies only to the
 * calls that ask it; here it holds on every such call without asking it again.
 */
import type { Queryable } from '../db/client.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import type { Caller, CustomerAccount, Identity } from '../identity.ts';

/**
 * The address a booking for `account` must wait to be proved for, or null when it is the account's
 * at once: an address already proved, or an account nobody can sign in to yet (the office made it;
 * choosing its first password proves the address).
 */
export function addressToProve(account: CustomerAccount): string | null {
  return account.signsIn && !account.emailVerified ? account.email.toLowerCase() : null;
}

/**
 * SQL: the booking `b` is shown to the customer `uid` (a parameter) and acted on for them: any
 * booking of which they are a member, except one they pay for that still waits for its address's
 * owner. A friend who joined its party sees it as usual.
 */
export const shownToCustomer = (b: string, uid: string) => `(${b}.awaits_owner is null or ${b}.user_id <> ${uid})`;

/** The proof the caller's account owes, and when its address's owner took its bookings over (null when never). */
const STATE = named(`select max(owner_since) as owner_since, coalesce(bool_or(awaits_owner = {address}), false) as claimable
    from bookings
   where user_id = {uid} and (awaits_owner is not null or owner_since is not null)`);

/** The bookings waiting for the caller's proved address become theirs, from when its account's sessions were last ended. */
const TAKE_OVER = named(`update bookings set awaits_owner = null, owner_since = to_timestamp({since}::double precision / 1000)
   where user_id = {uid} and awaits_owner = {address}`);

/** The address the caller's token says is proved, lower-cased; null when it says none is. */
const provedAddress = (caller: Caller) => (caller.emailVerified === true && caller.email ? caller.email.toLowerCase() : null);

/**
 * Asks the identity service whether the caller's session belongs to whoever controls the address
 * now: the account has proved `address`, is not disabled, and the session began at or after the
 * account's sessions were last ended (a new password ends them). Returns that moment, or null.
 */
async function ownersSince(identity: Pick<Identity, 'accountStates'>, caller: Caller, address: string): Promise<number | null> {
  const account = (await identity.accountStates([caller.uid])).get(caller.uid);
  if (!account || account.disabled || account.emailVerified !== true || account.email?.toLowerCase() !== address) return null;
  const since = account.validSince ?? 0;
  return (caller.signedInAt ?? 0) >= since ? since : null;
}

/**
 * Before a customer's call reads or changes their bookings: takes over the bookings that wait for
 * the caller's address when the caller proves it (see above), and says whether the caller's session
 * may act for the account. False for a session begun before the address's owner took its bookings
 * over: the caller must sign in again. Costs one indexed read; the identity service is asked only
 * while a booking waits for the caller's proved address.
 */
export async function ownerSession(db: Queryable, identity: Pick<Identity, 'accountStates'>, caller: Caller): Promise<boolean> {
  const address = provedAddress(caller);
  const [state] = await queryNamed<{ owner_since: Date | string | null; claimable: boolean } & Record<string, unknown>>(db, STATE, {
    uid: caller.uid,
    address,
  });
  let ownerSince = state?.owner_since ? new Date(state.owner_since).getTime() : null;
  if (state?.claimable && address) {
    const since = await ownersSince(identity, caller, address);
    if (since !== null) {
      await queryNamed(db, TAKE_OVER, { uid: caller.uid, address, since });
      ownerSince = Math.max(ownerSince ?? since, since);
    }
  }
  return ownerSince === null || (caller.signedInAt ?? 0) >= ownerSince;
}

/** The address a booking still waits to be proved for when `uid` pays for it; null otherwise (for any other member too). */
export async function awaitedAddress(db: Queryable, bookingId: string, uid: string): Promise<string | null> {
  const [row] = await db.query<{ awaits_owner: string | null }>(`select awaits_owner from bookings where id = $1 and user_id = $2`, [
    bookingId,
    uid,
  ]);
  return row?.awaits_owner ?? null;
}

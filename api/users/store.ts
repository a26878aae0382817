/**
 * The database user: profile copy, safety survey, latest waiver signature, the ids of the dates the
 * user is booked on, and their bookings whose date we called off, waiting for the payer's choice.
 */
import * as v from 'valibot';
import type { Queryable } from '../db/client.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import type { Caller } from '../identity.ts';
import { authDisplayNameSchema, authPhotoUrlSchema, type Survey, type UserData } from '../../shared/contract/requests.ts';
import type { CalledOffBooking, DatabaseUser } from '../../shared/contract/answers.ts';
import { memberName } from '../../shared/rules/party.ts';
import { shownToCustomer } from '../bookings/address-owner.ts';
import { LATEST_WAIVER_JOIN, WAIVER_STATUS_COLUMNS, waiverStatus } from './waivers.ts';
import { iso } from '../db/instant.ts';

export type { DatabaseUser };

interface UserRow {
  uid: string;
  email: string | null;
  pending_email: string | null;
  display_name: string | null;
  phone_number: string | null;
  photo_url: string | null;
  survey: Survey | null;
  signature: string | null;
  agreed: boolean;
  bookings: string[] | null;
  /** As CalledOffBooking, with the payer's name and e-mail for the name the party knows them by. */
  called_off:
    | (Pick<CalledOffBooking, 'bookingId' | 'dateId' | 'title' | 'startsAt' | 'chooseBy' | 'yours'> & {
        payerName: string | null;
        payerEmail: string | null;
      })[]
    | null;
  id: string | null;
  version: string;
  sha256: string;
  signed_at: string;
  covers_until: string;
}

/** The user with the latest waiver signature, judged against `waiverVersion` (the current text). */
export async function readUser(db: Queryable, uid: string, waiverVersion: string): Promise<DatabaseUser | null> {
  const [row] = await db.query<UserRow & Record<string, unknown>>(
    `select u.uid, u.email, u.pending_email, u.display_name, u.phone_number, u.photo_url, u.survey, u.signature, u.agreed,
            (select coalesce(json_agg(distinct b.date_id), '[]'::json)
               from booking_members m join bookings b on b.id = m.booking_id
              where m.user_id = u.uid and b.status = 'paid' and ${shownToCustomer('b', 'u.uid')}) as bookings,
            (select coalesce(json_agg(json_build_object('bookingId', b.id, 'dateId', c.date_id, 'title', p.nickname,
                                                        'startsAt', d.starts_at, 'chooseBy', c.choose_by, 'yours', b.user_id = u.uid,
                                                        'payerName', payer.display_name, 'payerEmail', payer.email)
                                      order by d.starts_at), '[]'::json)
               from booking_members m join bookings b on b.id = m.booking_id
               join called_off_bookings c on c.booking_id = b.id and c.date_id = b.date_id
               join calendar_dates d on d.id = c.date_id join prices p on p.id = b.price_id join users payer on payer.uid = b.user_id
              where m.user_id = u.uid and b.status = 'paid' and c.choice is null and ${shownToCustomer('b', 'u.uid')}) as called_off,
            ${WAIVER_STATUS_COLUMNS}
       from users u
       ${LATEST_WAIVER_JOIN}
      where u.uid = $1`,
    [uid],
  );
  if (!row) return null;
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    phoneNumber: row.phone_number,
    photoURL: row.photo_url,
    survey: row.survey,
    signature: row.signature,
    agreed: row.agreed,
    waiver: row.id ? waiverStatus({ ...row, id: row.id }, waiverVersion) : null,
    bookings: row.bookings ?? [],
    calledOff: (row.called_off ?? []).map(({ payerName, payerEmail, ...entry }) => ({
      ...entry,
      startsAt: iso(entry.startsAt),
      chooseBy: iso(entry.chooseBy),
      payer: memberName(payerName, payerEmail),
    })),
    pendingEmail: row.pending_email,
  };
}

/** A name or photo from the verified ID token, kept only if it passes the rule the same field has at sign-in. */
function fromToken(schema: typeof authDisplayNameSchema | typeof authPhotoUrlSchema, value: string | null): string | null {
  return value && v.is(schema, value) ? value : null;
}

type Profile = { displayName?: string | null | undefined; photoURL?: string | null | undefined; phoneNumber?: string | null | undefined };

/**
 * The statement that creates the database user, or brings its e-mail up to date with the identity
 * token, with the named parameters `{uid}`, `{email}`, `{displayName}`, `{photoUrl}` and
 * `{phoneNumber}` (userParams gives their values). Either way the user's row is then locked (for no
 * key update) until the transaction ends: an upsert locks the row it finds even when it leaves it
 * unchanged. Usable inside a larger statement.
 */
export const SAVE_USER_SQL = `insert into users (uid, email, display_name, photo_url, phone_number)
       values ({uid}, {email}, {displayName}, {photoUrl}, {phoneNumber})
     on conflict (uid) do update set email = excluded.email, updated_at = app_now(),
       -- A new address confirmed through its link is no longer pending.
       pending_email = case when lower(users.pending_email) = lower(excluded.email) then null else users.pending_email end
       where users.email is distinct from excluded.email`;

export type UserParams = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoUrl: string | null;
  phoneNumber: string | null;
};

/** The values of SAVE_USER_SQL's parameters. */
export function userParams(caller: Caller, profile: Profile = {}): UserParams {
  return {
    uid: caller.uid,
    email: caller.email,
    displayName: profile.displayName ?? fromToken(authDisplayNameSchema, caller.name),
    photoUrl: profile.photoURL ?? fromToken(authPhotoUrlSchema, caller.picture),
    phoneNumber: profile.phoneNumber ?? null,
  };
}

const SAVE_USER = named(SAVE_USER_SQL);

/** Creates the database user on first sight; the e-mail always follows the identity token. */
export async function ensureUser(db: Queryable, caller: Caller, profile: Profile = {}): Promise<void> {
  const [known] = await db.query<{ email: string | null }>('select email from users where uid = $1', [caller.uid]);
  if (known && known.email === caller.email) return;
  await queryNamed(db, SAVE_USER, userParams(caller, profile));
}

export async function saveSurvey(db: Queryable, uid: string, survey: Survey): Promise<boolean> {
  const rows = await db.query(`update users set survey = $2, updated_at = app_now() where uid = $1 returning uid`, [
    uid,
    JSON.stringify(survey),
  ]);
  return rows.length > 0;
}

/**
 * Saves the name and the contact phone. The sign-in e-mail stays the one the identity token
 * carries; another address in the form is kept as pending until its confirmation link is followed.
 */
export async function saveProfile(db: Queryable, caller: Caller, data: UserData): Promise<void> {
  const pending = caller.email && data.email.toLowerCase() === caller.email.toLowerCase() ? null : data.email;
  await db.query(
    `insert into users (uid, email, display_name, phone_number, pending_email) values ($1, $2, $3, $4, $5)
     on conflict (uid) do update set email = excluded.email, display_name = excluded.display_name,
       phone_number = excluded.phone_number, pending_email = excluded.pending_email, updated_at = app_now()`,
    [caller.uid, caller.email, data.displayName, data.phoneNumber, pending],
  );
}

/**
 * Waiver signatures as records that hold up: each signing adds a row (never overwrites one) with the
 * version and fingerprint of the text signed, the time, the signer's name from the profile, and the
 * request's IP address and user agent. The client sends only `{ signature, agreed }`.
 */
import type { Db, Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';
import type { SignedWaiverCopy, WaiverStatus } from '../../shared/contract/answers.ts';
import { waiverCoversUntil, waiverIsCurrent, type WaiverDocument } from '../../shared/rules/waiver-record.ts';
import type { WaiverEdition } from './waiver-edition.ts';
import { iso } from '../db/instant.ts';
import { clockNow } from '../clock.ts';

/** Where a signature came from, as the server saw the request. */
export interface SigningRequest {
  ipAddress: string;
  userAgent: string;
}

const USER_AGENT_MAX_CHARS = 500;

export class WaiverTextConflict extends Error {}

/**
 * Adds a signature of `edition` for the user, and makes it the user's current `signature`.
 * False when the user does not exist. The text of the version is stored the first time it is signed;
 * a stored text with another fingerprint under the same version stops the signing.
 */
export async function recordSignature(
  db: Db,
  uid: string,
  signature: string,
  edition: WaiverEdition,
  request: SigningRequest,
  signedAt: Date = clockNow(),
): Promise<boolean> {
  return db.transaction(async (tx) => (await insertSignature(tx, { uid, signature, edition, request, signedAt })) !== null);
}

/** A signing as it is recorded, online or on a guide's phone at the trailhead. */
export interface Signing {
  uid: string;
  signature: string;
  edition: WaiverEdition;
  request: SigningRequest;
  signedAt: Date;
  /** Signed in person on the phone of this guide or operator (their name), not on the signer's own device. */
  inPersonBy?: string;
}

/**
 * Adds the signature inside the caller's transaction: its id, or null when the user does not exist.
 * The user's current `signature` becomes this one unless they signed later already (a signing on a
 * guide's phone may reach us after one made online).
 */
export async function insertSignature(tx: Queryable, signing: Signing): Promise<string | null> {
  const { uid, edition, signedAt } = signing;
  const [user] = await tx.query<{ display_name: string | null }>(`select display_name from users where uid = $1 for update`, [uid]);
  if (!user) return null;
  await tx.query(`insert into waiver_texts (version, sha256, text, document) values ($1, $2, $3, $4) on conflict (version) do nothing`, [
    edition.version,
    edition.sha256,
    edition.text,
    JSON.stringify(edition.document),
  ]);
  const [stored] = await tx.query<{ sha256: string }>(`select sha256 from waiver_texts where version = $1`, [edition.version]);
  if (stored?.sha256 !== edition.sha256) {
    throw new WaiverTextConflict(`Waiver version ${edition.version} is stored with another text (${stored?.sha256})`);
  }
  await tx.query(
    `update users set signature = $2, agreed = true, updated_at = app_now()
      where uid = $1 and not exists (select 1 from waiver_signatures where user_id = $1 and signed_at > $3)`,
    [uid, signing.signature, signedAt.toISOString()],
  );
  const id = randomId('wvr');
  await tx.query(
    `insert into waiver_signatures (id, user_id, version, sha256, signature, signer_name, signed_at, covers_until, ip_address, user_agent, in_person_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      uid,
      edition.version,
      edition.sha256,
      signing.signature,
      user.display_name,
      signedAt.toISOString(),
      waiverCoversUntil(signedAt).toISOString(),
      signing.request.ipAddress,
      signing.request.userAgent.slice(0, USER_AGENT_MAX_CHARS),
      signing.inPersonBy ?? null,
    ],
  );
  return id;
}

interface StatusRow {
  id: string;
  version: string;
  sha256: string;
  signed_at: string | Date;
  covers_until: string | Date;
}

/** Joins the latest signature of the user `u` as `w` (no row when the user never signed). */
export const LATEST_WAIVER_JOIN = `left join lateral (select * from waiver_signatures x where x.user_id = u.uid order by x.signed_at desc, x.id desc limit 1) w on true`;

/** Columns of a waiver_signatures row `w` that make a WaiverStatus. */
export const WAIVER_STATUS_COLUMNS = 'w.id, w.version, w.sha256, w.signed_at, w.covers_until';

export function waiverStatus(row: StatusRow, currentVersion: string, at: Date | number = clockNow().getTime()): WaiverStatus {
  const coversUntil = iso(row.covers_until);
  return {
    id: row.id,
    version: row.version,
    sha256: row.sha256,
    signedAt: iso(row.signed_at),
    coversUntil,
    current: waiverIsCurrent({ version: row.version, coversUntil }, currentVersion, at),
  };
}

/** Every signature of the user, newest first. */
export async function listSignatures(db: Queryable, uid: string, currentVersion: string): Promise<WaiverStatus[]> {
  const rows = await db.query<StatusRow & Record<string, unknown>>(
    `select ${WAIVER_STATUS_COLUMNS} from waiver_signatures w where w.user_id = $1 order by w.signed_at desc, w.id desc`,
    [uid],
  );
  return rows.map((row) => waiverStatus(row, currentVersion));
}

/** A signed copy: the exact text of the version signed, the signature, the name, the time and the fingerprint. */
export type SignedCopy = SignedWaiverCopy;

/** One of the user's own signatures with the text it binds, or null (someone else's id reads as not found). */
export async function signedCopy(db: Queryable, uid: string, id: string, currentVersion: string): Promise<SignedCopy | null> {
  const [row] = await db.query<
    StatusRow & {
      signer_name: string | null;
      signature: string;
      text: string;
      document: WaiverDocument | string;
      in_person_by: string | null;
      received_at: string | Date;
    } & Record<string, unknown>
  >(
    `select ${WAIVER_STATUS_COLUMNS}, w.signer_name, w.signature, t.text, t.document, w.in_person_by, w.received_at
       from waiver_signatures w join waiver_texts t on t.version = w.version
      where w.user_id = $1 and w.id = $2`,
    [uid, id],
  );
  if (!row) return null;
  return {
    ...waiverStatus(row, currentVersion),
    signerName: row.signer_name,
    signature: row.signature,
    text: row.text,
    document: typeof row.document === 'string' ? (JSON.parse(row.document) as WaiverDocument) : row.document,
    inPerson: row.in_person_by ? { by: row.in_person_by, receivedAt: iso(row.received_at) } : null,
  };
}

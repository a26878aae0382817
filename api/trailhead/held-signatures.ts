/**
 * Waivers signed at the trailhead for a seat that was gone when the phone's record reached us (the
 * booking cancelled or moved, the signer no longer in the party): kept with the event, with the image
 * and the version of the text (trip-events.ts), shown to the office, and made the signer's waiver
 * signature only once an operator has looked and says so, recorded like every operator action.
 * Accepting twice, or from two instances at once, records one signature.
 */
import type { Db, Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { insertSignature, type SigningRequest } from '../users/waivers.ts';
import type { WaiverEdition } from '../users/waiver-edition.ts';
import { recordAction } from '../record/operator-actions.ts';
import type { OpsHeldSignature } from '../../shared/contract/ops-answers.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { WaiverDocument } from '../../shared/rules/waiver-record.ts';

/** Added to the flag of a waiver signed for a seat that is gone. */
export const SIGNATURE_HELD = 'The signature is kept with the trip, not as their waiver, until the office looks at it.';
/** What the flag says instead once the office has made it the signer's waiver signature. */
export const SIGNATURE_ACCEPTED = 'The office made it their waiver signature.';
export const NO_HELD_SIGNATURE = 'No signature is waiting for the office on that record.';
export const TEXT_NOT_KEPT = 'The waiver text it was signed on is no longer kept, so it cannot become their waiver signature.';

/** What is kept with the event: the image, the version of the text, and where the phone sent it from. */
export interface HeldSignatureRecord extends Partial<SigningRequest> {
  signature: string;
  version: string;
}

interface HeldRow {
  id: string;
  booking_id: string;
  user_id: string;
  device_at: Date | string;
  received_at: Date | string;
  by_name: string;
  flag: string | null;
  held_signature: HeldSignatureRecord | string;
  waiver_signature_id: string | null;
  display_name: string | null;
  email: string | null;
}

const heldOf = (row: HeldRow): HeldSignatureRecord =>
  typeof row.held_signature === 'string' ? (JSON.parse(row.held_signature) as HeldSignatureRecord) : row.held_signature;

/** The date's signatures waiting for the office, in the order they were signed. */
export async function heldSignaturesOf(db: Queryable, dateId: string): Promise<OpsHeldSignature[]> {
  const rows = await db.query<HeldRow & Record<string, unknown>>(
    `select e.id, e.booking_id, e.user_id, e.device_at, e.received_at, e.by_name, e.flag, e.held_signature, e.waiver_signature_id,
            u.display_name, u.email
       from trip_events e join users u on u.uid = e.user_id
      where e.date_id = $1 and e.held_signature is not null and e.waiver_signature_id is null
      order by e.device_at, e.id`,
    [dateId],
  );
  return rows.map((row) => {
    const held = heldOf(row);
    return {
      eventId: row.id,
      bookingId: row.booking_id,
      uid: row.user_id,
      member: memberName(row.display_name, row.email),
      at: iso(row.device_at),
      by: row.by_name,
      why: (row.flag ?? '').replace(SIGNATURE_HELD, '').trim(),
      signature: held.signature,
      version: held.version,
    };
  });
}

/** The text a held signature was signed on: the one in force, or one stored when it was signed before. */
async function editionOf(tx: Queryable, version: string, current: WaiverEdition): Promise<WaiverEdition> {
  if (version === current.version) return current;
  const [stored] = await tx.query<{ sha256: string; text: string; document: WaiverDocument | string }>(
    `select sha256, text, document from waiver_texts where version = $1`,
    [version],
  );
  if (!stored) throw new DomainError('conflict', TEXT_NOT_KEPT);
  const document = typeof stored.document === 'string' ? (JSON.parse(stored.document) as WaiverDocument) : stored.document;
  return { version, sha256: stored.sha256, text: stored.text, document };
}

/** Makes a held signature the signer's waiver signature, for the reason the operator gives. */
export async function acceptHeldSignature(
  db: Db,
  operator: Caller,
  request: { dateId: string; eventId: string; reason: string },
  current: WaiverEdition,
): Promise<{ signatureId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<HeldRow & Record<string, unknown>>(
      `select e.id, e.booking_id, e.user_id, e.device_at, e.received_at, e.by_name, e.flag, e.held_signature, e.waiver_signature_id,
              u.display_name, u.email
         from trip_events e join users u on u.uid = e.user_id
        where e.id = $1 and e.date_id = $2 and e.held_signature is not null
          for update of e`,
      [request.eventId, request.dateId],
    );
    if (!row) throw new DomainError('not-found', NO_HELD_SIGNATURE);
    if (row.waiver_signature_id) return { signatureId: row.waiver_signature_id };
    const held = heldOf(row);
    const edition = await editionOf(tx, held.version, current);
    // Signed when the phone said, never later than the moment its record reached us.
    const signedAt = new Date(Math.min(Date.parse(iso(row.device_at)), Date.parse(iso(row.received_at))));
    const signatureId = await insertSignature(tx, {
      uid: row.user_id,
      signature: held.signature,
      edition,
      request: { ipAddress: held.ipAddress ?? '', userAgent: held.userAgent ?? '' },
      signedAt,
      inPersonBy: row.by_name,
    });
    if (!signatureId) throw new DomainError('not-found', NO_HELD_SIGNATURE);
    await tx.query(`update trip_events set waiver_signature_id = $2, flag = replace(flag, $3, $4) where id = $1`, [
      row.id,
      signatureId,
      SIGNATURE_HELD,
      SIGNATURE_ACCEPTED,
    ]);
    await recordAction(tx, operator, {
      action: 'accept trailhead signature',
      subject: `booking ${row.booking_id}`,
      bookingId: row.booking_id,
      dateId: request.dateId,
      reason: request.reason,
      before: { signer: memberName(row.display_name, row.email), signedBy: row.by_name },
      after: { waiverVersion: edition.version },
    });
    return { signatureId };
  });
}

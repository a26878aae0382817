/** Whether a customer has what a booking needs: a complete profile, the safety survey and the current waiver. */
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Survey } from '../../shared/contract/requests.ts';
import { missingSteps, notReadyMessage, type MissingStep } from '../../shared/rules/readiness.ts';
import { LATEST_WAIVER_JOIN, WAIVER_STATUS_COLUMNS, waiverStatus } from './waivers.ts';

/** What readiness is judged on, as READINESS_COLUMNS select it. */
export interface ReadinessRow {
  display_name: string | null;
  email: string | null;
  phone_number: string | null;
  survey: Survey | null;
  signature: string | null;
  agreed: boolean | null;
  id: string | null;
  version: string;
  sha256: string;
  signed_at: string;
  covers_until: string;
}

/** The columns of a user `u` that readiness is judged on; the FROM clause needs READINESS_JOIN after `users u`. */
export const READINESS_COLUMNS = `u.display_name, u.email, u.phone_number, u.survey, u.signature, u.agreed, ${WAIVER_STATUS_COLUMNS}`;
export const READINESS_JOIN = LATEST_WAIVER_JOIN;

/**
 * The steps the customer has still to complete, judged by the rules the checkout forms use, from a
 * row of READINESS_COLUMNS (all three when there is no such customer).
 */
export function missingFrom(row: ReadinessRow | undefined, waiverVersion: string): MissingStep[] {
  if (!row) return missingSteps(null);
  return missingSteps({
    displayName: row.display_name,
    email: row.email,
    phoneNumber: row.phone_number,
    survey: row.survey,
    signature: row.signature,
    agreed: row.agreed === true,
    waiver: row.id ? waiverStatus({ ...row, id: row.id }, waiverVersion) : null,
  });
}

/**
 * Refuses (403, in the words a checkout hold uses) a customer who has not completed what a booking
 * needs: seats are held, and waited for, only by someone who could ride.
 */
export async function requireReady(db: Queryable, uid: string, waiverVersion: string): Promise<void> {
  const [row] = await db.query<ReadinessRow & Record<string, unknown>>(
    `select ${READINESS_COLUMNS} from users u ${READINESS_JOIN} where u.uid = $1`,
    [uid],
  );
  const notReady = notReadyMessage(missingFrom(row, waiverVersion));
  if (notReady) throw new DomainError('forbidden', notReady);
}

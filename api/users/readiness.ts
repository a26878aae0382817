/** Whether a customer has what a booking needs: a complete profile, the safety survey and the current waiver. */
import type { Queryable } from '../db/client.ts';
import type { Survey } from '../../src/lib/schemas.ts';
import { missingSteps, type MissingStep } from '../../src/lib/readiness.ts';
import { LATEST_WAIVER_JOIN, WAIVER_STATUS_COLUMNS, waiverStatus } from './waivers.ts';

interface ReadinessRow {
  display_name: string | null;
  email: string | null;
  phone_number: string | null;
  survey: Survey | null;
  signature: string | null;
  agreed: boolean;
  id: string | null;
  version: string;
  sha256: string;
  signed_at: string;
  covers_until: string;
}

const READINESS_SQL = `select u.display_name, u.email, u.phone_number, u.survey, u.signature, u.agreed, ${WAIVER_STATUS_COLUMNS}
    from users u
    ${LATEST_WAIVER_JOIN}
   where u.uid = $1`;

/** The steps the customer has still to complete, judged by the rules the checkout forms use (all three for an unknown customer). */
export async function missingBeforeBooking(db: Queryable, uid: string, waiverVersion: string): Promise<MissingStep[]> {
  const [row] = await db.query<ReadinessRow & Record<string, unknown>>(READINESS_SQL, [uid]);
  if (!row) return missingSteps(null);
  return missingSteps({
    displayName: row.display_name,
    email: row.email,
    phoneNumber: row.phone_number,
    survey: row.survey,
    signature: row.signature,
    agreed: row.agreed,
    waiver: row.id ? waiverStatus({ ...row, id: row.id }, waiverVersion) : null,
  });
}

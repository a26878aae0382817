/** Whether a customer has what a booking needs: a complete profile, the safety survey and the current waiver. */
import type { Survey } from '../../shared/contract/requests.ts';
import { missingSteps, type MissingStep } from '../../shared/rules/readiness.ts';
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

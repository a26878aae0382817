/**
 * A guide's trip sheets, with their members' medical notes, stay on the phone only while the account
 * still holds the guide role. The first page a tab opens online asks the API (which asks the identity
 * service), and a refusal of the role removes the account's sheets; what it recorded and never sent
 * stays, apart, as the company's record. Only a phone holding sheets asks, since asking loads the
 * sign-in code.
 */
import { ApiError } from '../../../lib/api/http.ts';
import { onKeptDevice } from '../../../lib/device-data.ts';
import { forgetSheets } from './trip-store.ts';

/** Marks a tab that has asked already (sessionStorage: one question a visit, not one a page). */
export const ROLE_ASKED_KEY = 'trailhead:role-asked';

async function holdsSheets(uid: string): Promise<boolean> {
  const sheets = await onKeptDevice((db) => db.getAll('tripSheets'), []);
  return sheets.some((saved) => saved.ownerUid === uid);
}

/** Asks whether `uid`, who saved sheets here, is still a guide; removes their sheets when not. */
export async function checkGuideRole(uid: string): Promise<void> {
  if (!navigator.onLine || sessionStorage.getItem(ROLE_ASKED_KEY) === uid || !(await holdsSheets(uid))) return;
  const { api } = await import('../../../stores/api.ts');
  try {
    await api.guideDates();
    sessionStorage.setItem(ROLE_ASKED_KEY, uid);
  } catch (error) {
    // Any other failure (no network after all, signed out meanwhile) is asked again on the next page.
    if (error instanceof ApiError && error.status === 403) {
      await forgetSheets(uid);
      sessionStorage.setItem(ROLE_ASKED_KEY, uid);
    }
  }
}

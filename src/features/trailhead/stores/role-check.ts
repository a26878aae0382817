/**
 * Trip sheets, with their members' medical notes, stay on the phone only while the account still may
 * open them: a guide, or an operator. The first page a tab opens online asks the API (which asks the
 * identity service) for one of the account's saved sheets, by the very route and role check that gave
 * it, and a refusal removes the account's sheets; what it recorded and never sent stays, apart, as the
 * company's record. Only a phone holding sheets asks, since asking loads the sign-in code.
 */
import { ApiError } from '../../../lib/api/http.ts';
import { onKeptDevice } from '../../../lib/device-data.ts';
import { forgetSheets } from './trip-store.ts';

/** Marks a tab that has asked already (sessionStorage: one question a visit, not one a page). */
export const ROLE_ASKED_KEY = 'trailhead:role-asked';

async function aSheetOf(uid: string): Promise<string | null> {
  const sheets = await onKeptDevice((db) => db.getAll('tripSheets'), []);
  return sheets.find((saved) => saved.ownerUid === uid)?.dateId ?? null;
}

/** Asks whether `uid`, who saved sheets here, may still open them; removes their sheets when not. */
export async function checkGuideRole(uid: string): Promise<void> {
  if (!navigator.onLine || sessionStorage.getItem(ROLE_ASKED_KEY) === uid) return;
  const dateId = await aSheetOf(uid);
  if (!dateId) return;
  const { api } = await import('../../../stores/api.ts');
  try {
    await api.tripSheet({ params: { dateId } });
    sessionStorage.setItem(ROLE_ASKED_KEY, uid);
  } catch (error) {
    // Any other failure (no network after all, signed out meanwhile, a date since removed) is asked again on the next page.
    if (error instanceof ApiError && error.status === 403) {
      await forgetSheets(uid);
      sessionStorage.setItem(ROLE_ASKED_KEY, uid);
    }
  }
}

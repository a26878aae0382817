/**
 * The signed-in customer's own records: the profile, the safety survey and
 * the waiver. Each action checks its input with the same schema the booking API uses, sends it as
 * the signed-in user, keeps the database user the API answers with, and returns it.
 *
 *   - `saveProfile`: PUT /authUsers/authUser/{uid} `{ userData: { displayName, email, phoneNumber } }`,
 *     the phone joined as the country code and its digits (+14355550148); a new e-mail first has
 *     the identity service mail its confirmation link.
 *   - `saveSurvey`: PUT /users/user/{uid} `{ survey }`.
 *   - `signWaiver`: PUT /users/user/{uid} `{ signature, agreed: true }`, with the shown text's fingerprint.
 *
 * Without a signed-in user each fails with 'No authenticated user found'; an error answer fails with
 * an `ApiError` whose message is the answer's `error` text.
 */
import * as v from 'valibot';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { ApiError, NO_USER_MESSAGE } from '../../../lib/api/http.ts';
import {
  firstIssue,
  profileFormSchema,
  surveySchema,
  userDataSchema,
  waiverSchema,
  type ProfileForm,
  type Survey,
  type UserData,
} from '../../../../shared/contract/requests.ts';
import { api } from '../../../stores/api.ts';
import { WAIVER_TEXT_HEADER } from '../../../../shared/rules/waiver-record.ts';
import { $authUser, $dbUser, startAuth, storeDbUser } from '../../../stores/auth.ts';

/** Input refused before it reached the API, by the shared schemas or the identity service, with the message to show. */
export class InvalidInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidInput';
  }
}

/** The text to show for a failed save: the `error` of the API's answer (or of the same check made here), else null. */
export function failureText(error: unknown): string | null {
  if (error instanceof InvalidInput) return error.message;
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim()) return body.error;
  }
  return null;
}

function checked<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new InvalidInput(firstIssue(result.issues));
  return result.output;
}

/** The signed-in user's uid, once Firebase has said who that is. */
async function signedInUid(): Promise<string> {
  await startAuth();
  const user = $authUser.get();
  if (!user) throw new Error(NO_USER_MESSAGE);
  return user.uid;
}

/** One save as the signed-in user; the database user it answers with replaces the stored one. */
async function save(send: (uid: string) => Promise<DatabaseUser>, uid?: string): Promise<DatabaseUser> {
  const own = uid ?? (await signedInUid());
  const answer = await send(own);
  if (answer.uid !== own) throw new Error('The booking service did not answer with your account');
  storeDbUser(answer);
  return answer;
}

/** The identity-service profile a form stands for: its phone is the country code followed by the digits. */
export function userDataFromForm(form: ProfileForm): UserData {
  const { displayName, email, countryCode, phoneNumber } = checked(profileFormSchema, form);
  return checked(userDataSchema, { displayName, email, phoneNumber: `${countryCode}${phoneNumber}` });
}

/**
 * Saves the name, e-mail and phone number. A new e-mail is not the
 * sign-in e-mail until its owner follows the link the identity service mails there: it is asked
 * for first, and the saved profile then names it as pending (`pendingEmail`).
 */
export async function saveProfile(form: ProfileForm): Promise<DatabaseUser> {
  const userData = userDataFromForm(form);
  const uid = await signedInUid();
  const signInEmail = $authUser.get()?.email ?? null;
  const pending = $dbUser.get()?.uid === uid ? $dbUser.get()?.pendingEmail : null;
  if (!sameEmail(userData.email, signInEmail) && !sameEmail(userData.email, pending)) {
    try {
      // The sign-in actions load only for the rare save that changes the sign-in e-mail.
      const { requestEmailChange } = await import('../../../stores/auth-actions.ts');
      await requestEmailChange(userData.email);
    } catch (error) {
      throw new InvalidInput(error instanceof Error ? error.message : String(error));
    }
  }
  return save((id) => api.saveProfile({ params: { uid: id }, body: { userData } }), uid);
}

const sameEmail = (a: string, b: string | null | undefined) => b !== null && b !== undefined && a.toLowerCase() === b.toLowerCase();

/** Saves the safety survey. */
export async function saveSurvey(survey: Survey): Promise<DatabaseUser> {
  const checkedSurvey = checked(surveySchema, survey);
  return save((uid) => api.saveSurveyOrSignWaiver({ params: { uid }, body: { survey: checkedSurvey } }));
}

/**
 * Signs the waiver with a PNG data URL of the signature pad, naming the
 * text the page showed by its SHA-256: the API refuses (409) when another text is now in force.
 */
export async function signWaiver(signature: string, shownTextSha256: string): Promise<DatabaseUser> {
  const waiver = checked(waiverSchema, { signature, agreed: true });
  return save((uid) => api.saveSurveyOrSignWaiver({ params: { uid }, body: waiver, headers: { [WAIVER_TEXT_HEADER]: shownTextSha256 } }));
}

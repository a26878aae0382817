/** Whether a customer's profile, safety survey and waiver are complete, by the same rules the forms check. */
import * as v from 'valibot';
import type { DatabaseUser } from '../contract/answers.ts';
import { profileFormSchema, splitPhoneNumber, surveySchema, waiverSchema } from '../contract/requests.ts';

type Account = Pick<DatabaseUser, 'displayName' | 'email' | 'phoneNumber' | 'survey' | 'signature' | 'agreed' | 'waiver'>;

export function profileComplete(user: Account | null): boolean {
  if (!user) return false;
  const phone = splitPhoneNumber(user.phoneNumber);
  return v.is(profileFormSchema, {
    displayName: user.displayName ?? '',
    email: user.email ?? '',
    countryCode: phone.countryCode,
    phoneNumber: phone.digits,
  });
}

export function surveyComplete(user: Pick<Account, 'survey'> | null): boolean {
  return Boolean(user?.survey && v.is(surveySchema, user.survey));
}

/** Signed, and the latest signature is of the current text and its season still runs (the API judges this). */
export function waiverSigned(user: Account | null): boolean {
  return Boolean(user?.waiver?.current && v.is(waiverSchema, { signature: user.signature, agreed: user.agreed }));
}

/** Signed once, but for an older text or a season that has ended: the customer is asked to sign again. */
export function waiverOutdated(user: Account | null): boolean {
  return Boolean(user?.waiver && !user.waiver.current);
}

/** What a customer still has to do before seats can be held for them, in the order checkout asks for it. */
export type MissingStep = 'profile' | 'survey' | 'waiver';

export function missingSteps(user: Account | null): MissingStep[] {
  const missing: MissingStep[] = [];
  if (!profileComplete(user)) missing.push('profile');
  if (!surveyComplete(user)) missing.push('survey');
  if (!waiverSigned(user)) missing.push('waiver');
  return missing;
}

const STEP_WORDS: Record<MissingStep, string> = {
  profile: 'complete your profile (name, e-mail and phone)',
  survey: 'fill in the safety survey',
  waiver: 'sign the current waiver',
};

/**
 * Why seats cannot be held for the customer yet, naming each missing step, or null when nothing is
 * missing: "Before booking, please fill in the safety survey and sign the current waiver."
 */
export function notReadyMessage(missing: readonly MissingStep[]): string | null {
  if (missing.length === 0) return null;
  const words = missing.map((step) => STEP_WORDS[step]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `Before booking, please ${list}.`;
}

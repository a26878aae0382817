/** Whether a customer's profile, safety survey and waiver are complete, by the same rules the forms check. */
import * as v from 'valibot';
import type { DatabaseUser } from './api-types.ts';
import { profileFormSchema, splitPhoneNumber, surveySchema, waiverSchema } from './schemas.ts';

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

/**
 * The customer's own account as the API answers it: created from the identity service's record,
 * updated with a survey or a waiver signature, renamed with the profile form, and read back whole.
 */
import type * as v from 'valibot';
import type { authUserSchema, surveyUpdateSchema, UserData, waiverSchema } from '../../shared/contract/requests.ts';
import { WAIVER_TEXT_CHANGED } from '../../shared/rules/waiver-record.ts';
import type { DatabaseUser } from '../../shared/contract/answers.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller, Identity } from '../identity.ts';
import { enforce, type Limit } from '../limits/rate-limit.ts';
import { ensureUser, readUser, saveProfile, saveSurvey } from './store.ts';
import type { WaiverEdition } from './waiver-edition.ts';
import { recordSignature, type SigningRequest } from './waivers.ts';

export type AuthUserRecord = v.InferOutput<typeof authUserSchema>;
export type AccountUpdate = v.InferOutput<typeof surveyUpdateSchema> | v.InferOutput<typeof waiverSchema>;

/** The database user, or 404 when there is none. */
export async function accountOf(db: Db, uid: string, waiverVersion: string): Promise<DatabaseUser> {
  const user = await readUser(db, uid, waiverVersion);
  if (!user) throw new DomainError('not-found', 'User not found');
  return user;
}

/** Creates the caller's database user on first sight from their identity record, which must name them (400 otherwise). */
export async function registerAccount(db: Db, caller: Caller, record: AuthUserRecord, waiverVersion: string): Promise<DatabaseUser> {
  if (record.uid !== caller.uid) throw new DomainError('invalid', 'The user in the body does not match the path');
  await ensureUser(db, caller, record);
  return accountOf(db, caller.uid, waiverVersion);
}

export interface Signing {
  /** The waiver in force: what a signature is recorded against. */
  waiver: WaiverEdition;
  /** The fingerprint of the text the page showed, when it says. */
  shownText: string | undefined;
  /** How often a customer may sign: each signing keeps a record with its image. */
  limit: Limit;
  request: SigningRequest;
}

/**
 * Saves a survey, or records a waiver signature. A signature sent from a page that showed a text no
 * longer in force is refused (409), and signing too often is refused (429).
 */
export async function updateAccount(db: Db, uid: string, update: AccountUpdate, signing: Signing): Promise<DatabaseUser> {
  const { waiver, shownText } = signing;
  if ('signature' in update && shownText !== undefined && shownText.trim().toLowerCase() !== waiver.sha256) {
    throw new DomainError('conflict', WAIVER_TEXT_CHANGED);
  }
  if ('signature' in update) await enforce(db, [`waiver:uid:${uid}`], signing.limit, 'Too many waiver signatures.');
  const saved =
    'survey' in update
      ? await saveSurvey(db, uid, update.survey)
      : await recordSignature(db, uid, update.signature, waiver, signing.request);
  if (!saved) throw new DomainError('not-found', 'User not found');
  return accountOf(db, uid, waiver.version);
}

/** Saves the profile form, its name also at the identity service. */
export async function updateProfile(
  db: Db,
  identity: Identity,
  caller: Caller,
  userData: UserData,
  waiverVersion: string,
): Promise<DatabaseUser> {
  await identity.updateDisplayName(caller.uid, userData.displayName);
  await saveProfile(db, caller, userData);
  return accountOf(db, caller.uid, waiverVersion);
}

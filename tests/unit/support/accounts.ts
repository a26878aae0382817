/** Stand-ins for the signed-in user: a Firebase user with a token, and the database user the API keeps. */
import type { User } from 'firebase/auth';
import type { DatabaseUser } from '../../../shared/contract/answers.ts';
import { newAuthUser } from '../../support/auth-user.ts';

export interface FakeUserOptions {
  /** How long the ID token has left; an hour unless told. */
  expiresInMs?: number;
  /** The ID token's custom claims. */
  claims?: Record<string, unknown>;
  /** What `getIdToken` does; it answers `token-of-{uid}` unless told. */
  getIdToken?: (force?: boolean) => Promise<string>;
}

/** A Firebase user whose ID token is `token-of-{uid}` for another hour (or as `options` say). */
export function fakeUser(uid: string, options: FakeUserOptions = {}): User {
  const { expiresInMs = 3_600_000, claims = {}, getIdToken = async () => `token-of-${uid}` } = options;
  return {
    ...newAuthUser(uid, `${uid}@example.com`),
    getIdTokenResult: async () => ({ token: `token-of-${uid}`, expirationTime: new Date(Date.now() + expiresInMs).toUTCString(), claims }),
    getIdToken,
  } as unknown as User;
}

/** A database user with nothing filled in yet, plus `changes`. */
export function databaseUser(uid: string, changes: Partial<DatabaseUser> = {}): DatabaseUser {
  return {
    uid,
    email: `${uid}@example.com`,
    displayName: null,
    phoneNumber: null,
    photoURL: null,
    survey: null,
    signature: null,
    agreed: false,
    waiver: null,
    bookings: [],
    calledOff: [],
    pendingEmail: null,
    ...changes,
  };
}

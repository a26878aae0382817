/** Stand-ins for the signed-in user: a Firebase user with a token, and the database user the API keeps. */
import type { User } from 'firebase/auth';
import type { DatabaseUser } from '../../../src/lib/api/types.ts';

/** A Firebase user whose ID token is `token-of-{uid}` for another hour. */
export function fakeUser(uid: string): User {
  return {
    uid,
    email: `${uid}@example.com`,
    emailVerified: false,
    displayName: null,
    photoURL: null,
    phoneNumber: null,
    isAnonymous: false,
    providerData: [],
    tenantId: null,
    getIdTokenResult: async () => ({
      token: `token-of-${uid}`,
      expirationTime: new Date(Date.now() + 3_600_000).toUTCString(),
      claims: {},
    }),
    getIdToken: async () => `token-of-${uid}`,
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
    pendingEmail: null,
    ...changes,
  };
}

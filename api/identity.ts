/** The hosted identity service (Firebase Auth) as the API uses it: verify ID tokens, update a user. */
import { initializeApp, getApps, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { HttpError } from './http.ts';
import type { UserData } from '../src/lib/schemas.ts';

export interface Caller {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export interface Identity {
  verifyIdToken(token: string): Promise<Caller>;
  updateUser(uid: string, data: UserData): Promise<void>;
}

const updateErrors: Record<string, [409 | 400 | 404, string]> = {
  'auth/email-already-exists': [409, 'The email address is already in use.'],
  'auth/invalid-email': [400, 'The email address is not valid.'],
  'auth/phone-number-already-exists': [409, 'This phone number is already in use by another account.'],
  'auth/invalid-phone-number': [400, 'Phone number must be between 10 to 14 digits'],
  'auth/invalid-display-name': [400, 'Name is required'],
  'auth/user-not-found': [404, 'User not found'],
};

export function firebaseIdentity(projectId: string): Identity {
  const app: App = getApps().find((existing) => existing.name === projectId) ?? initializeApp({ projectId }, projectId);
  const auth = getAuth(app);
  return {
    async verifyIdToken(token) {
      const decoded = await auth.verifyIdToken(token);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        name: typeof decoded['name'] === 'string' ? decoded['name'] : null,
        picture: decoded.picture ?? null,
      };
    },
    async updateUser(uid, data) {
      try {
        await auth.updateUser(uid, { displayName: data.displayName, email: data.email, phoneNumber: data.phoneNumber });
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const known = updateErrors[code];
        if (known) throw new HttpError(known[0], known[1]);
        throw error;
      }
    },
  };
}

/**
 * Remembers verified tokens until shortly before they expire, so a burst of calls from one
 * customer verifies the token once. Each API instance keeps its own; nothing depends on it.
 */
export function cachedIdentity(identity: Identity, maxEntries = 10_000, now: () => number = Date.now): Identity {
  // Promises, so that concurrent calls with one new token share a single verification.
  const verified = new Map<string, { caller: Promise<Caller>; until: number }>();
  return {
    ...identity,
    verifyIdToken(token) {
      const hit = verified.get(token);
      if (hit && hit.until > now()) return hit.caller;
      const caller = identity.verifyIdToken(token);
      if (verified.size >= maxEntries) verified.clear();
      verified.set(token, { caller, until: Math.min(tokenExpiry(token) - 30_000, now() + 5 * 60_000) });
      caller.catch(() => verified.delete(token));
      return caller;
    },
  };
}

/** The `exp` of a JWT in milliseconds (already verified by the caller), or 0 when unreadable. */
function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

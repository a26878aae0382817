/** The hosted identity service (Firebase Auth) as the API uses it: verify ID tokens, update a user. */
import { initializeApp, getApps, type App } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { authEmulator, emulatorRuleViolation } from './env.ts';
import { HttpError } from './http.ts';
import { STAFF_ROLES, type StaffRole } from '../shared/contract/ops-requests.ts';

export interface Caller {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  /** True when the token says the account proved its e-mail address (a link sent to it was followed, or a trusted provider vouched). */
  emailVerified?: boolean;
  /** When the session behind the token began (the sign-in, in ms): a refreshed token keeps its session's time. */
  signedInAt?: number;
  /**
   * The staff roles the account holds now, as the identity service answered when it was asked about
   * revocation on this call (absent when it was not asked): a role guard needs no second call.
   */
  staffRoles?: readonly StaffRole[];
}

export interface VerifyOptions {
  /**
   * Also ask the identity service whether the user signed out everywhere (tokens revoked) or was
   * disabled since the token was issued. Costs a call to the service, which answers the account's
   * staff roles as well (`Caller.staffRoles`); used for writes that change who the customer is or
   * what they signed, and for staff.
   */
  checkRevoked?: boolean;
}

/** Why a token was turned away, so the caller can be told what to do. */
export type RejectionReason = 'invalid' | 'revoked' | 'disabled';

export class TokenRejected extends Error {
  readonly reason: RejectionReason;
  constructor(reason: RejectionReason, options?: ErrorOptions) {
    super(`ID token rejected: ${reason}`, options);
    this.reason = reason;
  }
}

export interface Identity {
  /** The caller named by a valid ID token; rejects with TokenRejected otherwise. */
  verifyIdToken(token: string, options?: VerifyOptions): Promise<Caller>;
  /**
   * Sets the name the identity service shows. The sign-in e-mail changes only through the service's
   * own verify-before-update link, and the contact phone lives in the profile: it is no sign-in
   * identifier, and a family may share one number.
   */
  updateDisplayName(uid: string, displayName: string): Promise<void>;
  /**
   * Whether the user holds the guide role now, asked of the identity service itself rather than read
   * from a token: a role an operator revoked stops counting at once, not when the token expires.
   */
  isGuide(uid: string): Promise<boolean>;
  /** Whether the user holds the operator role now, asked as isGuide is: the console refuses a revoked operator at once. */
  isOperator(uid: string): Promise<boolean>;
  /** The state of each account asked about, by uid; an account that no longer exists is missing from the map. */
  accountStates(uids: readonly string[]): Promise<Map<string, AccountState>>;
  /**
   * The account that signs in with `email`, made (with `displayName`) when there is none: an operator
   * books for a customer who has never visited the site, who then signs in with that address.
   */
  customerAccount(email: string, displayName: string | null): Promise<CustomerAccount>;
  /** A link of the identity service's own where the owner of `email` chooses a password (and so can sign in). */
  passwordSetupLink(email: string): Promise<string>;
  /** Every account holding a staff role, with the roles it holds. */
  staffAccounts(): Promise<StaffAccount[]>;
  /** Gives the account the role or takes it away, keeping its other claims; false when it already held (or did not hold) it. */
  setStaffRole(uid: string, role: StaffRole, holds: boolean): Promise<boolean>;
}

export interface StaffAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  roles: StaffRole[];
}

export interface CustomerAccount {
  uid: string;
  email: string;
  displayName: string | null;
  /** True when this call made the account. */
  created: boolean;
  /** Whether the account has proved its e-mail address. */
  emailVerified: boolean;
  /** False for an account with no way to sign in yet (no password, no Google): one the office made. */
  signsIn: boolean;
}

export interface AccountState {
  disabled: boolean;
  /** When the account was last signed out everywhere (ms): tokens and holds from before then no longer count. */
  validSince: number | null;
  /** The sign-in e-mail: where messages to the customer go. */
  email?: string | null;
  /** False for an account with no way to sign in yet (no password, no Google): one the office made for a customer. */
  signsIn?: boolean;
  /** Whether the account has proved its e-mail address. */
  emailVerified?: boolean;
}

/** The identity service answers about this many accounts per call. */
const ACCOUNTS_PER_LOOKUP = 100;

const updateErrors: Record<string, [400 | 404, string]> = {
  'auth/invalid-display-name': [400, 'Name is required'],
  'auth/user-not-found': [404, 'User not found'],
};

const rejectionReasons: Record<string, RejectionReason> = {
  'auth/id-token-revoked': 'revoked',
  'auth/user-disabled': 'disabled',
};

/**
 * Firebase Auth for one project. firebase-admin trusts unsigned tokens whenever the process has
 * FIREBASE_AUTH_EMULATOR_HOST set, so this refuses to be built when that is set for a project that
 * is not a `demo-` project.
 */
export function firebaseIdentity(projectId: string): Identity {
  const violation = emulatorRuleViolation(projectId, authEmulator.host());
  if (violation) throw new Error(violation);
  const app: App = getApps().find((existing) => existing.name === projectId) ?? initializeApp({ projectId }, projectId);
  const auth = getAuth(app);
  return {
    async verifyIdToken(token, options = {}) {
      try {
        const decoded = await auth.verifyIdToken(token);
        const caller: Caller = {
          uid: decoded.uid,
          email: decoded.email ?? null,
          name: typeof decoded['name'] === 'string' ? decoded['name'] : null,
          picture: decoded.picture ?? null,
          emailVerified: decoded.email_verified === true,
          signedInAt: decoded.auth_time * 1000,
        };
        if (options.checkRevoked !== true) return caller;
        // One call answers both whether the session still counts (as firebase-admin's own check reads it) and the roles.
        const user = await auth.getUser(decoded.uid);
        if (user.disabled) throw new TokenRejected('disabled');
        if (user.tokensValidAfterTime && decoded.auth_time * 1000 < Date.parse(user.tokensValidAfterTime))
          throw new TokenRejected('revoked');
        return { ...caller, staffRoles: STAFF_ROLES.filter((role) => hasRoleClaim(user.customClaims, role)) };
      } catch (error) {
        if (error instanceof TokenRejected) throw error;
        const code = (error as { code?: string }).code ?? '';
        throw new TokenRejected(rejectionReasons[code] ?? 'invalid', { cause: error });
      }
    },
    async updateDisplayName(uid, displayName) {
      try {
        await auth.updateUser(uid, { displayName });
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const known = updateErrors[code];
        if (known) throw new HttpError(known[0], known[1]);
        throw error;
      }
    },
    async accountStates(uids) {
      const states = new Map<string, AccountState>();
      for (let start = 0; start < uids.length; start += ACCOUNTS_PER_LOOKUP) {
        const { users } = await auth.getUsers(uids.slice(start, start + ACCOUNTS_PER_LOOKUP).map((uid) => ({ uid })));
        for (const user of users) {
          const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
          states.set(user.uid, {
            disabled: user.disabled,
            validSince: Number.isNaN(validSince) ? null : validSince,
            email: user.email ?? null,
            signsIn: user.providerData.length > 0,
            emailVerified: user.emailVerified,
          });
        }
      }
      return states;
    },
    async customerAccount(email, displayName) {
      const existing = await userByEmail(email);
      if (existing) return accountOf(existing, email, false);
      try {
        return accountOf(await auth.createUser({ email, ...(displayName ? { displayName } : {}) }), email, true);
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code === 'auth/invalid-email') throw new HttpError(400, 'Please enter a valid e-mail address.');
        // Made by another request meanwhile: that account is the customer's.
        const made = code === 'auth/email-already-exists' ? await userByEmail(email) : undefined;
        if (!made) throw error;
        return accountOf(made, email, false);
      }
    },
    passwordSetupLink: (email) => auth.generatePasswordResetLink(email),
    async staffAccounts() {
      const staff: StaffAccount[] = [];
      let pageToken: string | undefined;
      do {
        const page = await auth.listUsers(1000, pageToken);
        for (const user of page.users) {
          const roles = STAFF_ROLES.filter((role) => hasRoleClaim(user.customClaims, role));
          if (roles.length > 0) staff.push({ uid: user.uid, email: user.email ?? null, displayName: user.displayName ?? null, roles });
        }
        pageToken = page.pageToken;
      } while (pageToken);
      return staff;
    },
    async setStaffRole(uid, role, holds) {
      const { [role]: current, ...others } = (await auth.getUser(uid)).customClaims ?? {};
      if ((current === true) === holds) return false;
      await auth.setCustomUserClaims(uid, holds ? { ...others, [role]: true } : others);
      return true;
    },
    isGuide: async (uid) => hasRoleClaim(await claimsOf(uid), 'guide'),
    isOperator: async (uid) => hasRoleClaim(await claimsOf(uid), 'operator'),
  };

  function accountOf(user: UserRecord, email: string, created: boolean): CustomerAccount {
    return {
      uid: user.uid,
      email: user.email ?? email,
      displayName: user.displayName ?? null,
      created,
      emailVerified: user.emailVerified,
      signsIn: user.providerData.length > 0,
    };
  }

  async function userByEmail(email: string) {
    try {
      return await auth.getUserByEmail(email);
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return undefined;
      throw error;
    }
  }

  async function claimsOf(uid: string): Promise<Record<string, unknown> | undefined> {
    try {
      return (await auth.getUser(uid)).customClaims;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return undefined;
      throw error;
    }
  }
}

/** The staff roles, each a custom claim of that name: given from the console's staff page or by `npm run staff:grant`. */
export { STAFF_ROLES, type StaffRole };

export function hasRoleClaim(claims: Record<string, unknown> | undefined | null, role: StaffRole): boolean {
  return claims?.[role] === true;
}

export interface CacheOptions {
  /** Verified tokens kept; the least recently used goes first. */
  maxEntries?: number;
  /** Verifications in flight that concurrent calls with the same token may share. */
  maxPending?: number;
  now?: () => number;
}

/** A verified token is kept until 30 s before it expires, and never longer than this. */
const MAX_KEEP_MS = 5 * 60_000;
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Remembers verified tokens until shortly before they expire, so a burst of calls from one
 * customer verifies the token once. Only tokens that verified enter it, so a flood of junk tokens
 * cannot push good ones out; a full cache drops its least recently used token. Calls that check
 * for revocation always ask the identity service. Each API instance keeps its own; nothing depends on it.
 */
export function cachedIdentity(
  identity: Identity,
  { maxEntries = 10_000, maxPending = 1_000, now = Date.now }: CacheOptions = {},
): Identity {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const verified = new Map<string, { caller: Caller; until: number }>();
  const pending = new Map<string, Promise<Caller>>();

  const remember = (token: string, caller: Caller) => {
    const until = Math.min(tokenExpiry(token) - EXPIRY_MARGIN_MS, now() + MAX_KEEP_MS);
    if (until <= now()) return;
    verified.delete(token);
    verified.set(token, { caller, until });
    for (const oldest of verified.keys()) {
      if (verified.size <= maxEntries) break;
      verified.delete(oldest);
    }
  };

  return {
    verifyIdToken(token, options) {
      if (options?.checkRevoked) return identity.verifyIdToken(token, options);
      const hit = verified.get(token);
      if (hit) {
        verified.delete(token);
        if (hit.until > now()) {
          verified.set(token, hit);
          return Promise.resolve(hit.caller);
        }
      }
      const inFlight = pending.get(token);
      if (inFlight) return inFlight;
      const verification = identity.verifyIdToken(token).then((caller) => {
        remember(token, caller);
        return caller;
      });
      if (pending.size < maxPending) {
        pending.set(token, verification);
        const settled = () => pending.delete(token);
        verification.then(settled, settled);
      }
      return verification;
    },
    updateDisplayName: (uid, displayName) => identity.updateDisplayName(uid, displayName),
    // Never cached: a revoked role must stop counting on the next call.
    isGuide: (uid) => identity.isGuide(uid),
    isOperator: (uid) => identity.isOperator(uid),
    accountStates: (uids) => identity.accountStates(uids),
    customerAccount: (email, displayName) => identity.customerAccount(email, displayName),
    passwordSetupLink: (email) => identity.passwordSetupLink(email),
    staffAccounts: () => identity.staffAccounts(),
    setStaffRole: (uid, role, holds) => identity.setStaffRole(uid, role, holds),
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

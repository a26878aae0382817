/**
 * The guide role: a `guide` custom claim on the person's Firebase account, set or cleared by an
 * operator with `npm run guide:grant` / `npm run guide:revoke` (guide-role-cli.ts). Other claims the
 * account holds are kept. The roster routes ask Firebase for the claim on every call
 * (Identity.isGuide), so a revocation counts at once, without waiting for the guide's token to expire.
 */
import type { Auth } from 'firebase-admin/auth';
import { GUIDE_CLAIM } from '../identity.ts';

export class UnknownEmail extends Error {
  constructor(email: string) {
    super(`No account signs in with ${email}. The person must sign up on the site first.`);
  }
}

export interface RoleChange {
  uid: string;
  email: string;
  /** False when the account already was (or already was not) a guide: running a command twice is harmless. */
  changed: boolean;
}

export async function setGuideRole(auth: Auth, email: string, guide: boolean): Promise<RoleChange> {
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new UnknownEmail(email);
    throw error;
  }
  const { [GUIDE_CLAIM]: current, ...others } = user.customClaims ?? {};
  const wasGuide = current === true;
  if (wasGuide === guide) return { uid: user.uid, email, changed: false };
  await auth.setCustomUserClaims(user.uid, guide ? { ...others, [GUIDE_CLAIM]: true } : others);
  return { uid: user.uid, email, changed: true };
}

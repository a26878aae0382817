/**
 * Grants or revokes a staff role for the role commands (guide-role-cli.ts, staff-role-cli.ts) and
 * says what changed. For FIREBASE_PROJECT_ID, with credentials found the usual firebase-admin way;
 * against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set (a `demo-` project only), and,
 * outside production with no Firebase settings at all, against the local stack's emulator as
 * `npm run dev` runs it.
 */
import { getAuth } from 'firebase-admin/auth';
import { initializeApp } from 'firebase-admin/app';
import { authEmulator, processEnv } from '../env.ts';
import { identityTarget } from './identity-target.ts';
import { describeAccount, setStaffRole, UnknownEmail, UnverifiedEmail, type StaffRole } from './staff-role.ts';

const ROLE_NAMES: Record<StaffRole, string> = { guide: 'a guide', operator: 'an operator' };

export const looksLikeEmail = (value: string | undefined): value is string => Boolean(value && /^[^\s@]+@[^\s@]+$/.test(value));

/** Changes the role and prints the outcome; the exit code to end with (0 done, 1 refused or failed, 2 bad settings). */
export async function changeRole(action: 'grant' | 'revoke', email: string, role: StaffRole): Promise<number> {
  const target = identityTarget(processEnv());
  if ('problem' in target) {
    console.error(target.problem);
    return 2;
  }
  const { projectId, emulatorHost } = target;
  if (emulatorHost) authEmulator.use(emulatorHost);
  try {
    const auth = getAuth(initializeApp({ projectId }));
    const change = await setStaffRole(auth, email, role, action === 'grant');
    const who = `${email} (${describeAccount(change)})`;
    const where = `project ${projectId}${emulatorHost ? ` (Auth emulator at ${emulatorHost})` : ''}`;
    const name = ROLE_NAMES[role];
    if (action === 'grant') console.log(change.changed ? `${who} is now ${name} in ${where}.` : `${who} already is ${name} in ${where}.`);
    else console.log(change.changed ? `${who} is no longer ${name} in ${where}.` : `${who} was not ${name} in ${where}.`);
    return 0;
  } catch (error) {
    const known = error instanceof UnknownEmail || error instanceof UnverifiedEmail;
    console.error(known ? error.message : `Could not change the ${role} role: ${(error as Error).message}`);
    return 1;
  }
}

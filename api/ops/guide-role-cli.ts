/**
 * npm run guide:grant -- EMAIL     makes the account that signs in with EMAIL a guide
 * npm run guide:revoke -- EMAIL    takes the role away again; the roster refuses them at once
 * For FIREBASE_PROJECT_ID, with credentials found the usual firebase-admin way; against the Auth
 * emulator when FIREBASE_AUTH_EMULATOR_HOST is set (a `demo-` project only).
 */
import { getAuth } from 'firebase-admin/auth';
import { initializeApp } from 'firebase-admin/app';
import { emulatorRuleViolation } from '../env.ts';
import { setGuideRole, UnknownEmail } from './guide-role.ts';

const [action, email, ...rest] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error(
    `usage: npm run guide:grant -- EMAIL   or   npm run guide:revoke -- EMAIL${email ? ` (not an e-mail address: ${email})` : ''}`,
  );
  process.exit(2);
}

const projectId = process.env['FIREBASE_PROJECT_ID'] || 'demo-kamas';
const violation = emulatorRuleViolation(projectId, process.env['FIREBASE_AUTH_EMULATOR_HOST'] || undefined);
if (violation) {
  console.error(violation);
  process.exit(2);
}

try {
  const auth = getAuth(initializeApp({ projectId }));
  const { uid, changed } = await setGuideRole(auth, email, action === 'grant');
  const where = `project ${projectId}${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ? ' (Auth emulator)' : ''}`;
  if (action === 'grant')
    console.log(changed ? `${email} (${uid}) is now a guide in ${where}.` : `${email} (${uid}) already is a guide in ${where}.`);
  else console.log(changed ? `${email} (${uid}) is no longer a guide in ${where}.` : `${email} (${uid}) was not a guide in ${where}.`);
} catch (error) {
  console.error(error instanceof UnknownEmail ? error.message : `Could not change the guide role: ${(error as Error).message}`);
  process.exitCode = 1;
}

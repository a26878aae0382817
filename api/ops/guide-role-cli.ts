/**
 * npm run guide:grant -- EMAIL     makes the account that signs in with EMAIL a guide
 * npm run guide:revoke -- EMAIL    takes the role away again; the roster refuses them at once
 * For FIREBASE_PROJECT_ID, with credentials found the usual firebase-admin way; against the Auth
 * emulator when FIREBASE_AUTH_EMULATOR_HOST is set (a `demo-` project only), and, outside
 * production with no Firebase settings at all, against the local stack's emulator as `npm run dev` runs it.
 */
import { getAuth } from 'firebase-admin/auth';
import { initializeApp } from 'firebase-admin/app';
import { authEmulator, processEnv } from '../env.ts';
import { identityTarget } from './identity-target.ts';
import { describeAccount, setGuideRole, UnknownEmail, UnverifiedEmail } from './guide-role.ts';

const [action, email, ...rest] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error(
    `usage: npm run guide:grant -- EMAIL   or   npm run guide:revoke -- EMAIL${email ? ` (not an e-mail address: ${email})` : ''}`,
  );
  process.exit(2);
}

const target = identityTarget(processEnv());
if ('problem' in target) {
  console.error(target.problem);
  process.exit(2);
}
const { projectId, emulatorHost } = target;
if (emulatorHost) authEmulator.use(emulatorHost);

try {
  const auth = getAuth(initializeApp({ projectId }));
  const change = await setGuideRole(auth, email, action === 'grant');
  const who = `${email} (${describeAccount(change)})`;
  const where = `project ${projectId}${emulatorHost ? ` (Auth emulator at ${emulatorHost})` : ''}`;
  if (action === 'grant') console.log(change.changed ? `${who} is now a guide in ${where}.` : `${who} already is a guide in ${where}.`);
  else console.log(change.changed ? `${who} is no longer a guide in ${where}.` : `${who} was not a guide in ${where}.`);
} catch (error) {
  const known = error instanceof UnknownEmail || error instanceof UnverifiedEmail;
  console.error(known ? error.message : `Could not change the guide role: ${(error as Error).message}`);
  process.exitCode = 1;
}

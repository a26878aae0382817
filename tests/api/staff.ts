/** Staff for the API tests: the role command as an operator runs it, and a verified account holding a role. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { verifyEmail as verifyByLink } from '../support/emulator-links.ts';
import { newUser, PROJECT_ID, signInAgain, type TestUser } from './harness.ts';

const run = promisify(execFile);
export const EMULATOR = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '';

/** An operator's command (`node api/ops/<script> ...`), run as an operator runs it, against the test's Auth emulator. */
export async function operatorCommand(script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [`api/ops/${script}`, ...args], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, FIREBASE_PROJECT_ID: PROJECT_ID },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `npm run staff:grant|staff:revoke -- EMAIL ROLE`. */
export const staffRole = (...args: string[]) => operatorCommand('staff-role-cli.ts', ...args);

/** A new account with a proved address, granted `role` by the command, signed in again to carry it. */
export async function staffMember(role: 'operator' | 'guide'): Promise<TestUser> {
  const user = await newUser();
  await verifyByLink(EMULATOR, PROJECT_ID, user.token, user.email);
  expect((await staffRole('grant', user.email, role)).code).toBe(0);
  user.token = await signInAgain(user);
  return user;
}

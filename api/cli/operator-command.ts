/**
 * What every operator command that changes something shares: who acts, and why.
 *
 * A command has no signed-in operator, so it names one with `--by EMAIL`: the account that signs in
 * with that address must hold the operator role now and not be disabled, asked of Firebase as the
 * console asks on every call. The record then names that operator, as it names one acting in the
 * console. The one exception is a project's first operator, who may name themselves to be given the
 * role while no account holds it. Why (`--reason`, or `--note` when a flag is resolved) is checked by
 * the console's own rule: 1 to 500 characters, no control characters.
 *
 * Firebase is the one the role commands use: FIREBASE_PROJECT_ID with the credentials firebase-admin
 * finds, the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set (a `demo-` project only), and
 * outside production with neither set, the local stack's emulator (identity-target.ts).
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import * as v from 'valibot';
import { authEmulator, processEnv } from '../env.ts';
import type { Caller } from '../identity.ts';
import { reasonSchema } from '../../shared/contract/ops-requests.ts';
import { identityTarget } from './identity-target.ts';

export const looksLikeEmail = (value: string | undefined): value is string => Boolean(value && /^[^\s@]+@[^\s@]+$/.test(value));

/** Prints what was wrong (on a line of its own) and the command's usage line, and ends it (exit code 2). */
export type Refuse = (why?: string) => never;

/**
 * A command's words, read strictly (an unknown option is refused): its positionals and `options`, and
 * `refuse`, which prints `usage` with what was wrong and ends the command.
 */
export function readCommand<const O extends ParseArgsOptionsConfig>(usage: string, options: O) {
  // What is wrong comes first, on a line of its own, then how the command is written.
  const refuse: Refuse = (why = '') => {
    console.error(why ? `${why}\n${usage}` : usage);
    process.exit(2);
  };
  try {
    const { values, positionals } = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
    return { values, positionals, refuse };
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
}

/** `--by`, the operator who runs the command, as an e-mail address; refused otherwise. */
export function byOption(by: string | undefined, refuse: Refuse): string {
  if (!looksLikeEmail(by)) refuse('--by names the operator who runs the command, by e-mail');
  return by;
}

/** The text as the console takes a reason (trimmed), or the console's message when it would refuse it. */
export function checkedReason(value: string | undefined): { reason: string } | { problem: string } {
  const checked = v.safeParse(reasonSchema, value ?? '');
  return checked.success ? { reason: checked.output } : { problem: checked.issues[0].message };
}

/** The text of `--reason` as the console takes it; refused with the console's message otherwise. */
export function reasonOption(reason: string | undefined, refuse: Refuse): string {
  const checked = checkedReason(reason);
  if ('problem' in checked) refuse(`--reason: ${checked.problem}`);
  return checked.reason;
}

/** Firebase Auth for the project the commands work on, and where that is; or what is wrong with the settings. */
export function commandAuth(): { auth: Auth; where: string } | { problem: string } {
  const target = identityTarget(processEnv());
  if ('problem' in target) return target;
  const { projectId, emulatorHost } = target;
  if (emulatorHost) authEmulator.use(emulatorHost);
  const app = getApps().find((one) => one.name === projectId) ?? initializeApp({ projectId }, projectId);
  return { auth: getAuth(app), where: `project ${projectId}${emulatorHost ? ` (Auth emulator at ${emulatorHost})` : ''}` };
}

/** commandAuth, or its problem printed and the command ended (exit code 2). */
export function openCommandAuth(): { auth: Auth; where: string } {
  const opened = commandAuth();
  if ('problem' in opened) {
    console.error(opened.problem);
    process.exit(2);
  }
  return opened;
}

/** `--by` names no one who may act now, or Firebase could not be asked. */
export class ActorRefused extends Error {}

/** A Firebase call of the check; any failure but an unknown account says Firebase could not be asked. */
async function askFirebase<T>(email: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      throw new ActorRefused(`No account signs in with ${email}; --by names the operator who runs the command.`);
    }
    throw new ActorRefused(
      `Could not ask Firebase whether ${email} is an operator: ${(error as Error).message}. Locally, the Auth emulator must be running (npm run dev starts it).`,
    );
  }
}

/** Whether any account of the project holds the operator role (the accounts are read a page at a time). */
async function anyOperator(auth: Pick<Auth, 'listUsers'>): Promise<boolean> {
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    if (page.users.some((user) => user.customClaims?.['operator'] === true)) return true;
    pageToken = page.pageToken;
  } while (pageToken);
  return false;
}

/**
 * The operator named by `--by`. `firstOperator` is true when the command gives the operator role to
 * that same address: then, while no account holds the role, they may act without it.
 */
export async function actingOperator(
  auth: Pick<Auth, 'getUserByEmail' | 'listUsers'>,
  email: string,
  { firstOperator = false }: { firstOperator?: boolean } = {},
): Promise<Caller> {
  const user = await askFirebase(email, () => auth.getUserByEmail(email));
  if (user.disabled) throw new ActorRefused(`${email} is disabled; --by names the operator who runs the command.`);
  const caller: Caller = { uid: user.uid, email: user.email ?? email, name: user.displayName ?? null, picture: null };
  if (user.customClaims?.['operator'] === true) return caller;
  if (firstOperator && !(await askFirebase(email, () => anyOperator(auth)))) return caller;
  throw new ActorRefused(
    `${email} is not an operator; --by names the operator who runs the command (only a project's first operator may name themselves, while no one holds the role).`,
  );
}

/** The same address, as Firebase compares sign-in e-mails. */
export const sameAddress = (one: string, other: string) => one.trim().toLowerCase() === other.trim().toLowerCase();

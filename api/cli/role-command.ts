/**
 * Grants or revokes a staff role for the role commands (guide-role-cli.ts, staff-role-cli.ts) and
 * says what changed. Every change names the operator who makes it (`--by`) and why (`--reason`), and
 * is in the record of operator actions (operator-command.ts says how `--by` is checked). The record
 * goes to the API's database (operator-db.ts finds it, beside a running API as without one).
 */
import { ROLE_WITH_ARTICLE } from '../../shared/contract/ops-requests.ts';
import { withOperatorDb } from '../db/operator-db.ts';
import { actingOperator, commandAuth, ActorRefused, sameAddress } from './operator-command.ts';
import { changeStaffRole, describeAccount, UnknownEmail, UnverifiedEmail, type StaffRole } from './staff-role.ts';

export interface RoleRequest {
  action: 'grant' | 'revoke';
  email: string;
  role: StaffRole;
  /** The operator who acts (`--by`). */
  by: string;
  reason: string;
}

/** Changes the role and prints the outcome; the exit code to end with (0 done, 1 refused or failed, 2 bad settings). */
export async function changeRole({ action, email, role, by, reason }: RoleRequest): Promise<number> {
  const opened = commandAuth();
  if ('problem' in opened) {
    console.error(opened.problem);
    return 2;
  }
  const { auth, where } = opened;
  try {
    const firstOperator = action === 'grant' && role === 'operator' && sameAddress(by, email);
    const operator = await actingOperator(auth, by, { firstOperator });
    const change = await withOperatorDb((db) => changeStaffRole(db, auth, operator, { email, role, holds: action === 'grant', reason }));
    const who = `${email} (${describeAccount(change)})`;
    const name = ROLE_WITH_ARTICLE[role];
    if (action === 'grant') console.log(change.changed ? `${who} is now ${name} in ${where}.` : `${who} already is ${name} in ${where}.`);
    else console.log(change.changed ? `${who} is no longer ${name} in ${where}.` : `${who} was not ${name} in ${where}.`);
    return 0;
  } catch (error) {
    const known = error instanceof UnknownEmail || error instanceof UnverifiedEmail || error instanceof ActorRefused;
    console.error(known ? error.message : `Could not change the ${role} role: ${(error as Error).message}`);
    return 1;
  }
}
